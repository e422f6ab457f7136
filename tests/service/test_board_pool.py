"""The render pool survives its workers, a failed render never fails a committed move, and
replays never hold up turn boards."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from concurrent.futures import ThreadPoolExecutor

from service_testutil import PLAYERS, SEED, fake_png

import rules
from service import CONSOLE, BoardPool, GameService, render_board
from store import GameStore

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def small_state() -> rules.State:
    return rules.new_game(rules.load_edition(), list(PLAYERS), SEED)


async def test_a_killed_render_worker_is_replaced_and_the_render_retried() -> None:
    pool = BoardPool(render_board)
    try:
        state = small_state()
        assert (await pool.render(state, "map")).startswith(PNG_MAGIC)
        workers = list(pool.executor._processes)  # type: ignore[attr-defined]
        assert workers
        for pid in workers:  # what the OOM killer does to a worker in a big render
            os.kill(pid, signal.SIGKILL)
        await asyncio.sleep(0.3)  # the pool notices its dead workers and breaks
        assert (await pool.render(state, "map")).startswith(PNG_MAGIC)
        assert pool.replaced == 1
        assert (await pool.render(state, "map")).startswith(PNG_MAGIC)  # and stays healthy
    finally:
        pool.close()


class Failing:
    """A renderer that fails while `broken` is set (a worker that keeps dying)."""

    def __init__(self) -> None:
        self.broken = False
        self.calls = 0

    def __call__(self, state: rules.State, view: str, lang: str) -> bytes:
        self.calls += 1
        if self.broken:
            raise MemoryError("render worker ran out of memory")
        return fake_png(state, view, lang)


async def test_a_render_that_fails_after_the_commit_does_not_fail_the_move(
        tmp_path: object) -> None:
    store = await GameStore.open(f"{tmp_path}/pool.sqlite3")
    renderer = Failing()
    service = GameService(store, renderer=renderer)
    try:
        game = await service.create_game(CONSOLE, PLAYERS[0], "Ann", seats=3, seed=SEED)
        for pid in PLAYERS[1:]:
            game = await service.join(game.id, pid, pid)
        renderer.broken = True
        started = await service.start(game.id, PLAYERS[0])  # committed: it must not raise
        assert started.board is None and started.game.status == "running"
        assert (await store.get_game(game.id)).owes_turn_post
        player = rules.current_player(started.state)
        assert player is not None
        legal = await service.legal(game.id, player)
        result = await service.act(game.id, player, legal.actions[0])  # a draft pick ends a turn
        assert result.turn_passed and result.board is None
        stored = await store.get_game(game.id)
        assert stored.action_count == 1 and stored.owes_turn_post
        renderer.broken = False  # the owed post draws the board once rendering works again
        post = await service.turn_post(game.id)
        assert post.board
    finally:
        service.close()
        await store.close()


async def test_a_turn_board_does_not_wait_behind_replays() -> None:
    release = threading.Event()
    replays = ThreadPoolExecutor(max_workers=1)
    pool = BoardPool(fake_png, replay_executor=replays)
    blocker = replays.submit(release.wait)  # a long replay occupying the replay worker
    try:
        state = small_state()
        board = await asyncio.wait_for(pool.render(state, "map"), 2)
        assert board == fake_png(state, "map", "en") and not blocker.done()
    finally:
        release.set()
        pool.close()


def test_replay_worker_is_a_fresh_process_each_time() -> None:
    from service.render_pool import make_replay_executor

    executor = make_replay_executor("process")
    try:
        first = executor.submit(os.getpid).result(30)
        second = executor.submit(os.getpid).result(30)
        assert first != second  # the memory of one replay is given back before the next
    finally:
        executor.shutdown(wait=True)
