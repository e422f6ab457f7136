"""Instructions a random 3-player play-out costs: a figure the machine's load cannot move.

    python bench/playout_instructions.py [--count N]

How: `valgrind --tool=cachegrind --cache-sim=no` counts the instructions (its "I refs")
of a Python process that plays `rules_bench.playout` for seeds 5000.. (as the bench's
play-outs do: a search's, on `rules.search`'s fast path; `--spec`: through `rules.apply`),
once with 1 play-out and once with 1 + N (default 3); the difference
divided by N is one play-out, with the interpreter's start, the imports and the
edition's loading cancelled out. It takes about ten seconds. `perf stat -e instructions`
would be quicker still, but the dev machine's virtual CPU has no counters ("not
supported"). Timings on the shared 2-core machine vary by ±20 % with the other sessions'
load; this count repeats to the instruction (one hash seed, see `instructions`). Compare
commits from clean exports (`git archive <commit> | tar -x -C DIR`, then run DIR's copy of
this script): a work tree's stale or fresh bytecode caches move it by a few tenths of a
million.

    python bench/playout_instructions.py --run N   # the measured process itself
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def instructions(count: int, spec: bool = False) -> int:
    """Instructions of a whole process that plays `count` play-outs."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
               "--cachegrind-out-file=/dev/null", sys.executable, __file__,
               "--run", str(count), *(["--spec"] if spec else [])]
    # One hash seed: the count then repeats to the instruction (set and dict layouts
    # move it by a few tenths of a percent otherwise); the engine's answers do not
    # depend on it (bench/rules_digest.py gives one digest whatever the seed).
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    result = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
    found = re.search(r"I\s+refs:\s+([\d,]+)", result.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{result.stderr}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--run", type=int, help="play this many play-outs, unmeasured")
    parser.add_argument("--spec", action="store_true",
                        help="play-outs through rules.apply, not the search's fast path")
    args = parser.parse_args()
    if args.run is not None:
        from bench.rules_bench import playout
        from rules import SearchContext

        context = SearchContext()  # one search's, as rules_bench.playouts_per_second plays
        for i in range(args.run):
            playout(seed=5000 + i, spec=args.spec, context=context)
        return
    base, more = instructions(1, args.spec), instructions(1 + args.count, args.spec)
    per_playout = (more - base) / args.count
    path = "rules.apply" if args.spec else "the search fast path"
    print(f"{per_playout / 1e6:.1f} M instructions a play-out on {path} "
          f"(1 play-out: {base / 1e6:.1f} M, {1 + args.count}: {more / 1e6:.1f} M)")


if __name__ == "__main__":
    main()
