"""Actions and their text notation (DESIGN §2).

Every action has one canonical text form; `parse_action(str(a)) == a` for every action and
`str(parse_action(t)) == t` for every canonical text. Parsing is purely syntactic (it needs
no edition): whether the named section, card or lock exists is for the rules to judge.
Input is forgiving about case and spacing, output is always canonical.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.errors import UnknownActionError

PLAY_SLOTS = ("build", "upgrade", "load", "station", "research")
_TOKEN = re.compile(r"^[a-z0-9_][a-z0-9_.\-]*$")
_SOURCE = re.compile(r"^(seat:[a-z]+|[a-z0-9_]+)$")
_TRUCK = re.compile(r"^[0-9]{1,2}\Z")  # ASCII only: str.isdigit() also accepts "²"
_CARD = re.compile(r"^([a-z0-9_]+)(?::([a-z]+))?$")
MAX_TEXT = 200  # no legal action is longer; longer input is refused before parsing


class Action:
    """Base class; every subclass is a frozen dataclass with a canonical `__str__`."""

    kind = ""


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card onto an action slot: build, upgrade, load, station or research."""

    slot: str
    target: str  # section, link, depot or lock
    card: str
    colour: str | None = None  # given only for cards with a choice of colours
    goods: str | None = None  # for load
    truck: int | None = None  # for a load that brings this truck back from the map
    kind = "play"

    def card_text(self) -> str:
        return self.card if self.colour is None else f"{self.card}:{self.colour}"

    def __str__(self) -> str:
        goods = f" {self.goods}" if self.goods else ""
        truck = f" {self.truck}" if self.truck is not None else ""
        return f"{self.slot} {self.target}{goods}{truck} with {self.card_text()}"


@dataclass(frozen=True, slots=True)
class Key(Action):
    """A free research from a `key` bonus: no card is played."""

    lock: str
    kind = "key"

    def __str__(self) -> str:
        return f"research {self.lock}"


@dataclass(frozen=True, slots=True)
class Simple(Action):
    """takeback, grant or pass."""

    word: str

    @property
    def kind(self) -> str:  # type: ignore[override]
        return self.word

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Route(Action):
    card: str
    kind = "route"

    def __str__(self) -> str:
        return f"route {self.card}"


@dataclass(frozen=True, slots=True)
class Bonus(Action):
    country: str
    kind = "bonus"

    def __str__(self) -> str:
        return f"bonus {self.country}"


@dataclass(frozen=True, slots=True)
class Extra(Action):
    section: str
    kind = "extra"

    def __str__(self) -> str:
        return f"extra {self.section}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    truck: int
    path: tuple[str, ...]
    deliver: bool = False
    kind = "move"

    def __str__(self) -> str:
        parts = ["move", str(self.truck), *self.path]
        if self.deliver:
            parts.append("deliver")
        return " ".join(parts)


_new_action = object.__new__
_set_truck, _set_path, _set_deliver = (Move.__dict__[name].__set__
                                       for name in ("truck", "path", "deliver"))


def new_move(truck: int, path: tuple[str, ...], deliver: bool = False) -> Move:
    """`Move(truck, path, deliver)` at half the cost: the slots set directly, as a frozen
    dataclass's `__init__` does through `object.__setattr__`. Listing truck moves makes
    dozens at a time."""
    move: Move = _new_action(Move)
    _set_truck(move, truck)
    _set_path(move, path)
    _set_deliver(move, deliver)
    return move


@dataclass(frozen=True, slots=True)
class Promote(Action):
    source: str  # "seat:<colour>", "lobby" or "<department><floor>"
    target: str  # "lobby" or "<department><floor>"
    kind = "promote"

    def __str__(self) -> str:
        return f"promote {self.source} {self.target}"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    card: str
    kind = "pick"

    def __str__(self) -> str:
        return f"pick {self.card}"


@dataclass(frozen=True, slots=True)
class Slot(Action):
    slot: str
    kind = "slot"

    def __str__(self) -> str:
        return f"slot {self.slot}"


@dataclass(frozen=True, slots=True)
class AutobotTurn(Action):
    """The Autobot's whole turn (rules.autobot.turn): the words say what it chose."""

    words: tuple[str, ...]
    kind = "autobot"

    def __str__(self) -> str:
        return " ".join(("autobot", *self.words))


TAKEBACK = Simple("takeback")
GRANT = Simple("grant")
PASS = Simple("pass")


def is_pass(action: Action) -> bool:
    """`action == PASS`, without a dataclass comparison: every action `apply` takes asks
    it, and `==` between two action kinds calls two Python-level `__eq__` to say no."""
    return type(action) is Simple and action.word == "pass"

# The notation's grammar in one line: the words every action is made of (help texts and
# tests use it; it is notation, the same in every language).
USAGE = (
    "bonus <country> | build <section> with <card> | upgrade <link> with <card> | "
    "load <depot> <goods> [<truck>] with <card> | station <section> with <card> | "
    "research <lock> [with <card>] | takeback | grant | extra <section> | "
    "move <truck> <section>... [deliver] | promote <from> <to> | pick <card> | "
    "slot <slot> | route <card> | pass | autobot <turn>"
)


def _bad(text: str) -> UnknownActionError:
    shown = text if len(text) <= 60 else text[:57] + "..."
    return UnknownActionError(text=shown)


def _token(word: str, text: str) -> str:
    if not _TOKEN.match(word):
        raise _bad(text)
    return word


def _parse_card(spec: str, text: str) -> tuple[str, str | None]:
    m = _CARD.match(spec)
    if not m:
        raise _bad(text)
    return m.group(1), m.group(2)


def parse_action(text: str | Action) -> Action:
    """Parse notation into an `Action`; raises `UnknownActionError` for anything else."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise _bad(str(text)[:MAX_TEXT])
    words = text.strip().lower().split()
    if not words:
        raise _bad(text)
    head, rest = words[0], words[1:]
    if head in ("takeback", "grant", "pass") and not rest:
        return Simple(head)
    if head in PLAY_SLOTS and len(rest) >= 3 and rest[-2] == "with":
        card, colour = _parse_card(rest[-1], text)
        args = rest[:-2]
        if head == "load" and len(args) == 2:
            return Play("load", _token(args[0], text), card, colour, _token(args[1], text))
        if head == "load" and len(args) == 3 and _TRUCK.match(args[2]):
            return Play("load", _token(args[0], text), card, colour, _token(args[1], text),
                        int(args[2]))
        if head != "load" and len(args) == 1:
            return Play(head, _token(args[0], text), card, colour)
        raise _bad(text)
    if head == "research" and len(rest) == 1:
        return Key(_token(rest[0], text))
    if head == "move" and rest and _TRUCK.match(rest[0]):
        path = rest[1:]
        deliver = bool(path) and path[-1] == "deliver"
        if deliver:
            path = path[:-1]
        if not path and not deliver:
            raise _bad(text)
        return Move(int(rest[0]), tuple(_token(p, text) for p in path), deliver)
    if head == "promote" and len(rest) == 2:
        if not _SOURCE.match(rest[0]):
            raise _bad(text)
        return Promote(rest[0], _token(rest[1], text))
    if head == "autobot" and rest:
        return AutobotTurn(tuple(_token(w, text) for w in rest))
    one_word = {"route": Route, "bonus": Bonus, "extra": Extra, "pick": Pick, "slot": Slot}
    if head in one_word and len(rest) == 1:
        return one_word[head](_token(rest[0], text))
    raise _bad(text)
