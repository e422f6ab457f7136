"""One digest of what the rules engine does over random games, to prove a change to it
changes nothing.

    python bench/rules_digest.py [--games N]

Plays `--games` (default 40) random games — in turn solo (one player against the Autobot,
levels 1 to 12), 2, 3 and 4 players — choosing with `random.Random(seed)` among the
`legal_actions` of whoever decides, as `bench/rules_bench.py` plays. Into one sha256 go,
for every decision of every game: the deciding player, the text of every listed legal
action in the order listed (`str(action)`, the canonical notation of `rules.actions`),
the action chosen, and the state after it in its canonical serialisation
(`State.to_json`, the form the store keeps, keys sorted). The first state of each game
is hashed too.

Run it before and after a change meant only to make the engine faster (or cleaner): the
printed digest must be identical. Any difference in what is listed, its order, or any
field of any state (money, queue, random-number state, ...) changes it. It reads the
edition data of this checkout, so compare digests of the same data.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import apply, current_player, legal_actions, load_edition, new_game

NAMES = ("ann", "ben", "cem", "dan")
SOLO_LEVELS = 12


def play(seed: int, players: int, feed: Callable[[bytes], None]) -> int:
    """One random game of `players` (1: solo against the Autobot), fed to `feed` (a
    digest's update); returns its number of actions."""
    rng = random.Random(seed)
    level = 1 + seed % SOLO_LEVELS if players == 1 else None
    state = new_game(load_edition(), list(NAMES[:players]), seed=seed, solo_level=level)
    feed(state.to_json().encode())
    actions = 0
    while (pid := current_player(state)) is not None:
        options = legal_actions(state, pid)
        choice = rng.choice(options)
        listing = "\n".join(str(action) for action in options)
        feed(f"{pid}\n{listing}\n> {choice}\n".encode())
        state = apply(state, pid, choice)
        feed(state.to_json().encode())
        actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    digest = hashlib.sha256()
    actions = sum(play(seed=2000 + i, players=1 + i % 4, feed=digest.update)
                  for i in range(args.games))
    print(f"{digest.hexdigest()[:32]}  ({args.games} games, {actions} actions)")


if __name__ == "__main__":
    main()
