"""A/B runs for the planning player's weights and budget (issue 33): where ai/plan/weights.json
comes from.

    nice -n 5 python bench/plan_tune.py [--level 1] [--games 12] [--seed 33000] [--jobs 2]
        [--from normal|strong] [--set name=value ...] [--set name=value ...] ...

Each `--set` group (one or more comma-separated `name=value`, a `Weights` field or a
`PlanBudget` field) is one variant; every variant plays the same deals (seed .. seed+games-1)
in the human seat of our solo mode against Autobot `--level`, starting from the level
`--from` with the shipped weights. Per variant: games won, mean margin and points, median DM
left, deliveries (median / mean), loaded trucks left, and CPU seconds per decision.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.match_kit import SeatRecord, percentile, run_pool
from rules import load_edition, new_game

SEAT = "ann"


def _value(text: str) -> object:
    if text == "None":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def variant(level: str, changes: str, seed: int):  # -> ai.PlanBot
    """The planner of `level` with `changes` ("name=value,...") to its weights or budget."""
    import ai
    from ai.plan import PlanBot, PlanBudget
    from ai.plan.weights import PLAN_WEIGHTS

    pairs = dict(kv.split("=", 1) for kv in changes.split(",") if kv)
    budget_fields = {f.name for f in dataclasses.fields(PlanBudget)}
    base = ai.LEVELS[level]
    assert isinstance(base, PlanBudget)
    budget = dataclasses.replace(base, **{k: _value(v) for k, v in pairs.items()
                                          if k in budget_fields})
    weights = dataclasses.replace(PLAN_WEIGHTS, **{k: _value(v) for k, v in pairs.items()
                                                   if k not in budget_fields})
    return PlanBot(budget, seed=seed, weights=weights, name=f"{level}:{changes}")


def one_game(item: tuple[str, str, int, int]) -> tuple[str, SeatRecord]:
    from bench.match_kit import play_game

    base, changes, level, seed = item
    state = new_game(load_edition(), [SEAT], seed=seed, solo_level=level)
    bot = variant(base, changes, seed * 7 + 1)
    return changes, play_game(state, {SEAT: bot}, {SEAT: changes or base})[SEAT]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=33000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--from", dest="base", default="strong")
    parser.add_argument("--set", dest="variants", action="append", default=None)
    parser.add_argument("--max-seconds", type=float, default=6000.0)
    args = parser.parse_args(argv)
    variants = args.variants or [""]
    for changes in variants:
        variant(args.base, changes, 0)  # refuse an unknown name before playing
    items = [(args.base, v, args.level, args.seed + g) for g in range(args.games)
             for v in variants]
    results: dict[str, list[SeatRecord]] = {v: [] for v in variants}
    started = time.monotonic()
    for changes, rec in run_pool(one_game, items, args.jobs, args.max_seconds):
        results[changes].append(rec)
    print(f"| {args.base} with | games | won | mean margin | mean points | DM left (median) "
          "| deliveries (median / mean) | loaded trucks left | CPU s p50 / p95 |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for changes, recs in results.items():
        cpu = [c for r in recs for c in r.cpu]
        print(f"| {changes or '(shipped)'} | {len(recs)} | {sum(r.share for r in recs):g} | "
              f"{statistics.mean(r.margin for r in recs):+.1f} | "
              f"{statistics.mean(r.points for r in recs):.1f} | "
              f"{statistics.median(r.money for r in recs):g} | "
              f"{statistics.median(r.deliveries for r in recs):g} / "
              f"{statistics.mean(r.deliveries for r in recs):.2f} | "
              f"{statistics.mean(r.loaded for r in recs):.2f} | "
              f"{percentile(cpu, 0.5):.3f} / {percentile(cpu, 0.95):.3f} |")
    print(f"\nAutobot level {args.level}, seeds {args.seed}..{args.seed + args.games - 1}, "
          f"{time.monotonic() - started:.0f} s wall.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
