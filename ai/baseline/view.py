"""What a player at the table knows, and the AI's own randomness.

The only hidden things in Autobahn are the orders of the tile bag and of the two card decks
(and the game's seed, from which a program could recompute them). The AI never reads them:
before it simulates anything it replaces them by an order of its own drawing, starting from
their sorted contents, so no choice can depend on the real order (RULES.md "Setup and
randomness").
"""

from __future__ import annotations

import dataclasses
import hashlib
import random

from rules import State

_MASK = (1 << 64) - 1


def public_key(state: State) -> str:
    """The position as everyone at the table sees it (hidden orders sorted away)."""
    masked = dataclasses.replace(state, seed=0, rng=0, bag=tuple(sorted(state.bag)),
                                 deck=tuple(sorted(state.deck)),
                                 advanced_deck=tuple(sorted(state.advanced_deck)))
    return masked.to_json()


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

    return dataclasses.replace(state, seed=rng.getrandbits(63), rng=rng.getrandbits(64) & _MASK,
                               bag=redraw(state.bag), deck=redraw(state.deck),
                               advanced_deck=redraw(state.advanced_deck))
