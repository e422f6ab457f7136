"""Time the rules engine: `apply` and `legal_actions` over random games (DESIGN §6).

    python bench/rules_bench.py [--games N] [--playouts N] [--profile]

Plays random legal games for 2–4 players over several seeds, timing every `apply` and the
`legal_actions` call for the active player, and prints median and p95 of each against the
targets of DESIGN §6 (median apply ≤ 0.2 ms, median legal_actions ≤ 5 ms) and the tighter
ones a search player needs (issue 16: median apply ≤ 0.05 ms, median legal_actions ≤ 0.08
ms). Then it plays complete random play-outs of 3-player games from the start, untimed per
call, as a search plays them (`rules.search.SearchContext`: its caches, `apply_listed`), and
reports play-outs per second of CPU time on one core (target ≥ 60); `--spec` plays them
through `rules.legal_actions` and `rules.apply` instead, which check everything and
remember nothing between calls.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import SearchContext, apply, current_player, legal_actions, load_edition, new_game

NAMES = ("ann", "ben", "cem", "dan")
TARGETS = {"apply": 0.2, "legal_actions": 5.0}  # median, ms (DESIGN §6)
SEARCH_TARGETS = {"apply": 0.05, "legal_actions": 0.08}  # median, ms (issue 16)
PLAYOUTS_TARGET = 60.0  # complete random 3-player play-outs per second, one core


def play(seed: int, players: int, timings: dict[str, list[float]]) -> int:
    rng = random.Random(seed)
    state = new_game(load_edition(), list(NAMES[:players]), seed=seed)
    actions = 0
    clock = time.perf_counter
    while (pid := current_player(state)) is not None:
        t0 = clock()
        options = legal_actions(state, pid)
        t1 = clock()
        choice = rng.choice(options)
        t2 = clock()
        state = apply(state, pid, choice)
        t3 = clock()
        timings["legal_actions"].append((t1 - t0) * 1000)
        timings["apply"].append((t3 - t2) * 1000)
        actions += 1
    return actions


def playout(seed: int, spec: bool = False, context: SearchContext | None = None) -> int:
    """One complete random 3-player game from the start, as a search's rollout plays it,
    in `context` (a search's, kept from play-out to play-out) or a new one; with `spec`,
    through the checked specification."""
    rng = random.Random(seed)
    state = new_game(load_edition(), list(NAMES[:3]), seed=seed)
    actions = 0
    if spec:
        while (pid := current_player(state)) is not None:
            state = apply(state, pid, rng.choice(legal_actions(state, pid)))
            actions += 1
        return actions
    context = context if context is not None else SearchContext()
    while (pid := context.current_player(state)) is not None:
        state = context.apply_listed(state, pid, rng.choice(context.legal_actions(state, pid)))
        actions += 1
    return actions


def playouts_per_second(count: int, spec: bool = False) -> tuple[float, float, float]:
    """(play-outs per CPU second, per wall-clock second, actions per play-out). CPU time
    is the figure for "one core": on a shared machine the wall clock also counts the time
    other processes held the core."""
    t0, w0 = time.process_time(), time.perf_counter()
    context = SearchContext()  # one search's: its caches serve every play-out
    actions = sum(playout(seed=5000 + i, spec=spec, context=context) for i in range(count))
    elapsed, wall = time.process_time() - t0, time.perf_counter() - w0
    return count / elapsed, count / wall, actions / count


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def run(games: int) -> dict[str, tuple[float, float, int]]:
    timings: dict[str, list[float]] = {"apply": [], "legal_actions": []}
    for i in range(games):
        play(seed=1000 + i, players=2 + i % 3, timings=timings)
    return {k: (statistics.median(v), percentile(v, 95), len(v)) for k, v in timings.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--playouts", type=int, default=30)
    parser.add_argument("--profile", action="store_true", help="cProfile the run")
    parser.add_argument("--spec", action="store_true",
                        help="play-outs through rules.apply, not the search's fast path")
    args = parser.parse_args()
    load_edition()  # warm the edition cache outside the timings
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        results = run(args.games)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
    else:
        results = run(args.games)
    print(f"{args.games} random games, 2-4 players, Python {sys.version.split()[0]}")
    for name, (median, p95, n) in results.items():
        verdict = "ok" if median <= TARGETS[name] else "MISSED"
        search = "ok" if median <= SEARCH_TARGETS[name] else "MISSED"
        print(f"{name:14} median {median:.3f} ms  p95 {p95:.3f} ms  over {n} calls  "
              f"(target median <= {TARGETS[name]} ms: {verdict}; "
              f"search <= {SEARCH_TARGETS[name]} ms: {search})")
    if args.playouts:
        rate, wall, length = playouts_per_second(args.playouts, args.spec)
        verdict = "ok" if rate >= PLAYOUTS_TARGET else "MISSED"
        print(f"playouts       {rate:.1f} per CPU second ({wall:.1f} per wall second), "
              f"3 players from the start, {length:.0f} actions each, over {args.playouts} "
              f"games on the {'specification' if args.spec else 'search fast path'} "
              f"(target >= {PLAYOUTS_TARGET:.0f} per CPU second: {verdict})")


if __name__ == "__main__":
    main()
