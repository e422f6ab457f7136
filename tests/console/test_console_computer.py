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
    assert lines[0] == "Computer players: Computer 1 (easy): easy, Computer 2 (easy): easy."
