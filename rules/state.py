"""The game state: a tree of frozen dataclasses that round-trips through JSON.

Everything a game is lives here — board, offices, administration, hands, trucks, money,
era, the pending decisions and the random-number state — so `State.from_json(s.to_json())`
restores a game exactly. Derived facts (city values, the network) are computed from it by
`rules.network`, never stored twice.
"""

from __future__ import annotations

import enum
import json
import types
import typing
from dataclasses import dataclass, field, fields, is_dataclass
from functools import cache
from typing import Any

from rules.autobot.solo_state import SoloState
from rules.frozen import FrozenDict, evolve
from rules.kinds import Phase, Step

SCHEMA_VERSION = 1


@dataclass(frozen=True, slots=True)
class Truck:
    position: str  # a section id ("k3.2") or a depot id ("d_red")
    goods: str


@dataclass(frozen=True, slots=True)
class DeliveryRowState:
    """A player's delivery-board row for one country: which spaces hold a token."""

    goods: str = ""  # "" empty, "unused" bonus claimable, "used" bonus taken
    dm: bool = False
    pharma: bool = False


# Not slotted, unlike the small records: `evolve` copies a wide record's `__dict__` in one
# step, and an action copies State and Player about a dozen times.
@dataclass(frozen=True)
class Player:
    id: str
    money: int
    supply: int  # employees in the player's supply
    lobby: int
    floors: FrozenDict[str, tuple[int, ...]]  # department -> employees on floors 1..n
    granted: int  # employees spent on government grants (out of the game)
    grant_eras: tuple[int, ...]
    hand: tuple[str, ...]
    slots: FrozenDict[str, tuple[str, ...]]  # action slot -> cards played on it
    extra_capacity: FrozenDict[str, int]
    keys: tuple[str, ...]  # locks opened, in the order opened
    development: int
    board: int  # delivery board number
    deliveries: FrozenDict[str, DeliveryRowState]
    delivered: tuple[str, ...]  # countries delivered to at least once (Trade department)
    trucks: tuple[Truck | None, ...]  # index 0 is truck 1
    stations_left: int
    route: str | None
    route_rewards: tuple[str, ...]  # "complete" / "upgraded" once earned
    pending_promotions: int  # owed while not the active player (RULES §10.1)


@dataclass(frozen=True, slots=True)
class Effect:
    """Something to resolve: automatic (money, develop, era steps) or a decision.

    Effects wait in `State.queue` in the order the rules create them; the head is resolved
    first, and an effect that needs a choice becomes the pending decision.
    """

    kind: str
    player: str = ""
    amount: int = 1
    colours: tuple[str, ...] = ()
    source: str = ""


@dataclass(frozen=True, slots=True)
class Turn:
    player: str
    step: Step
    played_colour: str | None = None
    played_card: str | None = None
    number: int = 1
    moved: tuple[int, ...] = ()  # trucks already moved in this phase 3


@dataclass(frozen=True)  # not slotted: see Player
class State:
    edition: str  # edition name
    edition_hash: str
    seed: int
    rng: int
    order: tuple[str, ...]  # players in seat order, the start player first
    players: FrozenDict[str, Player]
    phase: Phase
    era: int
    era_supply: int  # road sections left in this era's supply
    built: frozenset[str]  # section ids
    upgraded: frozenset[str]  # link ids
    offices: FrozenDict[str, tuple[str, ...]]  # colour -> player on each occupied seat
    stations: FrozenDict[str, str]  # section id -> player
    goods: FrozenDict[str, int]  # general supply
    section_tiles: FrozenDict[str, str]  # section id -> bonus tile waiting there
    country_tiles: FrozenDict[str, str]  # country -> bonus tile beside it
    bag: tuple[str, ...]  # bonus tiles still in the bag, in draw order
    display: tuple[str, ...]
    deck: tuple[str, ...]  # the deck that refills the display, in draw order
    advanced_deck: tuple[str, ...]
    routes_offered: tuple[str, ...]  # route cards still in the draft
    turn: Turn | None
    queue: tuple[Effect, ...]
    last_builder: str | None  # who built the era's last section
    final_turns: tuple[str, ...]  # players still to take a turn in the final round
    reveals: int  # how many hidden things were revealed (undo stops there)
    # Main actions passed in a row, by anyone (the era ends after a whole round of them:
    # Edition.era_end). A default, so snapshots written before it still load.
    passes: int = 0
    schema: int = field(default=SCHEMA_VERSION)
    solo: SoloState | None = None  # the Autobot's decks and board in a solo game

    def player(self, pid: str) -> Player:
        return self.players[pid]

    def with_player(self, player: Player) -> State:
        return evolve(self, players=self.players.set(player.id, player))

    # ----- JSON -----

    def to_json(self) -> str:
        return json.dumps(_encode(self), separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> State:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("a state is a JSON object")
        if data.get("schema") != SCHEMA_VERSION:
            raise ValueError(
                f"state schema {data.get('schema')} is not supported "
                f"(this engine reads {SCHEMA_VERSION})"
            )
        state: State = _decode(cls, data)
        return state


def _encode(value: Any) -> Any:
    if is_dataclass(value):
        return {f.name: _encode(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, dict):
        return {k: _encode(v) for k, v in value.items()}
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _decode(tp: Any, data: Any, where: str = "state") -> Any:
    """`data` (parsed JSON) as a value of type `tp`, strictly: a snapshot is a cache of the
    log, so one that does not match the state's shape exactly (a wrong type, an unknown or
    missing field) is refused with ValueError and the caller rebuilds it from the log,
    instead of a game running on a half-right state."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in typing.get_args(tp):
            return None
        inner = [a for a in typing.get_args(tp) if a is not type(None)]
        return _decode(inner[0], data, where)
    if origin is typing.Literal:
        if data not in typing.get_args(tp):
            raise ValueError(f"{where}: {data!r} is not one of {typing.get_args(tp)}")
        return data
    if origin is tuple:
        _expect(data, list, where)
        (item, _ellipsis) = typing.get_args(tp)
        return tuple(_decode(item, v, f"{where}[{i}]") for i, v in enumerate(data))
    if origin is frozenset:
        _expect(data, list, where)
        (item,) = typing.get_args(tp)
        return frozenset(_decode(item, v, f"{where}[]") for v in data)
    if origin is FrozenDict:
        _expect(data, dict, where)
        _key, item = typing.get_args(tp)
        return FrozenDict({k: _decode(item, v, f"{where}.{k}") for k, v in data.items()})
    if isinstance(tp, type) and is_dataclass(tp):
        _expect(data, dict, where)
        hints = _hints(tp)
        unknown = sorted(set(data) - set(hints))
        if unknown:
            raise ValueError(f"{where}: unknown fields {unknown}")
        try:
            return tp(**{k: _decode(hints[k], v, f"{where}.{k}") for k, v in data.items()})
        except TypeError as err:  # a required field is missing
            raise ValueError(f"{where}: {err}") from None
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except ValueError:
            raise ValueError(f"{where}: {data!r} is not a {tp.__name__}") from None
    if tp in (int, str, bool):
        _expect(data, tp, where)
        return data
    if tp is float:
        _expect(data, (int, float), where)
        return float(data)
    return data


def _expect(data: Any, kind: type | tuple[type, ...], where: str) -> None:
    # bool is an int in Python, but never one in a state (and an int never a bool)
    wrong_bool = isinstance(data, bool) and kind is not bool
    if wrong_bool or not isinstance(data, kind):
        raise ValueError(f"{where}: {type(data).__name__} {data!r:.40} where a "
                         f"{getattr(kind, '__name__', kind)} belongs")
