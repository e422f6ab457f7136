"""Helpers for the part-2 rule tests: shaping positions with `dataclasses.replace`.

A shaped state skips `settle`, so each helper leaves the state resting at a decision the
turn machine knows (`main`, `move`, `bonus`) with an empty effect queue.
"""

from __future__ import annotations

from dataclasses import replace

from rules import apply, legal_actions, load_edition, new_game, pending_decision
from rules.flow import settle
from rules.model import Edition
from rules.registry import edition_by_hash
from rules.state import DeliveryRowState, Effect, State, Truck, Turn
from tests.rules.helpers import ARCHIVED

ED = load_edition()
OLD = ARCHIVED  # the classic edition before 2026-12-01
PLAYERS = ("ann", "ben", "cem")


def drafted(players: tuple[str, ...] = PLAYERS, seed: int = 1,
            edition: Edition = ED) -> State:
    """A new game after the route draft (each drafter takes the first card offered)."""
    s = new_game(edition, list(players), seed=seed)
    while s.phase == "draft":
        pid = pending_decision(s).player
        s = apply(s, pid, legal_actions(s, pid)[0])
    return s


def at(s: State, player: str = "ann", step: str = "main", colour: str | None = None,
       era: int | None = None, card: str | None = None) -> State:
    """`player`'s turn at `step`, with `colour` as the played card's colour."""
    s = replace(s, queue=(), turn=Turn(player, step, played_colour=colour,
                                       played_card=card or colour,
                                       number=s.turn.number if s.turn else 1))
    if era is not None:
        s = replace(s, era=era, era_supply=edition_by_hash(s.edition_hash).era(era).supply)
    return s


def turn_of(player: str = "ann", step: str = "main", colour: str | None = None,
            era: int | None = None, players: tuple[str, ...] = PLAYERS, seed: int = 1,
            edition: Edition = ED) -> State:
    """A drafted game where `player` is at `step`, seat order = `players` as given."""
    s = replace(drafted(players, seed, edition), order=tuple(players))
    return at(s, player, step, colour, era)


def set_player(s: State, pid: str, **changes: object) -> State:
    return s.with_player(replace(s.players[pid], **changes))


def with_truck(s: State, pid: str, position: str, goods: str, number: int = 1) -> State:
    """Put `pid`'s truck `number` on `position` carrying `goods` (taken from the supply)."""
    trucks = list(s.players[pid].trucks)
    trucks[number - 1] = Truck(position, goods)
    s = replace(s, goods=s.goods.set(goods, s.goods[goods] - 1))
    return set_player(s, pid, trucks=tuple(trucks))


def built(s: State, *sections: str) -> State:
    return replace(s, built=s.built | set(sections))


def upgraded(s: State, *links: str) -> State:
    return replace(s, upgraded=s.upgraded | set(links))


def row(s: State, pid: str, country: str) -> DeliveryRowState:
    return s.players[pid].deliveries.get(country, DeliveryRowState())


def set_row(s: State, pid: str, country: str, spaces: DeliveryRowState) -> State:
    p = s.players[pid]
    return set_player(s, pid, deliveries=p.deliveries.set(country, spaces))


def notations(s: State, pid: str) -> list[str]:
    return [str(a) for a in legal_actions(s, pid)]


def moves(s: State, pid: str) -> set[str]:
    return {t for t in notations(s, pid) if t.startswith("move")}


def decision(s: State) -> tuple[str, str] | None:
    d = pending_decision(s)
    return None if d is None else (d.kind, d.player)


def money(s: State, pid: str) -> int:
    return s.players[pid].money


def give(s: State, pid: str, *cards: str) -> State:
    """Put `cards` into `pid`'s hand (e.g. the yellow basic card a shaped era 3 lacks)."""
    return set_player(s, pid, hand=(*s.players[pid].hand, *cards))


def settle_with(s: State, *effects: Effect) -> State:
    """Queue `effects` in front and let the turn machine resolve them."""
    return settle(replace(s, queue=(*effects, *s.queue)), edition_by_hash(s.edition_hash))
