"""What a player at the table knows, and the AI's own randomness.

The only hidden things in Autobahn are future orders: of the tile bag, of the two card
decks, and in a solo game of the Autobot's colour deck, task deck and reserve of advanced
task cards (SOLO.md §3: face down until drawn) — and the game's seed, from which a program
could recompute them all. Their contents are known (what went in, less what came out);
their order is not. The AI never reads an order: before it simulates anything it replaces
each by an order of its own drawing, starting from the sorted contents, so no choice can
depend on the real order (RULES.md "Setup and randomness"). Route cards are public (the
offered ones face up, the rest out of the game), so they need no mask.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Callable

from rules import State

_MASK = (1 << 64) - 1

Redraw = Callable[[tuple[str, ...]], tuple[str, ...]]


def _with_hidden(state: State, redraw: Redraw, seed: int, rng: int) -> State:
    """`state` with the game's seed and generator replaced and every field that holds a
    hidden order passed through `redraw` (in a fixed order, for the caller's generator)."""
    bag, deck, advanced = redraw(state.bag), redraw(state.deck), redraw(state.advanced_deck)
    solo = state.solo
    if solo is not None:
        solo = dataclasses.replace(
            solo, colour_pile=redraw(solo.colour_pile), task_pile=redraw(solo.task_pile),
            task_reserve=redraw(solo.task_reserve))
    return dataclasses.replace(state, seed=seed, rng=rng, bag=bag, deck=deck,
                               advanced_deck=advanced, solo=solo)


def public_key(state: State) -> str:
    """The position as everyone at the table sees it (hidden orders sorted away)."""
    return _with_hidden(state, lambda items: tuple(sorted(items)), 0, 0).to_json()


def position_rng(seed: int, state: State, player: str) -> random.Random:
    """The bot's generator for this decision: its seed mixed with the public position, so
    the same bot shown the same position answers the same, across processes."""
    digest = hashlib.blake2b(f"{seed}|{player}|{public_key(state)}".encode(),
                             digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def determinise(state: State, rng: random.Random) -> State:
    """One possible world consistent with what the player knows: the hidden orders redrawn
    from their sorted contents with the AI's own generator."""
    def redraw(items: tuple[str, ...]) -> tuple[str, ...]:
        out = sorted(items)
        rng.shuffle(out)
        return tuple(out)

    seed, state_rng = rng.getrandbits(63), rng.getrandbits(64) & _MASK
    return _with_hidden(state, redraw, seed, state_rng)
