"""How many decisions a second the computer players make, bound by their budgets alone.

    python bench/decision_speed.py [--positions N] [--repeat R]
    python bench/decision_speed.py --instructions    # valgrind's count instead (slow)

The positions: 3-player games from seeds 7000.., played at random through `rules.apply` for
20, 60, 100 and 140 actions, kept where the deciding player has more than one choice. At
each, `ai.bot("normal", seconds=None)` (its budget, not the clock: stage 1 over every
action, the best six played to the end of the turn) and `rules.bots.GreedyBot` choose;
the figure is decisions per second of CPU time (the process's, so another process's load
on the shared machine moves it less than the wall clock), the median of `--repeat` runs.
With `--instructions`, valgrind counts the instructions of the `normal` decisions instead
(a figure the machine's load cannot move; `bench/playout_instructions.py` says how).

It uses only what every version of the engine offers (`rules.apply`, `ai.bot`, `GreedyBot`),
so the same file measures an older commit: `git archive <commit> | tar -x -C DIR`, copy this
file into DIR/bench/, run it there.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai
from rules import State, apply, current_player, legal_actions, load_edition, new_game
from rules.bots import GreedyBot

NAMES = ("ann", "ben", "cem")
DEPTHS = (20, 60, 100, 140)


def positions(count: int) -> list[tuple[State, str]]:
    """Mid-game positions with a real choice, the same on every run."""
    found: list[tuple[State, str]] = []
    seed = 7000
    while len(found) < count:
        rng = random.Random(seed)
        state = new_game(load_edition(), list(NAMES), seed=seed)
        for played in range(max(DEPTHS) + 1):
            pid = current_player(state)
            if pid is None:
                break
            options = legal_actions(state, pid)
            if played in DEPTHS and len(options) > 1:
                found.append((state, pid))
            state = apply(state, pid, rng.choice(options))
        seed += 1
    return found[:count]


def per_cpu_second(chooser: object, spots: list[tuple[State, str]]) -> float:
    started = time.process_time()
    for state, pid in spots:
        chooser.choose(state, pid)  # type: ignore[attr-defined]
    return len(spots) / (time.process_time() - started)


def instructions(count: int) -> int:
    """Instructions of one normal decision: a process that finds `count` positions and
    decides at each, less one that only finds them."""
    def run(n: int) -> int:
        command = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
                   "--cachegrind-out-file=/dev/null", sys.executable, __file__,
                   "--positions", str(count), "--run", str(n)]
        result = subprocess.run(command, capture_output=True, text=True, check=True,
                                env={**os.environ, "PYTHONHASHSEED": "0"})
        found = re.search(r"I\s+refs:\s+([\d,]+)", result.stderr)
        assert found is not None, result.stderr
        return int(found.group(1).replace(",", ""))

    return (run(count) - run(0)) // count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument("--run", type=int, help="make this many normal decisions, unmeasured")
    args = parser.parse_args()
    if args.run is not None:
        spots = positions(args.positions)
        bot = ai.bot("normal", seed=1, seconds=None)
        for state, pid in spots[:args.run]:
            bot.choose(state, pid)
        return
    if args.instructions:
        each = instructions(args.positions)
        print(f"normal: {each / 1e6:.1f} M instructions a decision "
              f"(over {args.positions} positions)")
        return
    spots = positions(args.positions)
    normal = [per_cpu_second(ai.bot("normal", seed=1, seconds=None), spots)
              for _ in range(args.repeat)]
    greedy = [per_cpu_second(GreedyBot(seed=1), spots) for _ in range(args.repeat)]
    print(f"normal  {statistics.median(normal):.2f} decisions per CPU second "
          f"(runs {', '.join(f'{r:.2f}' for r in normal)}; {len(spots)} positions)")
    print(f"greedy  {statistics.median(greedy):.1f} decisions per CPU second "
          f"(runs {', '.join(f'{r:.1f}' for r in greedy)})")


if __name__ == "__main__":
    main()
