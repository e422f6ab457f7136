"""Shared helpers for the rules tests: a game past the draft, and small state surgeons.

States are immutable, so every helper returns a new state. Positions are shaped with
`dataclasses.replace`; nothing here goes around the engine's own `apply`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from rules import (
    IllegalActionError,
    RuleError,
    State,
    apply,
    current_player,
    legal_actions,
    load_edition,
    new_game,
)
from rules.edition import CLASSIC_PATH
from rules.frozen import FrozenDict
from rules.model import Edition
from rules.state import Turn

EDITION = load_edition()
# The classic edition as it was before the public facts of 2026-12-01 (rules/RULES.md,
# "Editions"): tests of the old readings run on it, as its running games still do.
ARCHIVED = load_edition(CLASSIC_PATH.parent / "archive" / "classic-d562ae7392c6.toml")
NAMES = ("ann", "ben", "cem", "dan")
WEST = ("black", "red", "green", "orange", "purple", "white")


def drafted(players: int = 3, seed: int = 1, edition: Edition = EDITION) -> State:
    """A new game whose route draft is over: the start player's first turn is pending."""
    state = new_game(edition, list(NAMES[:players]), seed=seed)
    while state.phase == "draft":
        pid = current_player(state)
        assert pid is not None
        state = apply(state, pid, legal_actions(state, pid)[0])
    return state


def with_player(state: State, pid: str, **changes: Any) -> State:
    """The state with some fields of one player changed (dicts become FrozenDicts)."""
    changes = {k: FrozenDict(v) if isinstance(v, dict) else v for k, v in changes.items()}
    return state.with_player(replace(state.players[pid], **changes))


def at_main(state: State, pid: str) -> State:
    """It is `pid`'s main action, nothing else pending."""
    return replace(state, turn=Turn(pid, "main"), queue=())


def with_built(state: State, *sections: str) -> State:
    return replace(state, built=state.built | set(sections))


def with_links(state: State, *links: str) -> State:
    """Every section of the given links built."""
    ids = [sid for link in links for sid in EDITION.links[link].section_ids()]
    return with_built(state, *ids)


def with_seats(state: State, colour: str, *pids: str) -> State:
    return replace(state, offices=state.offices.set(colour, tuple(pids)))


def only_offices(state: State, **seats: tuple[str, ...]) -> State:
    """Every office emptied, then the given ones filled: `only_offices(s, black=("ann",))`."""
    offices = {c: tuple(seats.get(c, ())) for c in state.offices}
    return replace(state, offices=FrozenDict(offices))


def texts(state: State, pid: str) -> list[str]:
    return [str(a) for a in legal_actions(state, pid)]


def refused(state: State, pid: str, text: str, code: str,
            error: type[RuleError] = IllegalActionError) -> RuleError:
    """`text` is not offered to `pid`, and `apply` refuses it with `code`, changing nothing."""
    before = state.to_json()
    assert text not in texts(state, pid)
    with pytest.raises(error) as caught:
        apply(state, pid, text)
    assert caught.value.code == code, caught.value
    assert state.to_json() == before
    return caught.value


def play(state: State, *steps: tuple[str, str]) -> State:
    """Apply (player, action) pairs in order, each of them required to be offered."""
    for pid, text in steps:
        assert text in texts(state, pid), (text, texts(state, pid))
        state = apply(state, pid, text)
    return state


def random_states(seed: int, players: int, limit: int = 2000) -> Iterator[State]:
    """Every state of one random legal play-out, from the first decision to the end."""
    rng = random.Random(seed)
    state = new_game(EDITION, list(NAMES[:players]), seed=seed)
    for _ in range(limit):
        yield state
        pid = current_player(state)
        if pid is None:
            return
        state = apply(state, pid, rng.choice(legal_actions(state, pid)))
    raise AssertionError(f"game with seed {seed} did not end in {limit} actions")
