"""How strong and how quick the computer players are (issue 16).

    python bench/ai_bench.py [--quick] [--games N] [--only strong2p,strong4p,...]

Seeded matches, seats alternated: `strong` and `normal` against one GreedyBot
(rules/bots.py), `strong` against three GreedyBots, `easy` against one GreedyBot and
against one RandomBot, and `strong` against `normal`. A shared win counts half. Thinking
time is measured for every decision a level makes with more than one legal action
(one-choice decisions are answered without thinking and timed apart). `--quick` plays two
games per match, to check that everything runs. The figures are in bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import bot
from rules import apply, legal_actions, load_edition, new_game, pending_decision, winners
from rules.bots import Bot, GreedyBot, RandomBot

NAMES = ("ann", "ben", "cem", "dan")
MATCHES = {  # name: (level, players, opponents, default games, target win share)
    "strong2p": ("strong", 2, GreedyBot, 40, 0.80),
    "strong4p": ("strong", 4, GreedyBot, 20, 0.45),
    "normal2p": ("normal", 2, GreedyBot, 40, 0.60),
    "easy2p": ("easy", 2, GreedyBot, 20, None),
    "easy2p-random": ("easy", 2, RandomBot, 10, None),
    "strong2p-normal": ("strong", 2, "normal", 20, None),
}
TIME_TARGETS = {"strong": (1.0, 3.0), "normal": (1.0, 3.0), "easy": (0.2, 0.2)}  # median, max


def opponent_bot(opponent: type[GreedyBot | RandomBot] | str, seed: int) -> Bot:
    """A bot of rules/bots.py, or an AI level by name."""
    return bot(opponent, seed=seed) if isinstance(opponent, str) else opponent(seed=seed)


def play(level: str, players: int, opponent: type[GreedyBot | RandomBot] | str, game: int,
         think: list[float], single: list[float]) -> float:
    """One seeded game; the AI sits in seat `game % players`. Returns its share of the win."""
    seed = 5000 + game
    names = list(NAMES[:players])
    state = new_game(load_edition(), names, seed=seed)
    ai_seat = state.order[game % players]
    bots = {p: opponent_bot(opponent, seed * 7 + i) for i, p in enumerate(names)}
    ai = bot(level, seed=seed)
    while (decision := pending_decision(state)) is not None:
        who = decision.player
        if who == ai_seat:
            many = len(legal_actions(state, who)) > 1
            t0 = time.perf_counter()
            action = ai.choose(state, who)
            (think if many else single).append(time.perf_counter() - t0)
        else:
            action = bots[who].choose(state, who)
        state = apply(state, who, action)
    won = winners(state)
    return 1.0 / len(won) if ai_seat in won else 0.0


def run(name: str, games: int) -> dict[str, object]:
    level, players, opponent, _default, target = MATCHES[name]
    think: list[float] = []
    single: list[float] = []
    wins = 0.0
    start = time.perf_counter()
    for g in range(games):
        wins += play(level, players, opponent, g, think, single)
        print(f"  {name} game {g + 1}/{games}: {wins:g} won", file=sys.stderr, flush=True)
    return {"match": name, "level": level, "players": players, "games": games,
            "opponent": opponent if isinstance(opponent, str) else opponent.__name__,
            "wins": wins, "share": wins / games, "target": target,
            "median": statistics.median(think), "max": max(think), "decisions": len(think),
            "single_max": max(single, default=0.0), "wall": time.perf_counter() - start}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2 games per match")
    parser.add_argument("--games", type=int, help="games per match (default: per match)")
    parser.add_argument("--only", default=",".join(MATCHES), help="matches to play")
    args = parser.parse_args()
    rows = []
    for name in args.only.split(","):
        games = 2 if args.quick else (args.games or MATCHES[name][3])
        rows.append(run(name, games))
    print("| match | games | AI wins | target | think median s | think max s | "
          "one-choice max ms | wall s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        target = "" if r["target"] is None else f"≥ {r['target']:.0%}"
        print(f"| {r['level']} vs {r['opponent']}, {r['players']}p | {r['games']} | "
              f"{r['wins']:g} ({r['share']:.0%}) | {target} | {r['median']:.3f} | "
              f"{r['max']:.3f} | {r['single_max'] * 1000:.2f} | {r['wall']:.0f} |")
    print(f"\nMeasured {time.strftime('%Y-%m-%d')} on {platform.platform()}, "
          f"Python {platform.python_version()}.")
    for level, (median, most) in TIME_TARGETS.items():
        seen = [r for r in rows if r["level"] == level]
        if seen:
            med = max(r["median"] for r in seen)
            top = max(r["max"] for r in seen)
            ok = med <= median and top <= most
            print(f"- {level}: thinking median {med:.3f} s (≤ {median}), max {top:.3f} s "
                  f"(≤ {most}): {'met' if ok else 'NOT met'}")


if __name__ == "__main__":
    main()
