"""Turn cards under load (issue 37, item 2): the card's latency with 1 and with 16
commands in flight, through the real render pool.

    nice -n 5 python bench/card_bench.py [--in-flight 1,16] [--commands 480] [--workers N]

The service (SQLite in a temporary file, the Discord bot's turn view "card") with a
`BoardPool` of `--workers` processes (default: `default_workers()`, one per core). For each
level, that many command streams play games of 2–4 players by seeded random choices, each
stream its own games; a command's latency is that of `GameService.act`, rules, store
transaction and, when the turn passes, the card drawn. Every fifth command a stream also
asks a `/board view:full` without waiting for it (the load a busy channel adds; it queues
behind the cards, `BoardPool`'s priority). Reported: the card commands' p50/p95/max, the
ratio of the p95 at each level to the p95 with one in flight, the CPU load of the machine
(1-minute load average before and after) and how many cores it has.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from service import GameService
from service.render_pool import BoardPool, default_workers, make_executor
from service.repository import Place
from store import GameStore

LANGS = ("en", "de", "fr")


async def new_game(service: GameService, n: int) -> int:
    players = 2 + n % 3
    game = await service.create_game(Place(1, 50_000 + n), f"h{n}", "Host", seats=players,
                                     seed=n, language=LANGS[n % 3])
    for i in range(1, players):
        await service.join(game.id, f"p{n}-{i}", f"P{i}")
    await service.start(game.id, f"h{n}")
    return game.id


async def stream(service: GameService, index: int, commands: int, cards: list[float],
                 boards: list[asyncio.Task[bytes]]) -> None:
    rng = random.Random(index)
    made = index
    game_id = await new_game(service, made)
    for n in range(commands):
        legal = await service.legal(game_id)
        started = time.perf_counter()
        result = await service.act(game_id, legal.player, rng.choice(legal.actions),
                                   expected_version=legal.version)
        if result.board is not None:
            cards.append((time.perf_counter() - started) * 1000)
        if n % 5 == 4:
            boards.append(asyncio.ensure_future(service.board(game_id, view="full")))
        if result.over:
            made += 1000
            game_id = await new_game(service, made)


async def level(service: GameService, in_flight: int, commands: int) -> list[float]:
    cards: list[float] = []
    boards: list[asyncio.Task[bytes]] = []
    each = max(1, commands // in_flight)
    await asyncio.gather(*(stream(service, 100 * in_flight + i, each, cards, boards)
                           for i in range(in_flight)))
    await asyncio.gather(*boards)
    return sorted(cards)


def pct(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(len(values) * q))]


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--in-flight", default="1,16")
    parser.add_argument("--commands", type=int, default=480)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    workers = args.workers or default_workers()
    load_before = os.getloadavg()[0]
    results: list[tuple[int, list[float]]] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = await GameStore.open(Path(tmp) / "cards.sqlite3")
        pool = BoardPool(executor=make_executor("process", workers))
        service = GameService(store, renderer=pool, turn_view="card")
        try:
            await level(service, 1, 20)  # warm: workers started, backgrounds drawn
            for n in (int(x) for x in args.in_flight.split(",")):
                results.append((n, await level(service, n, args.commands)))
        finally:
            service.close()
            await store.close()
    load_after = os.getloadavg()[0]
    base = pct(results[0][1], 0.95)
    print("| commands in flight | cards | p50 | p95 | max | p95 ÷ one in flight |")
    print("|---:|---:|---:|---:|---:|---:|")
    for n, cards in results:
        print(f"| {n} | {len(cards)} | {pct(cards, 0.5):.0f} ms | **{pct(cards, 0.95):.0f} ms** "
              f"| {cards[-1]:.0f} ms | {pct(cards, 0.95) / base:.1f}× |")
    print(f"\n{workers} render workers, {os.cpu_count()} CPUs, load average {load_before:.1f} "
          f"before / {load_after:.1f} after; Python {platform.python_version()}")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
