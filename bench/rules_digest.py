"""One digest of what the rules engine does over random games, to prove a change to it
changes nothing.

    python bench/rules_digest.py [--games N] [--path spec|search] [--edition HASH]

Plays `--games` (default 40) random games — in turn solo (one player against the Autobot,
levels 1 to 12), 2, 3 and 4 players — choosing with `random.Random(seed)` among the
`legal_actions` of whoever decides. Into one sha256 go, for every decision of every game:
the deciding player, the text of every listed legal action in the order listed
(`str(action)`, the canonical notation of `rules.actions`), the action chosen, and the
state after it in its canonical serialisation (`State.to_json`, the form the store keeps,
keys sorted). The first state of each game is hashed too.

`--path spec` (the default) plays through the specification, `rules.legal_actions` and
`rules.apply`; `--path search` through the search's fast path, `rules.search.SearchContext`
(`legal_actions`, `apply_listed`). Both must print the same digest.

The games are played on one edition file named by its hash (`PINNED_EDITION`, found in
`rules/editions/` or its archive), not on whatever `classic.toml` is today: a correction of
the edition's data (which archives the old file) then leaves the digest alone, and a
changed digest always means the engine plays differently. `tests/rules/test_rules_digest.py`
checks the stored digest on every run of the suite; how to update it is said there.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import (
    SearchContext,
    State,
    apply,
    current_player,
    edition_by_hash,
    legal_actions,
    new_game,
)
from rules.actions import Action

NAMES = ("ann", "ben", "cem", "dan")
SOLO_LEVELS = 12
# The classic edition of 2026-12 (its tenth round: no station on k2.1). When this file is
# superseded it moves to rules/editions/archive/ and stays found by this hash.
PINNED_EDITION = "06197a3f817f3a90afa12702033ca0e9332990c8b1167d3ea374bd54ea7f4b84"
Rules = tuple[Callable[[State, str], list[Action]], Callable[[State, str, Action], State]]


def rules_of(path: str) -> Rules:
    """(legal_actions, apply) of the specification or of a search's fast path."""
    if path == "spec":
        return legal_actions, apply
    context = SearchContext()
    return context.legal_actions, context.apply_listed


def play(seed: int, players: int, feed: Callable[[bytes], None], path: str = "spec",
         edition_hash: str = PINNED_EDITION) -> int:
    """One random game of `players` (1: solo against the Autobot), fed to `feed` (a
    digest's update); returns its number of actions."""
    listing, take = rules_of(path)
    rng = random.Random(seed)
    level = 1 + seed % SOLO_LEVELS if players == 1 else None
    state = new_game(edition_by_hash(edition_hash), list(NAMES[:players]), seed=seed,
                     solo_level=level)
    feed(state.to_json().encode())
    actions = 0
    while (pid := current_player(state)) is not None:
        options = listing(state, pid)
        choice = rng.choice(options)
        text = "\n".join(str(action) for action in options)
        feed(f"{pid}\n{text}\n> {choice}\n".encode())
        state = take(state, pid, choice)
        feed(state.to_json().encode())
        actions += 1
    return actions


def digest(games: int = 40, path: str = "spec",
           edition_hash: str = PINNED_EDITION) -> tuple[str, int]:
    """(the digest's first 32 hex digits, the number of actions played)."""
    found = hashlib.sha256()
    actions = sum(play(seed=2000 + i, players=1 + i % 4, feed=found.update, path=path,
                       edition_hash=edition_hash)
                  for i in range(games))
    return found.hexdigest()[:32], actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--path", choices=("spec", "search"), default="spec")
    parser.add_argument("--edition", default=PINNED_EDITION, help="an edition file's sha256")
    args = parser.parse_args()
    found, actions = digest(args.games, args.path, args.edition)
    print(f"{found}  ({args.games} games, {actions} actions, {args.path} path, "
          f"edition {args.edition[:12]})")


if __name__ == "__main__":
    main()
