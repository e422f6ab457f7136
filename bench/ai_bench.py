"""How strong and how quick the computer players are at 2-4 players (issues 16 and 33).

    nice -n 10 python bench/ai_bench.py [--quick] [--games N] [--only strong2p-base,...]
        [--player NAME] [--jobs 2] [--max-seconds T]

Seeded matches, the player's seat rotating: each level of ours against the frozen baseline
(ai.baseline, issue 33), against GreedyBot (rules/bots.py) and against each other; every
other seat is the opponent. A shared win counts its share. Per match: the player's win
share with its 95 % Wilson interval, its median DM left at the end, its deliveries, the
distinct countries it reached, the loaded trucks it left, and its CPU seconds per decision
with a choice (p50 / p95 / max, in the worker; bench/match_kit.py). `--quick` plays two
games per match, to check that everything runs. `--player NAME` seats another of our
players (a bench/match_kit.py name, e.g. a new level) in every match's own seat, against
the same opponents on the same deals. Figures: bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.match_kit import SeatRecord, make_player, play_game, run_pool, summary
from rules import load_edition, new_game

NAMES = ("ann", "ben", "cem", "dan")
# name: (our player, players, opponent at every other seat, default games, target share)
MATCHES: dict[str, tuple[str, int, str, int, float | None]] = {
    "strong2p-base": ("strong", 2, "baseline-strong", 40, 0.70),
    "strong3p-base": ("strong", 3, "baseline-strong", 30, None),
    "strong4p-base": ("strong", 4, "baseline-strong", 30, 0.40),
    "strong2p-greedy": ("strong", 2, "greedy", 40, 0.95),
    "strong3p-greedy": ("strong", 3, "greedy", 20, None),
    "strong4p-greedy": ("strong", 4, "greedy", 20, None),
    "normal2p-base": ("normal", 2, "baseline-normal", 40, None),
    "normal2p-greedy": ("normal", 2, "greedy", 40, 0.60),
    "easy2p-greedy": ("easy", 2, "greedy", 20, None),
    "strong2p-normal": ("strong", 2, "normal", 20, None),
    "normal2p-easy": ("normal", 2, "easy", 20, None),
}


def one_game(item: tuple[str, int, str]) -> tuple[str, SeatRecord]:
    """Game `game` of match `name`: our player (`chosen`, or the match's own when empty)
    sits in seat `game % players`."""
    name, game, chosen = item
    player, players, opponent, _games, _target = MATCHES[name]
    player = chosen or player
    seed = 5000 + game
    ids = list(NAMES[:players])
    state = new_game(load_edition(), ids, seed=seed)
    seat = state.order[game % players]
    bots = {pid: make_player(player if pid == seat else opponent, seed * 7 + i)
            for i, pid in enumerate(ids)}
    return name, play_game(state, bots, {seat: player})[seat]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2 games per match")
    parser.add_argument("--games", type=int, help="games per match (default: per match)")
    parser.add_argument("--only", default=",".join(MATCHES), help="matches to play")
    parser.add_argument("--player", default="", help="our player in every match")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--max-seconds", type=float, default=3000.0)
    args = parser.parse_args(argv)
    names = [n for n in args.only.split(",") if n]
    unknown = [n for n in names if n not in MATCHES]
    if unknown:
        raise SystemExit(f"ai_bench: unknown match {unknown}; known: {', '.join(MATCHES)}")
    if args.player:
        make_player(args.player, 0)  # refuse an unknown name before playing
    items = []
    for name in names:
        games = 2 if args.quick else (args.games or MATCHES[name][3])
        items += [(name, g, args.player) for g in range(games)]
    items.sort(key=lambda it: (it[1], names.index(it[0])))  # game-major: bounded runs stay even
    results: dict[str, list[SeatRecord]] = {n: [] for n in names}
    started = time.monotonic()
    for n, (name, rec) in enumerate(run_pool(one_game, items, args.jobs, args.max_seconds), 1):
        results[name].append(rec)
        if n % 10 == 0:
            print(f"  {n}/{len(items)} games, {time.monotonic() - started:.0f} s",
                  file=sys.stderr, flush=True)
    print("| match | games | won | 95 % interval | target | DM left (median) | deliveries "
          "(median) | countries (median) | loaded left | CPU s p50 / p95 / max |")
    print("|---|---:|---:|---|---:|---:|---:|---:|---:|---|")
    for name in names:
        player, players, opponent, _g, target = MATCHES[name]
        player = args.player or player
        s = summary(results[name])
        if not s["games"]:
            continue
        goal = "" if target is None else f"≥ {target:.0%}"
        print(f"| {player} vs {players - 1}× {opponent}, {players}p | {s['games']} | "
              f"{s['wins']:g} ({s['share']:.0%}) | {s['lo']:.0%}–{s['hi']:.0%} | {goal} | "
              f"{s['money']:g} | {s['deliveries']:g} | {s['countries']:g} | "
              f"{s['loaded']:.2f} | {s['p50']:.3f} / {s['p95']:.3f} / {s['max']:.3f} |")
    print(f"\nMeasured {time.strftime('%Y-%m-%d')} on {platform.platform()}, Python "
          f"{platform.python_version()}, {args.jobs} workers, "
          f"{time.monotonic() - started:.0f} s wall.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
