"""What the console tells a table when a game starts and who a seat is (issue 31, items 1,
6 and 7): computer seats by name in `/legal`, a full lobby that invites nobody, and a start
that says who drafts first and who plays first."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from console import Console
from service import GameService
from service.computer import Thinker
from store import GameStore
from tests.console.console_testutil import Table, fake_png

FAST = {"sample": 2, "width": 0, "follow": 1, "seconds": None, "noise": 0.0}


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    store = await GameStore.open(tmp_path / "console.sqlite3")
    service = GameService(store, renderer=fake_png)
    service.use_thinker(Thinker(processes=False, budget=FAST, hint_budget=FAST))
    lines: list[str] = []
    console = Console(service, lang="de", boards=tmp_path / "boards", out=lines.append)
    try:
        yield Table(console, lines)
    finally:
        service.close()
        await store.close()


async def test_a_computer_seat_is_named_in_legal(table: Table) -> None:
    await table("/game new players:3 bots:2 seed:7 names:Anna")
    out = await table("as cpu1 /legal")
    assert out == "Computer 1 (normal) hat gerade nichts zu entscheiden."


async def test_the_start_tells_the_draft_and_the_turn_order(table: Table) -> None:
    out = await table("/game new players:3 seed:7 names:Anna,Ben,Cem")
    service = table.console.service
    state = await service.state_at(1)
    first, drafter = state.order[0], state.order[-1]
    assert (f"Zugreihenfolge: {', '.join(state.order)}. Zuerst werden die Routenkarten in "
            f"umgekehrter Reihenfolge gewählt, {drafter} wählt also zuerst; dann macht "
            f"{first} den ersten Zug.") in out
    assert "fängt an" not in out


async def test_a_solo_start_is_the_player_against_the_autobot(table: Table) -> None:
    out = await table("/game new players:1 level:3 seed:2 names:Ann")
    assert "Solopartie 1 gegen den Autobot erstellt, Stufe 3" in out
    assert "Ann gegen den Autobot (Stufe 3). Ann wählt zuerst eine Routenkarte" in out
    assert "1 Spieler" not in out


async def test_a_full_lobby_waits_for_the_start_not_for_players(table: Table) -> None:
    out = await table("/game new players:3 bots:2 names:Anna start:no")
    assert "Partie 1 ist voll besetzt: Anna, Computer 1 (normal), Computer 2 (normal)." in out
    assert "wartet auf Spieler" not in out and "/game start" in out


async def test_bots_out_of_range_are_said_of_bots(table: Table) -> None:
    """`bots:-1` was refused as "names must be one name per seat … not 'ann,ben,cem,dan'"."""
    out = await table("/game new players:3 bots:-1")
    assert out == "! „-1“ passt nicht zu bots: erwartet wird 0-2."


async def test_status_shows_an_undo_vote_still_open(table: Table) -> None:
    """An undo request waiting for answers was shown nowhere but in the answer to the
    asker (issue 31, item 13)."""
    from tests.console.console_testutil import first_turn_end, scripted_game

    log, _ = scripted_game()
    cut = first_turn_end(log)
    player = log[cut - 1][0]
    await table("/game new players:3 names:ann,ben,cem seed:1",
                *(f"/act {a}" for _, a in log[:cut]))
    out = await table(f"as {player} /undo", "/status")
    others = [p for p in ("ann", "ben", "cem") if p != player]
    assert (f"Offene Abstimmung: {player} möchte 1 Aktion zurücknehmen; noch keine Antwort "
            f"von {', '.join(others)}.") in out
    out = await table(f"as {others[0]} /undo accept", "/status")
    assert f"noch keine Antwort von {others[1]}." in out
    out = await table(f"as {others[1]} /undo refuse", "/status")
    assert "Offene Abstimmung" not in out.split("abgelehnt")[-1]
