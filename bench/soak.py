"""A soak (issue 37, item 4): several bot processes play many games on one PostgreSQL at
once, every process acting on every game, and nothing may be lost or doubled.

    nice -n 5 python bench/soak.py [--processes 3] [--games 30] [--seconds 60]
                                   [--postgres URL]     (default $AUTOBAHN_TEST_POSTGRES)

The parent makes a fresh schema and starts `--games` games of 2–4 players. Then each of
`--processes` child processes opens the same database with a `GameService` of its own and,
for `--seconds`, plays: it picks any game, asks its legal actions and sends one of them
with the version it saw and an interaction id of its own, as a button press does. Of
the processes racing one game exactly one move may land (the others are told the game
moved on); one move in ten is sent a second time with the same interaction id, as
Discord's retries do, and must be refused as a repeat. A finished game is replaced by a
new one. Each child also measures its event loop's lag (a 10 ms timer's lateness) and its
resident memory every few seconds.

At the end the parent checks: every game's log holds exactly the moves the children were
told landed (none lost, none twice), no repeat landed, every game's log replays to its
snapshot (service.replay_check), and reports per process the moves, the lag p50/p99 and
the memory over time. Exit status 1 if a check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.storage_bench import drop_schema, pg_schema  # noqa: E402
from service import GameService  # noqa: E402
from service.errors import DuplicateInteraction, GameOver, ServiceError, StaleVersion  # noqa: E402
from service.replay_check import check_replays  # noqa: E402
from service.repository import Place  # noqa: E402
from store import GameStore  # noqa: E402


def fake_png(state: object, view: str, lang: str) -> bytes:
    return b"PNG"


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def new_game(service: GameService, n: int) -> int:
    players = 2 + n % 3
    game = await service.create_game(Place(1, 70_000 + n), f"h{n}", "Host", seats=players,
                                     seed=n)
    for i in range(1, players):
        await service.join(game.id, f"p{n}-{i}", f"P{i}")
    await service.start(game.id, f"h{n}")
    return game.id


async def child(url: str, index: int, seconds: float) -> dict[str, object]:
    store = await GameStore.open(url)
    service = GameService(store, renderer=fake_png)
    rng = random.Random(index)
    landed: Counter[int] = Counter()
    outcomes: Counter[str] = Counter()
    lags: list[float] = []
    memory: list[float] = []
    made: list[int] = []
    stop = time.monotonic() + seconds

    async def probe() -> None:
        while time.monotonic() < stop:
            started = time.perf_counter()
            await asyncio.sleep(0.01)
            lags.append((time.perf_counter() - started - 0.01) * 1000)

    async def sample() -> None:
        while time.monotonic() < stop:
            memory.append(round(rss_mb(), 1))
            await asyncio.sleep(max(1.0, seconds / 20))

    async def play() -> None:
        sent = 0
        while time.monotonic() < stop:
            ids = await store.game_ids()
            game_id = rng.choice(ids)
            game = await service.game(game_id)
            if game.status != "running":
                continue
            try:
                legal = await service.legal(game_id)
            except ServiceError:
                continue
            sent += 1
            interaction = f"{index}-{sent}"
            try:
                result = await service.act(game_id, legal.player, rng.choice(legal.actions),
                                           expected_version=legal.version,
                                           interaction_id=interaction)
            except StaleVersion:
                outcomes["stale"] += 1
                continue
            except (GameOver, ServiceError) as refused:  # the game ended meanwhile, ...
                outcomes[type(refused).__name__] += 1
                continue
            landed[game_id] += 1
            outcomes["landed"] += 1
            if rng.random() < 0.1:  # Discord delivers the same press again
                try:
                    await service.act(game_id, legal.player, rng.choice(legal.actions),
                                      expected_version=legal.version,
                                      interaction_id=interaction)
                    outcomes["repeat landed"] += 1
                except (DuplicateInteraction, StaleVersion):  # refused either way
                    outcomes["repeat refused"] += 1
            if result.over:
                made.append(await new_game(service, 1_000_000 * (index + 1) + len(made)))

    try:
        await asyncio.gather(probe(), sample(), play())
    finally:
        service.close()
        await store.close()
    lags.sort()
    return {"index": index, "landed": {str(k): v for k, v in landed.items()},
            "outcomes": dict(outcomes), "made": made, "memory": memory,
            "lag_p50": statistics.median(lags), "lag_p99": lags[int(len(lags) * 0.99)]}


async def prepare(url: str, games: int) -> None:
    store = await GameStore.open(url)
    service = GameService(store, renderer=fake_png)
    try:
        for n in range(games):
            await new_game(service, n)
    finally:
        service.close()
        await store.close()


async def verify(url: str, reports: list[dict[str, object]]) -> list[str]:
    problems: list[str] = []
    told: Counter[int] = Counter()
    for report in reports:
        for game, n in report["landed"].items():  # type: ignore[attr-defined]
            told[int(game)] += n
        if report["outcomes"].get("repeat landed"):  # type: ignore[attr-defined]
            problems.append(f"process {report['index']}: a repeated press landed twice")
    store = await GameStore.open(url)
    try:
        for game_id in await store.game_ids():
            game = await store.get_game(game_id)
            if game.action_count != told[game_id]:
                problems.append(f"game {game_id}: {game.action_count} actions stored, "
                                f"{told[game_id]} told landed")
        problems += await check_replays(store)
    finally:
        await store.close()
    return problems


def run(args: argparse.Namespace) -> tuple[list[dict[str, object]], list[str]]:
    schema = f"soak_{os.getpid()}"
    url = pg_schema(args.postgres, schema)
    try:
        asyncio.run(prepare(url, args.games))
        children = [subprocess.Popen(
            [sys.executable, __file__, "--child", str(i), "--url", url,
             "--seconds", str(args.seconds)], stdout=subprocess.PIPE, text=True)
            for i in range(args.processes)]
        reports = []
        for proc in children:
            out, _ = proc.communicate(timeout=args.seconds + 600)
            if proc.returncode != 0:
                raise RuntimeError(f"a soak process failed ({proc.returncode})")
            reports.append(json.loads(out.strip().splitlines()[-1]))
        return reports, asyncio.run(verify(url, reports))
    finally:
        drop_schema(args.postgres, schema)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--postgres", default=os.environ.get("AUTOBAHN_TEST_POSTGRES"))
    parser.add_argument("--child", type=int, default=None)
    parser.add_argument("--url", default=None)
    args = parser.parse_args()
    if args.child is not None:
        print(json.dumps(asyncio.run(child(args.url, args.child, args.seconds))))
        return 0
    if not args.postgres:
        print("no PostgreSQL: give --postgres URL or $AUTOBAHN_TEST_POSTGRES", file=sys.stderr)
        return 2
    load = os.getloadavg()[0]
    reports, problems = run(args)
    print("| process | moves landed | stale (another process was first) | repeats refused "
          "| games finished | loop lag p50 / p99 | RSS first → last (max) |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for r in reports:
        o, mem = r["outcomes"], r["memory"]
        print(f"| {r['index']} | {o.get('landed', 0)} | {o.get('stale', 0)} | "  # type: ignore[union-attr]
              f"{o.get('repeat refused', 0)} | {len(r['made'])} | "  # type: ignore[union-attr,arg-type]
              f"{r['lag_p50']:.1f} / {r['lag_p99']:.1f} ms | "
              f"{mem[0]:.0f} → {mem[-1]:.0f} ({max(mem):.0f}) MB |")  # type: ignore[index,arg-type]
    print(f"\n{args.processes} processes, {args.games} games at a time, {args.seconds:.0f} s, "
          f"load {load:.1f} before / {os.getloadavg()[0]:.1f} after")
    for problem in problems:
        print(f"PROBLEM: {problem}")
    print("nothing lost or doubled, every game replays" if not problems else "FAILED")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
