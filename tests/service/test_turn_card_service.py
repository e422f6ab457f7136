"""The turn post as the Discord turn card draws it (issue 14): the board in the adapter's
view, and the turn told from the states the move left behind, without a replay of the
whole log."""

from __future__ import annotations

from pathlib import Path

import pytest
from service_testutil import PLAYERS, SEED, FixedClock, random_game

import rules
from service import CONSOLE, GameService
from service import stories as stories_module
from service.errors import BadOption
from store import GameStore


def _png(state: rules.State, view: str, lang: str) -> bytes:
    return f"PNG {view}".encode()


async def _service(tmp_path: Path, **kwargs) -> tuple[GameService, GameStore]:  # type: ignore[no-untyped-def]
    store = await GameStore.open(tmp_path / "card.sqlite3")
    return GameService(store, clock=FixedClock(), renderer=_png, **kwargs), store


async def _started(service: GameService) -> int:
    game = await service.create_game(CONSOLE, PLAYERS[0], "Ann", seats=3, seed=SEED)
    for pid in PLAYERS[1:]:
        game = await service.join(game.id, pid, pid.title())
    await service.start(game.id, game.host_id)
    return game.id


async def test_the_turn_view_draws_every_turn_board_and_board_keeps_full(
        tmp_path: Path) -> None:
    service, store = await _service(tmp_path, turn_view="card")
    try:
        game_id = await _started(service)
        boards = []
        for player, notation in random_game(2)[:40]:
            result = await service.act(game_id, player, notation)
            if result.board is not None:
                boards.append(result.board)
        assert boards and set(boards) == {b"PNG card"}
        assert (await service.turn_post(game_id)).board == b"PNG card"
        assert await service.board(game_id) == b"PNG full"  # /board's default: the desktop
        undone = await service.undo(game_id, "ann", force=True)  # the host may force
        assert undone.board == b"PNG card"
    finally:
        service.close()
        await store.close()


async def test_an_unknown_turn_view_is_refused(tmp_path: Path) -> None:
    store = await GameStore.open(tmp_path / "bad.sqlite3")
    try:
        with pytest.raises(BadOption):
            GameService(store, turn_view="poster")
    finally:
        await store.close()


async def test_the_turn_story_after_a_move_replays_only_that_turn(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    service, store = await _service(tmp_path)
    try:
        game_id = await _started(service)
        applied: list[int] = []
        real = stories_module.steps

        def counted(start, actions, first_seq=1):  # type: ignore[no-untyped-def]
            out = real(start, actions, first_seq)
            applied.append(len(out))
            return out

        monkeypatch.setattr(stories_module, "steps", counted)
        told = begun = 0
        for player, notation in random_game(1)[:60]:
            result = await service.act(game_id, player, notation)
            if not result.turn_passed:
                continue
            applied.clear()
            fast = await service.turn_story(game_id, "de")
            assert applied == [result.move - begun]  # the turn's actions, not the whole log
            # the same lines as the whole log replayed (what a restart or /log does)
            service.repo.turn_starts = type(service.repo.turn_starts)()
            applied.clear()
            slow = await service.turn_story(game_id, "de")
            assert applied == [result.move] and fast == slow and fast
            service.repo.turn_starts.remember(game_id, result.move, result.version,
                                              result.state)  # type: ignore[arg-type]
            told += 1
            begun = result.move
        assert told >= 5 and begun > 20
    finally:
        service.close()
        await store.close()


async def test_an_undo_in_between_falls_back_to_the_replay(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    service, store = await _service(tmp_path)
    try:
        game_id = await _started(service)
        log = random_game(1)
        n = 0
        while True:  # up to the first turn the host passed
            player, notation = log[n]
            n += 1
            if (await service.act(game_id, player, notation)).turn_passed and player == "ann":
                break
        await service.undo(game_id, "ann", force=True)
        applied: list[int] = []
        real = stories_module.steps
        monkeypatch.setattr(stories_module, "steps", lambda s, a, f=1: (
            out := real(s, a, f), applied.append(len(out)))[0])
        await service.turn_story(game_id, "en")
        game = await service.game(game_id)
        assert applied == [game.action_count]  # the whole (shorter) log, not a stale turn
    finally:
        service.close()
        await store.close()
