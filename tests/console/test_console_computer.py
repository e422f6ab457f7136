"""`/game new players:3 bots:2 level:easy` in the console: a whole game of one human and
two computer players, whose turns the table prints before the next prompt; `/hint`."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import rules
from console import Console
from service import GameService
from service.computer import Thinker
from store import GameStore

FAST = {"sample": 2, "width": 0, "follow": 1, "seconds": None, "noise": 0.0}


def fake_png(state: rules.State, view: str, lang: str) -> bytes:
    return b"\x89PNG fake"


@pytest.fixture
async def console(tmp_path: Path) -> AsyncIterator[tuple[Console, list[str]]]:
    store = await GameStore.open(tmp_path / "console.sqlite3")
    service = GameService(store, renderer=fake_png)
    service.use_thinker(Thinker(processes=False, budget=FAST, hint_budget=FAST))
    lines: list[str] = []
    try:
        yield Console(service, boards=tmp_path / "boards", out=lines.append), lines
    finally:
        service.close()
        await store.close()


async def test_one_human_and_two_bots_in_the_console(
        console: tuple[Console, list[str]]) -> None:
    table, lines = console
    assert await table.handle("/game new players:3 bots:2 level:easy seed:5")
    game = await table.service.game(1)
    assert game.player_ids == ("ann", "cpu1", "cpu2")
    await table.service.computers_idle()
    lines.clear()
    assert await table.handle("/hint")
    assert lines and lines[-1].startswith("Suggestion: ")
    for _ in range(1500):
        game = await table.service.game(1)
        if game.status == "finished":
            break
        assert await table.service.deciding(1) == "ann"
        assert await table.handle("/act 1")
    assert game.status == "finished"
    # the computers' turns printed, each seat by its name, never its id (issue 13)
    assert any(line.startswith("Computer 1 (easy): ") for line in lines)
    assert not any("cpu1" in line or "cpu2" in line for line in lines)
    lines.clear()
    assert await table.handle("/log")
    assert lines[0] == "Computer players: Computer 1 (easy), Computer 2 (easy)."


async def test_replace_by_vote_and_reclaim_in_the_console(
        console: tuple[Console, list[str]]) -> None:
    table, lines = console
    assert await table.handle("/game new players:3 names:ann,ben,cem seed:5")
    lines.clear()
    # ben asks to hand cem's seat to a computer: ann and ben remain, both must agree.
    assert await table.handle("as ben /game replace player:cem level:easy")
    assert lines[-1] == ("For handing cem's seat to a computer: ben. 2 of the remaining "
                         "players must agree. No answer yet from: ann.")
    assert await table.handle("as cem /game replace yes")  # not theirs to answer
    assert lines[-1] == ("! cem, this vote is about your seat: the others decide it. "
                         "Your next move ends it.")
    assert await table.handle("as ann /game replace yes")
    assert lines[-1] == ("A computer player (easy) now plays for cem in game 1; "
                         "/game reclaim gives the seat back.")
    # Play on: cem's decisions are the computer's, and named so.
    for _ in range(30):
        if await table.service.deciding(1) == "cem":
            break
        assert await table.handle("/act 1")
    log = await table.service.store.read_log(1)
    assert any(a.player_id == "cem" for a in log)
    assert any("cem (computer)" in line for line in lines)
    assert await table.handle("as cem /game reclaim")
    assert lines[-1] == "cem plays their own seat again in game 1."
    lines.clear()
    assert await table.handle("/log")
    assert any(line.startswith("cem's seat was played by a computer (easy) from move ")
               for line in lines)


async def test_add_bot_in_the_console_lobby(console: tuple[Console, list[str]]) -> None:
    table, lines = console
    assert await table.handle("/game new players:3 names:ann,ben,cem start:no")
    assert await table.handle("as ann /game leave name:cem")
    assert await table.handle("/game add-bot level:strong")
    assert lines[-1] == "Computer 1 (strong) takes a seat in game 1."
