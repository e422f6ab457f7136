"""Issue 37, item 2: turn cards go first. The render pool hands the executor no more jobs
than it has workers; the rest wait in the pool, the board of a move just committed
(`urgent`) ahead of boards only looked at, each kind in arrival order; a waiter that is
cancelled gives its turn to the next."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

from service_testutil import PLAYERS, SEED

import rules
from service import BoardPool
from service.render_pool import default_workers


class Gate:
    """A renderer that records the order it draws in and holds the first job until
    `release` is set."""

    def __init__(self) -> None:
        self.order: list[str] = []
        self.release = threading.Event()

    def __call__(self, state: rules.State, view: str, lang: str) -> bytes:
        if not self.order:
            self.release.wait(10)
        self.order.append(lang)
        return lang.encode()


async def test_urgent_boards_overtake_the_waiting_ones() -> None:
    gate = Gate()
    pool = BoardPool(gate, executor=ThreadPoolExecutor(max_workers=1))
    state = rules.new_game(rules.load_edition(), list(PLAYERS), SEED)
    try:
        first = asyncio.ensure_future(pool.render(state, "full", "busy"))
        await asyncio.sleep(0.05)  # the one worker is taken
        looked = [asyncio.ensure_future(pool.render(state, "full", f"look{i}")) for i in range(3)]
        await asyncio.sleep(0)
        gone = asyncio.ensure_future(pool.render(state, "card", "cancelled", urgent=True))
        await asyncio.sleep(0)
        cards = [asyncio.ensure_future(pool.render(state, "card", f"card{i}", urgent=True))
                 for i in range(2)]
        await asyncio.sleep(0.05)
        assert pool._busy == 1 and len(pool._waiting) == 6  # none handed to the executor
        gone.cancel()
        gate.release.set()
        assert await asyncio.gather(first, *looked, *cards) == [
            b"busy", b"look0", b"look1", b"look2", b"card0", b"card1"]
        assert gate.order == ["busy", "card0", "card1", "look0", "look1", "look2"]
        assert pool._busy == 0 and not pool._waiting
    finally:
        pool.close()


def test_the_default_worker_count_follows_the_cores() -> None:
    assert [default_workers(n) for n in (1, 2, 3, 8, 64)] == [1, 2, 3, 4, 4]
