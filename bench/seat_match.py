"""Does a change of the AI's weights play better? One seat against `normal` at the others.

    python bench/seat_match.py --seat grow_stations=2,budget=0 [--against KEY=VALUE,...]
                               [--games N] [--counts 2,3,4] [--edition FILE] [--jobs J]

For each player count it plays `--games` seeded games in which one seat (rotating) is the
`normal` level with the `--seat` weights (ai.evaluate.Weights fields) and every other seat is
`normal` with the `--against` weights (default: the shipped ones), both without the clock
limit, as bench/balance.py plays them. It prints the seat's share of the wins against its fair
share (1 / players); a shared win counts for its share. How the weights of issue 15's ninth
round were chosen (bench/RESULTS.md): the default against the weights before it.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import DEFAULT, SearchBot, Weights
from bench.balance import AI_NORMAL, NAMES, _edition
from rules import new_game
from rules.bots import play_out
from rules.scoring import winners

MAX_ACTIONS = 1500


def weights(spec: str) -> Weights:
    """`grow_stations=2,budget=0` -> the shipped weights with those fields replaced."""
    fields = {f.name: f.type for f in dataclasses.fields(Weights)}
    changes: dict[str, object] = {}
    for item in filter(None, (part.strip() for part in spec.split(","))):
        name, _, value = item.partition("=")
        if name not in fields:
            raise SystemExit(f"seat_match: no weight {name!r}; known: {', '.join(fields)}")
        changes[name] = value if fields[name] in (str, "str") else float(value)
    return dataclasses.replace(DEFAULT, **changes)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Match:
    players: int
    seed: int
    seat: str
    against: str
    edition: str


def play(match: Match) -> tuple[int, float]:
    """(players, the seat's share of the win) for one game."""
    edition = _edition(match.edition)
    ids = list(NAMES[:match.players])
    seat = ids[match.seed % match.players]
    bots = {pid: SearchBot(AI_NORMAL, seed=match.seed * 10 + i,
                           weights=weights(match.seat if pid == seat else match.against))
            for i, pid in enumerate(ids)}
    final, _log = play_out(new_game(edition, ids, match.seed), bots, max_actions=MAX_ACTIONS)
    best = winners(final, edition)
    return match.players, (1 / len(best) if seat in best else 0.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seat", required=True, help="the seat's weights, KEY=VALUE,...")
    parser.add_argument("--against", default="", help="the other seats' weights")
    parser.add_argument("--games", type=int, default=30, help="games per player count")
    parser.add_argument("--counts", default="2,3,4")
    parser.add_argument("--edition", default="", help="an edition file (default: classic)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=9100)
    args = parser.parse_args(argv)
    for spec in (args.seat, args.against):
        weights(spec)  # refuse a wrong name before playing
    counts = [int(c) for c in args.counts.split(",")]
    matches = [Match(n, args.seed + k, args.seat, args.against, args.edition)
               for n in counts for k in range(args.games)]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(play, matches, chunksize=2))
    edition = _edition(args.edition)
    print(f"## Seat match: {edition.name} {edition.hash[:12]}; the seat {args.seat!r} "
          f"against {args.against or 'the shipped weights'!r}")
    for n in counts:
        shares = [share for players, share in results if players == n]
        won = sum(shares)
        print(f"- {n} players: the seat won {won:g} of {len(shares)} = "
              f"{won / len(shares):.2f} (fair share {1 / n:.2f})")
    print(f"{len(matches)} games in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
