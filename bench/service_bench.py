"""Service figures (issue 6): event-loop lag while boards render in a thread pool versus a
process pool, and the latency of one act (rules + store transaction + render).

    python bench/service_bench.py
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules
from service import CONSOLE, BoardPool, GameService
from service.render_pool import make_executor
from store import GameStore


def states(n: int) -> list[rules.State]:
    state = rules.new_game(rules.load_edition(), ["ann", "ben", "cem"], 1)
    out = []
    while len(out) < n and not rules.is_over(state):
        p = rules.current_player(state)
        state = rules.apply(state, p, rules.legal_actions(state, p)[0])
        out.append(state)
    return out


async def lag_during_renders(kind: str, jobs: list[rules.State]) -> tuple[float, float, float]:
    pool = BoardPool(executor=make_executor(kind, workers=4))
    await pool.render(jobs[0])  # warm the workers (and their background cache)
    lags: list[float] = []
    stop = False

    async def probe() -> None:
        while not stop:
            t = time.perf_counter()
            await asyncio.sleep(0.001)
            lags.append((time.perf_counter() - t - 0.001) * 1000)

    task = asyncio.create_task(probe())
    t0 = time.perf_counter()
    for i in range(0, len(jobs), 4):
        await asyncio.gather(*(pool.render(s) for s in jobs[i:i + 4]))
    wall = (time.perf_counter() - t0) * 1000 / len(jobs)
    stop = True
    await task
    pool.close()
    lags.sort()
    return statistics.median(lags), lags[int(len(lags) * 0.99)], wall


async def act_latency() -> tuple[float, float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        store = await GameStore.open(Path(tmp) / "bench.sqlite3")
        service = GameService(store)
        game = await service.create_game(CONSOLE, "ann", "ann", seats=3, seed=1)
        for p in ("ben", "cem"):
            await service.join(game.id, p, p)
        await service.start(game.id, "ann")
        plain, with_board = [], []
        while True:
            player, actions, _ = await service.legal(game.id)
            t = time.perf_counter()
            result = await service.act(game.id, player, actions[0])
            (with_board if result.board else plain).append((time.perf_counter() - t) * 1000)
            if result.over:
                break
        service.close()
        await store.close()
    every = sorted(plain + with_board)
    return statistics.median(plain), statistics.median(with_board), every[int(len(every) * .95)]


async def main() -> None:
    jobs = states(40)
    for kind in ("thread", "process"):
        med, p99, per = await lag_during_renders(kind, jobs)
        print(f"{kind:7s} pool: loop lag median {med:.2f} ms, p99 {p99:.2f} ms; "
              f"{per:.1f} ms wall per board with 4 at a time")
    plain, board, p95 = await act_latency()
    print(f"act: median {plain:.1f} ms without a board, {board:.1f} ms when the turn passes "
          f"(full board rendered); p95 over a whole game {p95:.1f} ms")


if __name__ == "__main__":
    asyncio.run(main())
