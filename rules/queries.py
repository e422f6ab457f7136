"""The read-only questions of the public face (DESIGN §2), for adapters and renderers."""

from __future__ import annotations

from typing import NamedTuple

from rules import network, offices, scoring
from rules.actions import Action, Extra, Move, Play
from rules.autobot.hooks import is_bot
from rules.flow import pending_decision
from rules.model import Edition
from rules.play import action_price
from rules.registry import edition_by_hash
from rules.state import State
from rules.trucks import station_fee


def edition_of(state: State) -> Edition:
    return edition_by_hash(state.edition_hash)


def current_player(state: State) -> str | None:
    """Whose decision is pending; None when the game is over."""
    decision = pending_decision(state)
    return None if decision is None else decision.player


def era(state: State) -> int:
    return state.era


def city_value(state: State, node: str) -> int:
    return network.city_value(state, edition_of(state), node)


def link_status(state: State, link: str) -> tuple[int, bool]:
    """(sections built, upgraded?)."""
    return network.link_built(state, edition_of(state).links[link]), link in state.upgraded


def office_seats(state: State, colour: str) -> tuple[str, ...]:
    """Player ids, leftmost seat first."""
    return state.offices[colour]


def money(state: State, player: str) -> int:
    return state.players[player].money


def employees(state: State, player: str) -> dict[str, int]:
    """Counts: supply, lobby, seats, floors, grant."""
    return offices.employee_counts(state, player)


def trucks(state: State, player: str) -> dict[int, tuple[str, str] | None]:
    """{1: (position, goods) or None, 2: ...}."""
    return {i: None if t is None else (t.position, t.goods)
            for i, t in enumerate(state.players[player].trucks, start=1)}


def scores(state: State) -> dict[str, int]:
    """Victory points; final once the game is over."""
    return scoring.scores(state, edition_of(state))


def winners(state: State) -> list[str]:
    return scoring.winners(state, edition_of(state))


def is_over(state: State) -> bool:
    return state.phase == "over"


def autobot_seat(state: State) -> str | None:
    """The Autobot's seat in a solo game (SOLO S-7: the start player); None otherwise."""
    return state.order[0] if is_bot(state, state.order[0]) else None


def price(state: State, action: Action) -> int:
    """The DM `action` costs its player before anything it sets off pays back (a tile's
    money, a development space): a build, extra build, upgrade or station; 0 otherwise."""
    if isinstance(action, Play):
        return action_price(state, edition_of(state), action.slot, action.target)
    if isinstance(action, Extra):
        return action_price(state, edition_of(state), "build", action.section)
    return 0


class StationsPassed(NamedTuple):
    """What a move pays at the service stations its path enters (RULES §8)."""

    mine: int  # DM from the mover's own stations
    paid: tuple[tuple[str, int], ...]  # (another player, DM from their stations), by id
    autobot: int  # the Autobot's stations entered: no DM, they develop it (SOLO TR-5)

    @property
    def others(self) -> int:
        """DM to the other players' stations, all of them."""
        return sum(dm for _, dm in self.paid)


def stations_passed(state: State, player: str, move: Move) -> StationsPassed:
    """The station income of `move` by `player`, as `apply` would pay it."""
    owners = [(section, owner) for section in move.path
              if (owner := state.stations.get(section)) is not None]
    if not owners:
        return _NOTHING_PASSED
    edition = edition_of(state)
    mine = autobot = 0
    paid: dict[str, int] = {}
    for section, owner in owners:
        if is_bot(state, owner):
            autobot += 1
        elif owner == player:
            mine += station_fee(state, edition, section)
        else:
            paid[owner] = paid.get(owner, 0) + station_fee(state, edition, section)
    return StationsPassed(mine, tuple(sorted(paid.items())), autobot)


_NOTHING_PASSED = StationsPassed(0, (), 0)
