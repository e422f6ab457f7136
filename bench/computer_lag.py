"""Event-loop lag while computer-only tables play (issue 33 target: p99 <= 20 ms).

    nice -n 10 python bench/computer_lag.py [--tables 4] [--level strong] [--seconds 120]
        [--thinker process|thread] [--seed 4100]

`--tables` games of four computer seats play through the service exactly as the bot runs
them: `GameService` on a SQLite file with the production pragmas, the default board pool
(process workers), and computers driven by the service's own commit hook (`Computers`:
each decision thought by the `Thinker`, applied through `act`, the board rendered when the
turn passes). Meanwhile, on the same event loop:

- a probe asks to sleep 1 ms, over and over, and records how much later it woke (the time
  the loop was busy with something else, or the process was not scheduled at all;
  bench/service_bench.py measures the same way), and the loop thread's CPU time between
  two wakes (what the loop itself computed: the machine's load does not inflate it);
- another table's human commands: every 50 ms a read (`legal`) and a move (`act`, its
  first legal action) of a 2-player game, timed from call to answer.

A control phase comes first (a quarter of `--seconds`, the same probe and commands, no
computer table), so the shared machine's own scheduling delay shows beside the figure.
`--thinker thread` thinks in a thread instead of a process, to show what the process
buys (threads share the loop's GIL). Printed per phase: lag p50 / p99 / max, the other
table's command latencies, the computer moves committed and the loop process's CPU
seconds. Figures: bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.match_kit import percentile
from service import CONSOLE, GameService
from service.computer import Thinker
from service.results import ActResult
from store import GameStore

PROBE = 0.001  # seconds the probe asks to sleep
COMMAND_EVERY = 0.05  # seconds between the other table's commands


async def computer_tables(service: GameService, tables: int, level: str, seed: int) -> list[int]:
    """`tables` running games whose four seats are all computers: three seated as bots,
    the host's own seat handed over at once (as `/game replace` by the host does)."""
    ids = []
    for i in range(tables):
        host = f"host{i}"
        game = await service.create_game(CONSOLE, host, f"Host {i}", seats=4, seed=seed + i,
                                         bots=3, bot_level=level)
        await service.start(game.id, host)
        await service.replace(game.id, host, host, level)
        ids.append(game.id)
    return ids


async def human_table(service: GameService, seed: int) -> int:
    game = await service.create_game(CONSOLE, "ann", "Ann", seats=2, seed=seed)
    await service.join(game.id, "ben", "Ben")
    await service.start(game.id, "ann")
    return game.id


class Phase:
    """What the loop saw in one phase: probe lags and the other table's command times."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self.busy: list[float] = []  # the loop thread's CPU ms between two probe wakes
        self.reads: list[float] = []
        self.moves: list[float] = []
        self.wall = 0.0
        self.loop_cpu = 0.0

    def figures(self) -> dict[str, float]:
        return {
            "lag_p50": statistics.median(self.lags), "lag_p99": percentile(self.lags, 0.99),
            "lag_max": max(self.lags), "samples": len(self.lags),
            "busy_p99": percentile(self.busy, 0.99), "busy_max": max(self.busy),
            "read_p50": statistics.median(self.reads),
            "read_p99": percentile(self.reads, 0.99),
            "move_p50": statistics.median(self.moves),
            "move_p99": percentile(self.moves, 0.99), "wall": self.wall,
            "loop_cpu": self.loop_cpu,
        }


async def measure(tables: int, level: str, seconds: float, thinker: str,
                  seed: int) -> tuple[dict[str, float], dict[str, float], int]:
    """The control phase (`seconds` / 4, no computer table), then the computer phase
    (until the computer tables end or `seconds` pass): the same probe and commands in
    both, in one run, so the machine's own load shows in the control."""
    committed: list[ActResult] = []
    control, computers = Phase(), Phase()
    phase = control
    with tempfile.TemporaryDirectory() as tmp:
        store = await GameStore.open(Path(tmp) / "lag.sqlite3")
        service = GameService(store)
        service.use_thinker(Thinker(processes=thinker == "process"))

        async def count(result: ActResult) -> None:
            committed.append(result)

        service.computers.on_computer_move(count)
        human = await human_table(service, seed + 100)
        stop = asyncio.Event()

        async def probe() -> None:
            while not stop.is_set():
                t, cpu = time.perf_counter(), time.thread_time()
                await asyncio.sleep(PROBE)
                phase.lags.append((time.perf_counter() - t - PROBE) * 1000)
                phase.busy.append((time.thread_time() - cpu) * 1000)

        async def commands() -> None:
            nonlocal human
            while not stop.is_set():
                await asyncio.sleep(COMMAND_EVERY)
                t = time.perf_counter()
                player, actions, _version = await service.legal(human)
                phase.reads.append((time.perf_counter() - t) * 1000)
                t = time.perf_counter()
                result = await service.act(human, player, str(actions[0]))
                phase.moves.append((time.perf_counter() - t) * 1000)
                if result.over:
                    human = await human_table(service, seed + 100 + len(phase.moves))

        # Warm the pools first (a worker's first start is not what a running bot sees).
        warm = await human_table(service, seed + 99)
        player, actions, _v = await service.legal(warm)
        await service.act(warm, player, str(actions[0]))
        tasks = [asyncio.create_task(probe()), asyncio.create_task(commands())]
        started, cpu0 = time.monotonic(), time.process_time()
        await asyncio.sleep(seconds / 4)
        control.wall, control.loop_cpu = time.monotonic() - started, time.process_time() - cpu0
        phase = computers
        started, cpu0 = time.monotonic(), time.process_time()
        await computer_tables(service, tables, level, seed)
        idle = asyncio.create_task(service.computers.computers_idle())
        await asyncio.wait([idle], timeout=seconds)
        computers.wall = time.monotonic() - started
        computers.loop_cpu = time.process_time() - cpu0
        stop.set()
        await asyncio.gather(*tasks)
        service.computers.stop_computers()
        idle.cancel()
        service.close()
        await store.close()
    return control.figures(), computers.figures(), len(committed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--level", default="strong")
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--thinker", choices=("process", "thread"), default="process")
    parser.add_argument("--seed", type=int, default=4100)
    args = parser.parse_args(argv)
    control, busy, moves = asyncio.run(measure(args.tables, args.level, args.seconds,
                                               args.thinker, args.seed))
    print("| phase | loop lag p50 / p99 / max (ms) | loop CPU between wakes p99 / max (ms) | "
          "other table: legal p50 / p99, act p50 / p99 (ms) | computer moves | wall s | "
          "loop CPU s | probe samples |\n"
          "|---|---|---|---|---:|---:|---:|---:|")
    for name, f, n in (("control: no computer table", control, 0),
                       (f"{args.tables} computer-only tables ({args.level}, {args.thinker} "
                        "thinker)", busy, moves)):
        print(f"| {name} | {f['lag_p50']:.2f} / {f['lag_p99']:.1f} / {f['lag_max']:.0f} | "
              f"{f['busy_p99']:.1f} / {f['busy_max']:.0f} | "
              f"{f['read_p50']:.1f} / {f['read_p99']:.1f}, {f['move_p50']:.1f} / "
              f"{f['move_p99']:.1f} | {n} | {f['wall']:.0f} | {f['loop_cpu']:.1f} | "
              f"{f['samples']:.0f} |")
    print(f"\nMeasured {time.strftime('%Y-%m-%d %H:%M')} on "
          f"{platform.platform()}, Python {platform.python_version()}, load average "
          f"{os.getloadavg()[0]:.1f}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
