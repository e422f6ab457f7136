"""The service hands the renderer the players' names and, with a turn post, what the whole
turn changed on the map (issue 14): ids never reach a board, the turn's builds are marked."""

from __future__ import annotations

from pathlib import Path

import pytest
from service_testutil import PLAYERS, SEED, FixedClock, first_choice_game

import rules
from rules import MapChanges, map_changes
from service import CONSOLE, GameService
from store import GameStore

Call = tuple[str, dict[str, str] | None, MapChanges | None]


class Recorder:
    """A renderer that takes names and changes, as render.board does, and remembers them."""

    def __init__(self) -> None:
        self.calls: list[Call] = []

    def __call__(self, state: rules.State, view: str, lang: str,
                 names: dict[str, str] | None = None,
                 changes: MapChanges | None = None) -> bytes:
        self.calls.append((view, names, changes))
        return b"PNG"


@pytest.fixture
async def recorded(tmp_path: Path):  # type: ignore[no-untyped-def]
    store = await GameStore.open(tmp_path / "story.sqlite3")
    recorder = Recorder()
    service = GameService(store, clock=FixedClock(), renderer=recorder)
    try:
        yield service, recorder
    finally:
        service.close()
        await store.close()


async def _started(service: GameService) -> int:
    game = await service.create_game(CONSOLE, PLAYERS[0], "Ann Avery", seats=3, seed=SEED)
    for pid in PLAYERS[1:]:
        game = await service.join(game.id, pid, pid.title())
    await service.start(game.id, game.host_id)
    return game.id


async def test_every_board_gets_the_display_names(recorded) -> None:  # type: ignore[no-untyped-def]
    service, recorder = recorded
    game_id = await _started(service)
    await service.board(game_id, view="card")
    names = {"ann": "Ann Avery", "ben": "Ben", "cem": "Cem"}
    assert recorder.calls and all(c[1] == names for c in recorder.calls)
    assert recorder.calls[-1][0] == "card"


async def test_a_turn_post_marks_what_the_whole_turn_changed(recorded) -> None:  # type: ignore[no-untyped-def]
    service, recorder = recorded
    game_id = await _started(service)
    state = rules.new_game(rules.load_edition(), list(PLAYERS), SEED)
    turn_start = state
    checked = 0
    for player, notation in first_choice_game()[:80]:
        before = len(recorder.calls)
        result = await service.act(game_id, player, notation)
        after = rules.apply(state, player, notation)
        if result.turn_passed:
            view, _names, changes = recorder.calls[before]
            assert view == "full"
            assert changes == map_changes(turn_start, after)
            checked += bool(changes)
            turn_start = after
        else:
            assert len(recorder.calls) == before  # no board mid-turn
        state = after
    assert checked >= 3  # turns that built or moved something were marked


async def test_after_a_restart_the_turn_start_is_replayed(recorded, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    service, recorder = recorded
    game_id = await _started(service)
    moves = first_choice_game()
    state = rules.new_game(rules.load_edition(), list(PLAYERS), SEED)
    turn_start = state
    i = 0
    for player, notation in moves:
        i += 1
        result = await service.act(game_id, player, notation)
        after = rules.apply(state, player, notation)
        state = after
        if result.turn_passed:
            turn_start = after
        elif i > 30:
            break
    service.repo.turn_starts = type(service.repo.turn_starts)()  # a restarted bot remembers nothing
    while True:
        player, notation = moves[i]
        i += 1
        before = len(recorder.calls)
        result = await service.act(game_id, player, notation)
        after = rules.apply(state, player, notation)
        state = after
        if result.turn_passed:
            assert recorder.calls[before][2] == map_changes(turn_start, after)
            break


async def test_a_solo_turn_board_marks_the_humans_turn_and_the_autobots(recorded) -> None:  # type: ignore[no-untyped-def]
    from rules.bots import RandomBot

    service, recorder = recorded
    game = await service.create_game(CONSOLE, "u1", "Ann Avery", seed=4, solo_level=3)
    await service.start(game.id, "u1")
    human = RandomBot(4)
    turn_start = await service._state(await service.game(game.id))
    checked = 0
    for _ in range(60):
        state = await service._state(await service.game(game.id))
        before = len(recorder.calls)
        result = await service.act(game.id, "u1", str(human.choose(state, "u1")))
        if result.turn_passed:
            view, names, changes = recorder.calls[before]
            assert view == "full" and names is not None and names["u1"] == "Ann Avery"
            assert changes == map_changes(turn_start, result.state)
            checked += bool(changes)
            turn_start = result.state
        if result.over:
            break
    assert checked >= 3
