"""Resuming the console (issue 30 item 13, issue 31 item 14): a computer that owes a move
plays it at once, without anyone typing `/act` for it; of two open games the one played
last is resumed and the other named; a second `/game new` says the open one stays open."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from console_testutil import fake_png

import rules
from console import Console
from service import CONSOLE, GameService
from service.computer import Thinker
from store import GameStore

FAST = {"sample": 2, "width": 0, "follow": 1, "noise": 0.0}


class Stuck(Thinker):
    """A computer that never finishes thinking: the session ends while it owes a move."""

    async def choose(self, *args: object, **kwargs: object) -> str:
        await asyncio.Event().wait()
        raise AssertionError("unreachable")


async def _session(db: Path, boards: Path, thinker: Thinker
                   ) -> tuple[GameStore, GameService, Console, list[str]]:
    store = await GameStore.open(db)
    service = GameService(store, renderer=fake_png)
    service.use_thinker(thinker)
    lines: list[str] = []
    return store, service, Console(service, boards=boards, out=lines.append), lines


def _computer_first_seed() -> int:
    for seed in range(1, 100):
        state = rules.new_game(rules.load_edition(), ["ann", "cpu1", "cpu2"], seed)
        if rules.current_player(state) != "ann":
            return seed
    raise AssertionError("no seed where a computer decides first")


async def test_a_resumed_game_whose_computer_owes_a_move_plays_it_without_act(
        tmp_path: Path) -> None:
    db, boards = tmp_path / "console.sqlite3", tmp_path / "boards"
    store, service, _, _ = await _session(db, boards, Stuck(processes=False))
    game = await service.create_game(CONSOLE, "ann", "ann", seats=3, bots=2, bot_level="easy",
                                     seed=_computer_first_seed())
    await service.start(game.id, "ann")
    await asyncio.sleep(0.05)  # the computer starts thinking, and never ends
    owed = await service.deciding(game.id)
    assert owed.startswith("cpu")
    service.stop_computers()
    await asyncio.sleep(0)
    service.close()
    await store.close()

    store, service, console, lines = await _session(
        db, boards, Thinker(processes=False, budget=FAST, hint_budget=FAST))
    try:
        await console.resume()
        game = await service.game(game.id)
        decider = await service.deciding(game.id)
    finally:
        service.close()
        await store.close()
    assert game.action_count >= 1, lines  # played at resume, nobody typed /act
    assert decider == "ann", lines
    assert any(line.startswith("Computer ") and ": " in line for line in lines), lines
    assert any(line.startswith("Next: ann") for line in lines), lines


@pytest.mark.parametrize("played", [1, 2])
async def test_resume_picks_the_open_game_played_last_and_names_the_other(
        tmp_path: Path, played: int) -> None:
    db, boards = tmp_path / "console.sqlite3", tmp_path / "boards"
    store, service, console, lines = await _session(db, boards, Thinker(processes=False))
    try:
        assert await console.handle("/game new players:2 seed:1")
        lines.clear()
        assert await console.handle("/game new players:3 seed:2")
        assert lines[0] == ("Game 1 stays open as it is: /game switch game:1 goes back to "
                            "it."), lines
        assert await console.handle(f"/game switch game:{played}")
        assert await console.handle("/act 1")
    finally:
        service.close()
        await store.close()
    store, service, console, lines = await _session(db, boards, Thinker(processes=False))
    try:
        await console.resume()
    finally:
        service.close()
        await store.close()
    other = 3 - played
    assert lines[0] == f"Resuming game {played}.", lines
    assert lines[1] == f"Game {other} is open too: /game switch game:{other} goes to it.", lines
    assert console.game_id == played


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
async def test_the_first_words_suggest_playing_against_computers(
        tmp_path: Path, lang: str) -> None:
    """A newcomer most likely wants computers to play against (issue 31 item 14): the
    first thing said at an empty table offers that game first."""
    store = await GameStore.open(tmp_path / "console.sqlite3")
    service = GameService(store, renderer=fake_png)
    lines: list[str] = []
    try:
        await Console(service, lang=lang, boards=tmp_path, out=lines.append).resume()
    finally:
        service.close()
        await store.close()
    (said,) = lines
    first = said.index("/game new")
    assert said[first:].startswith("/game new players:3 bots:2"), said
    assert "/game new players:1 level:" in said, said


@pytest.mark.parametrize(("lang", "discord_words"), [
    ("en", ("button", "menu", "suggestions of /act")),
    ("de", ("Knöpfe", "Menü", "/zug")),
    ("fr", ("bouton", "menu", "/jouer")),
])
async def test_rules_are_written_for_the_console_and_listed_in_help(
        tmp_path: Path, lang: str, discord_words: tuple[str, ...]) -> None:
    """`/rules` printed Discord's aid: its markdown and how to pick a choice there
    (issue 31 item 14)."""
    store = await GameStore.open(tmp_path / "console.sqlite3")
    service = GameService(store, renderer=fake_png)
    lines: list[str] = []
    console = Console(service, lang=lang, boards=tmp_path, out=lines.append)
    try:
        assert await console.handle("/rules")
        rules_text = "\n".join(lines)
        lines.clear()
        assert await console.handle("/help")
        help_text = "\n".join(lines)
    finally:
        service.close()
        await store.close()
    assert len(rules_text) > 800 and "/legal" in rules_text and "/act 3" in rules_text
    assert "*" not in rules_text, rules_text
    assert not [w for w in discord_words if w in rules_text], rules_text
    assert "\n  /rules " in help_text, help_text


async def test_a_follow_up_decision_lists_its_choices_at_once(tmp_path: Path) -> None:
    """A route card, a card from the display, a promotion...: the choices are listed with
    the decision, numbered as /legal numbers them, as Discord shows its buttons (issue 31
    item 14); a turn's main decision is left to /legal."""
    from console_testutil import scripted_game

    store = await GameStore.open(tmp_path / "console.sqlite3")
    service = GameService(store, renderer=fake_png)
    lines: list[str] = []
    console = Console(service, boards=tmp_path, out=lines.append)
    log, _ = scripted_game()
    listed = unlisted = 0
    try:
        assert await console.handle("/game new players:3 names:ann,ben,cem seed:1")
        for _, action in log[:80]:
            lines.clear()
            assert await console.handle(f"/act {action}")
            nexts = [i for i, line in enumerate(lines) if line.startswith("Next: ")]
            if not nexts:
                continue
            after = lines[nexts[-1] + 1:]
            if "play a card, take back or take the grant" in lines[nexts[-1]]:
                assert after == [], lines
                unlisted += 1
                continue
            legal = [line for line in "\n".join(
                await _legal(console)).splitlines() if line.startswith("  ")]
            if len(legal) <= 24:
                assert [line for line in after if line.startswith("  ")] == legal, lines
                listed += 1
    finally:
        service.close()
        await store.close()
    assert listed >= 3 and unlisted >= 3, (listed, unlisted)


async def _legal(console: Console) -> list[str]:
    out: list[str] = []
    saved, console.out = console.out, out.append
    try:
        assert await console.handle("/legal")
    finally:
        console.out = saved
    return out


async def test_handing_the_last_human_seat_to_a_computer_asks_first(tmp_path: Path) -> None:
    """The last human seat handed to a computer played the whole rest of the game at once
    and /game reclaim then said it was over (issue 31 item 14): the console asks first."""
    store = await GameStore.open(tmp_path / "console.sqlite3")
    service = GameService(store, renderer=fake_png)
    service.use_thinker(Thinker(processes=False, budget=FAST, hint_budget=FAST))
    lines: list[str] = []
    console = Console(service, boards=tmp_path, out=lines.append)
    try:
        assert await console.handle("/game new players:3 bots:2 level:easy seed:5")
        before = await service.game(1)
        lines.clear()
        assert await console.handle("/game replace player:ann")
        asked = "\n".join(lines)
        after = await service.game(1)
        assert after.version == before.version and not after.settings.get("replaced")
        assert asked.startswith("! ann holds the last seat a person plays"), asked
        assert asked.endswith("/game replace player:ann confirm:yes"), asked
        assert await console.handle("/game replace player:ann confirm:yes")
        done = await service.game(1)
    finally:
        service.close()
        await store.close()
    assert "ann" in done.settings["replaced"] and done.status == "finished"
