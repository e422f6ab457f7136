"""One descriptor per kind of action: how it is named, labelled, logged and offered.

The rules say what an action is (`rules.actions`); everything the bot shows of a kind is
read from here: the catalogue keys of its label, its log sentence and its group (a prompt
menu's placeholder, a `/legal` heading), its place among the kinds, whether it is a button
of its own, and which turn command offers it. `service.labels`, `service.log`,
`cogs.prompts`, `cogs.turns` and the console read this table; a new kind of action is its
rules, one line below, and its catalogue entries (`tests/service/test_kinds.py` checks that
every kind has them in every language).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import (
    Action,
    AutobotTurn,
    Bonus,
    Extra,
    Key,
    Move,
    Pick,
    Play,
    Promote,
    Route,
    RuleError,
    Simple,
    Slot,
    parse_action,
)


@dataclass(frozen=True, slots=True)
class ActionKind:
    name: str  # what `kind_of` says: a `Play`'s slot, a `Simple`'s word, or the type's word
    notation: str  # how its notation reads (`rules.actions.USAGE`)
    command: str | None  # the turn command of its own that offers it (`/act` offers all)
    button: bool = False  # a one-word action: a button of its own on a prompt

    @property
    def label(self) -> str:
        """The catalogue key of its label (`service.labels.action_label`)."""
        return f"label.{self.name}"

    @property
    def log(self) -> str:
        """The catalogue key of its log sentence (`service.log`)."""
        return f"log.{self.name}"

    @property
    def group(self) -> str:
        """The catalogue key naming all choices of the kind: a menu, a `/legal` heading."""
        return f"label.group.{self.name}"


# In the order a player meets them (KIND_ORDER): the console's `/legal` groups, a prompt's
# menus and the autocomplete's ranking all go by it. The main action's slots come in the
# order of the office board; research with a key follows research with a card.
KINDS: tuple[ActionKind, ...] = (
    ActionKind("pass", "pass", "pass", button=True),
    ActionKind("route", "route <card>", None),  # /act offers it, as every kind
    ActionKind("bonus", "bonus <country>", "bonus"),
    ActionKind("pick", "pick <card>", "promote"),
    ActionKind("slot", "slot <slot>", "promote"),
    ActionKind("promote", "promote <from> <to>", "promote"),
    ActionKind("extra", "extra <section>", "build"),
    ActionKind("move", "move <truck> <section>... [deliver]", "move"),
    ActionKind("build", "build <section> with <card>", "build"),
    ActionKind("upgrade", "upgrade <link> with <card>", "upgrade"),
    ActionKind("load", "load <depot> <goods> [<truck>] with <card>", "load"),
    ActionKind("station", "station <section> with <card>", "station"),
    ActionKind("research", "research <lock> with <card>", "research"),
    ActionKind("key", "research <lock>", "research"),
    ActionKind("takeback", "takeback", "takeback", button=True),
    ActionKind("grant", "grant", "grant", button=True),
    ActionKind("autobot", "autobot <turn>", None),
)
KIND: dict[str, ActionKind] = {kind.name: kind for kind in KINDS}
KIND_ORDER: tuple[str, ...] = tuple(kind.name for kind in KINDS)
BUTTON_KINDS: tuple[str, ...] = tuple(kind.name for kind in KINDS if kind.button)


def kind_of(action: Action | str) -> str:
    """The kind of an action or of its notation. Notation that does not parse (a log
    written by an older notation) is of the kind its first word names."""
    if isinstance(action, str):
        text = action
        try:
            action = parse_action(text)
        except RuleError:
            return text.split(" ", 1)[0]
    match action:
        case Play(slot=slot):
            return slot
        case Simple(word=word):
            return word
        case Key():
            return "key"
        case Move():
            return "move"
        case Promote():
            return "promote"
        case Route():
            return "route"
        case Pick():
            return "pick"
        case Bonus():
            return "bonus"
        case Extra():
            return "extra"
        case Slot():
            return "slot"
        case AutobotTurn():
            return "autobot"
    return str(action).split(" ", 1)[0]


def order_of(kind: str) -> int:
    """Where a kind comes among the kinds; an unknown one last."""
    return _ORDER.get(kind, len(_ORDER))


_ORDER = {name: n for n, name in enumerate(KIND_ORDER)}


def offered_by(command: str) -> tuple[str, ...]:
    """The kinds a turn command's autocomplete offers (`/build`: builds and extra builds)."""
    return tuple(kind.name for kind in KINDS if kind.command == command)
