"""Rebuilding states from the log, and telling where a turn ends.

The action log is the source of truth (DESIGN §3): any earlier state is the initial state
of (edition, players, seed) with the first N actions applied again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

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


def initial_state(edition_hash: str, players: Sequence[str], seed: int,
                  solo_level: int | None = None) -> State:
    """The game as dealt, with the very edition file it was created with (found by its
    hash among the shipped and archived editions): a corrected `classic.toml` never
    changes the rules of a game already in the database. A solo game (one human against
    the Autobot) names its level."""
    return rules.new_game(rules.edition_by_hash(edition_hash), players=list(players),
                          seed=seed, solo_level=solo_level)


def solo_level(settings: Mapping[str, Any]) -> int | None:
    """The Autobot's level of a solo game (a game setting), None for a game of humans."""
    value = settings.get("solo_level")
    return None if value is None else int(value)


def autobot_moves(state: State) -> tuple[list[tuple[str, str]], State]:
    """The Autobot's turns, applied while it is the one to decide (it never waits for
    anyone: each turn is its one legal action). Returns (player, notation) pairs and the
    state after them; nothing outside a solo game."""
    moves: list[tuple[str, str]] = []
    while state.solo is not None and not rules.is_over(state):
        player = rules.current_player(state)
        if player is None or player != rules.autobot_seat(state):
            break
        (action,) = rules.legal_actions(state, player)
        state = rules.apply(state, player, action)
        moves.append((player, str(action)))
    return moves, state


def replay(start: State, actions: Iterable[tuple[str, str]]) -> State:
    """`start` with every (player, notation) applied; a refused action raises RuleError."""
    state = start
    for player, notation in actions:
        state = rules.apply(state, player, notation)
    return state


def standings(state: State) -> dict[str, int]:
    """Every seat's points, best first: the order a final score is read in (rules'
    ranking: points, then employees in the departments, then their floor values)."""
    from rules.scoring import ranking_key

    ed = rules.edition_of(state)
    points = rules.scores(state)
    order = sorted(state.order, key=lambda p: ranking_key(state, ed, p), reverse=True)
    return {pid: points[pid] for pid in order}


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
