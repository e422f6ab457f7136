"""Taking a move back at a table with computers (issue 30 item 11, rules/RULES.md "Taking a
move back"): the human takes back their own move and with it the computers' replies, which
are named as the computers'; a computer's choice is a pure function of the position and the
game's seed, so undoing and playing the same move again gets the same replies, and neither
`/undo` nor `/undo force` can re-draw them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import rules
from console import Console
from service import GameService
from service.computer import Thinker
from store import GameStore

# sample=2: each decision draws two candidates by its seed, so a re-seeded decision differs
FAST = {"sample": 2, "width": 0, "follow": 1, "noise": 0.0}


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


async def _log(table: Console) -> list[tuple[str, str]]:
    return [(a.player_id, a.notation) for a in await table.service.repo.store.read_log(1)]


async def _play_ann(table: Console, command: str = "/act 1") -> None:
    assert await table.service.deciding(1) == "ann"
    assert await table.handle(command)
    await table.service.computers_idle()


@pytest.mark.parametrize("force", [False, True], ids=["undo", "undo-force"])
async def test_undo_takes_back_the_computers_replies_named_as_theirs_and_never_redraws_them(
        console: tuple[Console, list[str]], force: bool) -> None:
    table, lines = console
    assert await table.handle("/game new players:3 bots:2 level:easy seed:5")
    await table.service.computers_idle()
    for _ in range(12):  # a dozen of ann's decisions, each with the computers' replies
        before = await _log(table)
        await _play_ann(table)
        played = await _log(table)
        replies = played[len(before) + 1:]
        if await table.service.deciding(1) != "ann" or not replies:
            await _play_ann(table)  # a decision without replies: on to the next one
            continue
        lines.clear()
        assert await table.handle("/undo force" if force else "/undo")
        # no vote: nobody but computers could be asked, and computers have no say
        assert await _log(table) == before, lines
        said = "\n".join(lines)
        assert "took back 1 action:" in said, said  # ann's one move, not hers and theirs
        count = len(replies)
        assert (f"The {count} replies that followed are taken back too:" if count > 1
                else "The reply that followed is taken back too:") in said, said
        assert "Computer 1 (easy): " in said or "Computer 2 (easy): " in said, said
        # the same move again: the same replies, whoever drove them and whenever
        await _play_ann(table)
        assert await _log(table) == played
        if (await table.service.game(1)).status != "running":
            break
    assert len(await _log(table)) > 20
