"""End-to-end figures (DESIGN §6) through the loopback Discord of tests/e2e.

    python bench/e2e_bench.py [--games 2] [--bursts 30]

Starts the real bot.py (inside bench/lag_probe.py, which records its event-loop lag) against
the fake Discord, then:

1. plays whole 3-player games through Discord as the e2e test does, and measures
   *command to board posted*: from the fake dispatching the interaction that ends a turn to
   the bot's request posting that turn's board reaching the fake (render and upload included);
2. sends bursts of four `/board` commands at once (four full-board renders in flight) and
   takes the bot's event-loop lag during each burst, from the first dispatch to the last
   reply.

Prints a Markdown section for bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "e2e")]

from botproc import BotProcess  # noqa: E402
from fake_discord import FakeDiscord  # noqa: E402
from table import Table  # noqa: E402


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def lag_samples(path: Path, start: float, end: float) -> list[float]:
    out = []
    for line in path.read_text().splitlines():
        stamp, lag = line.split()
        if start <= float(stamp) <= end:
            out.append(float(lag))
    return out


async def bench(games: int, bursts: int) -> str:
    work = Path(tempfile.mkdtemp(prefix="e2e-bench-"))
    lag_file = work / "lag.txt"
    async with FakeDiscord(heartbeat_interval_ms=500) as fd:
        bot = BotProcess(fd, work / "db.sqlite3", work / "bot.log", {"LOG_LEVEL": "WARNING"},
                         launcher=(str(ROOT / "bench" / "lag_probe.py"), str(lag_file)))
        await bot.start()
        try:
            table = Table(fd, bot)
            rng = random.Random(6)
            play_start = time.time()
            decisions = 0
            for n in range(games):
                await table.open_game(name=f"bench {n}")
                while table.game()["status"] == "running":
                    await table.decide(rng)
                decisions += table.game()["action_count"]
            play_end = time.time()
            turn_ms = [s * 1000 for s in table.board_latencies]
            play_lag = lag_samples(lag_file, play_start, play_end)

            burst_lag: list[float] = []
            board_ms: list[float] = []
            for i in range(bursts):
                users = [table.users[(i + k) % 3] for k in range(4)]
                t0 = time.time()
                sent = await asyncio.gather(*(table.slash(u, "board", {"game": table.game_id})
                                             for u in users))
                for s in sent:
                    reply = await table.done(s, timeout=30)
                    assert reply.get("attachments"), reply
                    board_ms.append((time.monotonic() - s.record.created_at) * 1000)
                await asyncio.sleep(0.6)  # let the probe flush this burst's samples
                burst_lag += lag_samples(lag_file, t0, t0 + max(board_ms[-4:]) / 1000)
        finally:
            await bot.stop()
            await bot.wait_no_survivors()
    acks = [s.ack_seconds * 1000 for s in table.sent if s.ack_seconds is not None]
    turn_p95, lag_p99 = pct(turn_ms, 95), pct(burst_lag, 99)
    rows = [
        ("command to board posted (turn ends)", turn_ms, "p95 ≤ 300 ms",
         "met" if turn_p95 <= 300 else "NOT met"),
        ("event-loop lag, 4 renders in flight", burst_lag, "p99 ≤ 20 ms",
         "met" if lag_p99 <= 20 else "NOT met"),
        ("`/board` reply, 4 at once", board_ms, "", ""),
        ("event-loop lag, whole games", play_lag, "", ""),
        ("interaction acknowledged (all)", acks, "< 3000 ms", "met" if max(acks) < 3000
         else "NOT met"),
    ]
    lines = [
        "| what | n | p50 ms | p95 ms | p99 ms | max ms | target | |",
        "|---|---:|---:|---:|---:|---:|---|---|",
    ]
    for name, values, target, verdict in rows:
        lines.append(f"| {name} | {len(values)} | {statistics.median(values):.1f} | "
                     f"{pct(values, 95):.1f} | {pct(values, 99):.1f} | {max(values):.1f} | "
                     f"{target} | {verdict} |")
    uname = platform.platform()
    lines += ["", f"{games} whole games ({decisions} decisions, {len(turn_ms)} turns) and "
              f"{bursts} bursts of four `/board`; measured {time.strftime('%Y-%m-%d')} on "
              f"{uname}, {os.cpu_count()} CPUs, Python {platform.python_version()}."]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--bursts", type=int, default=30)
    args = parser.parse_args()
    print(asyncio.run(bench(args.games, args.bursts)))


if __name__ == "__main__":
    main()
