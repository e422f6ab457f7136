"""Rebuilding states from the log, and telling where a turn ends.

The action log is the source of truth (DESIGN §3): any earlier state is the initial state
of (edition, players, seed) with the first N actions applied again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import rules
from rules import Edition, State

from .results import Change


def edition_named(name: str) -> Edition:
    """The edition a game was created with. Only the shipped classic edition exists so far;
    the check by hash happens when a state is loaded (rules' registry)."""
    edition = rules.load_edition()
    if name != edition.name:
        raise rules.RuleError("unknown_edition", edition=name)
    return edition


def initial_state(edition_hash: str, players: Sequence[str], seed: int) -> State:
    """The game as dealt, with the very edition file it was created with (found by its
    hash among the shipped and archived editions): a corrected `classic.toml` never
    changes the rules of a game already in the database."""
    return rules.new_game(rules.edition_by_hash(edition_hash), players=list(players),
                          seed=seed)


def replay(start: State, actions: Iterable[tuple[str, str]]) -> State:
    """`start` with every (player, notation) applied; a refused action raises RuleError."""
    state = start
    for player, notation in actions:
        state = rules.apply(state, player, notation)
    return state


def turn_owner(state: State) -> tuple[str, str | None]:
    """Who the current turn belongs to. Promotions or picks inside a turn keep the owner,
    so a change of owner is a turn passing; each draft pick is a turn of its own."""
    if rules.is_over(state):
        return ("over", None)
    if state.turn is None:
        return ("draft", rules.current_player(state))
    return ("turn", state.turn.player)


def turn_passed(before: State, after: State) -> bool:
    return turn_owner(before) != turn_owner(after)


def changes(before: State, after: State) -> tuple[Change, ...]:
    """What an action changed that a turn message tells: money moved, a new era."""
    out = [Change("change.money", {"player": p, "delta": f"{delta:+d}",
                                   "money": rules.money(after, p)})
           for p in after.order
           if (delta := rules.money(after, p) - rules.money(before, p))]
    if rules.era(after) != rules.era(before):
        out.append(Change("change.era", {"era": rules.era(after)}))
    return tuple(out)
