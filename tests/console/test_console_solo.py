"""`/game new players:1 level:N` in the console: a whole solo game against the Autobot,
whose turns the table plays and prints itself."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import rules
from console import Console
from service import GameService
from store import GameStore


def fake_png(state: rules.State, view: str, lang: str) -> bytes:
    return b"\x89PNG fake"


@pytest.fixture
async def console(tmp_path: Path) -> AsyncIterator[tuple[Console, list[str]]]:
    store = await GameStore.open(tmp_path / "console.sqlite3")
    service = GameService(store, renderer=fake_png)
    lines: list[str] = []
    try:
        yield Console(service, boards=tmp_path / "boards", out=lines.append), lines
    finally:
        service.close()
        await store.close()


async def test_a_whole_solo_game_in_the_console(console: tuple[Console, list[str]]) -> None:
    table, lines = console
    assert await table.handle("/game new players:1 level:6 seed:3")
    assert "Solo game 1 created against the Autobot, level 6." in lines
    for _ in range(1500):
        game = await table.service.game(1)
        if game.status == "finished":
            break
        legal = await table.service.legal(1)
        assert legal.player == "ann"  # the Autobot never waits for anyone
        assert await table.handle(f"/act {legal.actions[len(lines) % len(legal.actions)]}")
    out = "\n".join(lines)
    # the Autobot's turns told in words (issue 13), never its notation or its id
    assert "Autobot (level 6) draws " in out and "autobot " not in out
    assert (await table.service.game(1)).status == "finished"
    assert lines[-1].startswith("Game over! Final scores: ")


@pytest.mark.parametrize("command", ["/game new players:1 level:13",
                                     "/game new players:2 level:3"])
async def test_a_bad_solo_command_is_refused(console: tuple[Console, list[str]],
                                             command: str) -> None:
    table, lines = console
    assert await table.handle(command)
    assert "level" in lines[-1] or "players" in lines[-1]
    assert "created" not in "\n".join(lines)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "A solo game is played against the Autobot: choose its level, from 1 (the "
           "gentlest) to 12, e.g. /game new players:1 level:4."),
    ("de", "Eine Solopartie spielst du gegen den Autobot: wähle seine Stufe, von 1 (die "
           "leichteste) bis 12, z. B. /game new players:1 level:4."),
    ("fr", "Une partie solo se joue contre l’Autobot\u202f: choisissez son niveau, de 1 (le plus "
           "facile) à 12, p. ex. /game new players:1 level:4."),
])
async def test_one_seat_without_a_level_says_how_to_choose_it(
        console: tuple[Console, list[str]], lang: str, said: str) -> None:
    """Before, it said "level must be 1-12, not '-'", of a value nobody typed."""
    table, lines = console
    table.lang = lang
    assert await table.handle("/game new players:1 names:Anne seed:4")
    assert lines[-1].endswith(said)
    assert await table.service.store.game_ids() == []
    assert await table.handle("/game new players:1 names:Anne seed:4 level:4")
    assert (await table.service.game(1)).settings["solo_level"] == 4


async def test_the_status_of_a_solo_game_gives_the_autobots_points_only(
        console: tuple[Console, list[str]]) -> None:
    table, lines = console
    assert await table.handle("/game new players:1 level:6 seed:3")
    lines.clear()
    assert await table.handle("/status")
    bot = [line for line in lines if line.startswith("Autobot (level 6)")]
    assert bot == ["Autobot (level 6): 0 points"], lines  # it never has money (S-9)
    assert "ann: 10 DM, 0 points" in lines
