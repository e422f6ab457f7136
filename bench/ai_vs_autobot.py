"""Our computer players against the official solo opponent, the Autobot (issue 33).

    nice -n 10 python bench/ai_vs_autobot.py [--players strong,normal,...] [--levels 1,6,12]
        [--games N] [--seed S] [--jobs 2] [--max-seconds T]

Each of our players (bench/match_kit.py names: `strong`, `normal`, `easy`, `baseline-strong`,
`greedy`, ...) sits in the human seat of our solo mode (`new_game(..., players=["ann"],
solo_level=L)`) for `--games` seeded deals per Autobot level; deal g of every cell uses the
same seed, so the cells compare players on the same deals. The Autobot plays its one legal
action. Per cell: the win share with its 95 % Wilson interval (the human wins only with
strictly more points, or by the tie-breaks; a draw is no win), the mean margin (our points
minus the Autobot's), the Autobot's mean points, the median DM left at the end, deliveries
(median and mean), loaded trucks left at the end, take-backs a game, and CPU seconds per
decision with a choice (p50 / p95 / max, measured in the worker). `--max-seconds` bounds
the run: no game starts after it.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.match_kit import SeatRecord, make_player, run_pool, summary
from rules import load_edition, new_game

SEAT = "ann"


def one_game(item: tuple[str, int, int]) -> tuple[str, int, SeatRecord]:
    """(player, level, its record) of deal `seed` at Autobot `level`."""
    from bench.match_kit import play_game

    player, level, seed = item
    state = new_game(load_edition(), [SEAT], seed=seed, solo_level=level)
    records = play_game(state, {SEAT: make_player(player, seed * 7 + 1)}, {SEAT: player})
    return player, level, records[SEAT]


def table(results: dict[tuple[str, int], list[SeatRecord]]) -> str:
    lines = ["| our player | Autobot | games | won | 95 % interval | mean margin | Autobot's "
             "points (mean) | DM left "
             "(median) | deliveries (median / mean) | loaded trucks left | take-backs | "
             "CPU s p50 / p95 / max |",
             "|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---|"]
    for (player, level), records in sorted(results.items()):
        s = summary(records)
        autobot = statistics.fmean(r.points - r.margin for r in records) if records else 0.0
        lines.append(
            f"| {player} | {level} | {s['games']} | {s['wins']:g} ({s['share']:.0%}) | "
            f"{s['lo']:.0%}–{s['hi']:.0%} | {s['margin']:+.1f} | {autobot:.1f} | {s['money']:g} | "
            f"{s['deliveries']:g} / {s['deliveries_mean']:.2f} | {s['loaded']:.2f} | "
            f"{s['takebacks']:.1f} | {s['p50']:.3f} / {s['p95']:.3f} / {s['max']:.3f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="strong,normal,easy,baseline-strong,greedy")
    parser.add_argument("--levels", default="1,6,12")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=33000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--max-seconds", type=float, default=3000.0)
    args = parser.parse_args(argv)
    players = [p for p in args.players.split(",") if p]
    levels = [int(x) for x in args.levels.split(",") if x]
    for p in players:
        make_player(p, 0)  # refuse an unknown name before playing
    # deal-major order: a bounded run still has every cell measured on the same deals
    items = [(p, lv, args.seed + g) for g in range(args.games) for lv in levels
             for p in players]
    results: dict[tuple[str, int], list[SeatRecord]] = {(p, lv): [] for p in players
                                                        for lv in levels}
    started = time.monotonic()
    for n, (player, level, rec) in enumerate(
            run_pool(one_game, items, args.jobs, args.max_seconds), start=1):
        results[(player, level)].append(rec)
        if n % 20 == 0:
            print(f"  {n}/{len(items)} games, {time.monotonic() - started:.0f} s",
                  file=sys.stderr, flush=True)
    print(table(results))
    print(f"\nSeeds {args.seed}..{args.seed + args.games - 1}; measured "
          f"{time.strftime('%Y-%m-%d')} on {platform.platform()}, Python "
          f"{platform.python_version()}, {args.jobs} workers, "
          f"{time.monotonic() - started:.0f} s wall.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
