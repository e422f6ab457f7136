"""The `Play` objects `legal_actions` lists, made once per `Caches` and shared.

A listed action is immutable, so one object serves every listing that offers it; building
the frozen dataclass anew for every listing cost more than the legality checks behind it
(`rules.candidates` finds the targets, `rules.main_action` the cards).
"""

from __future__ import annotations

from rules.actions import Play
from rules.caches import Caches

Target = tuple[str, str | None]  # (target, goods), as rules.candidates lists them


class _Row(dict[Target, Play]):
    """The `Play` of each target for one slot, card and colour named, made when first
    asked for."""

    __slots__ = ("card", "colour", "last", "slot")

    def __init__(self, slot: str, card: str, colour: str | None) -> None:
        super().__init__()
        self.slot, self.card, self.colour = slot, card, colour
        self.last: tuple[tuple[Target, ...], tuple[Play, ...]] = ((), ())

    def __missing__(self, target: Target) -> Play:
        found = self[target] = Play(self.slot, target[0], self.card, self.colour, target[1])
        return found

    def of(self, targets: tuple[Target, ...]) -> tuple[Play, ...]:
        """The plays of `targets`, in their order, remembered for the last tuple asked:
        a slot's targets are one shared tuple from listing to listing until the state
        changes them (rules.candidates)."""
        last = self.last
        if last[0] is targets:
            return last[1]
        found = tuple(map(self.__getitem__, targets))
        self.last = (targets, found)
        return found


class _CardRows(dict[str, _Row]):
    """The `_Row` of each slot for one card and colour named, made when first asked for:
    `legal_actions` looks a card up once and its slots in it."""

    __slots__ = ("card", "colour")

    def __init__(self, card: str, colour: str | None) -> None:
        super().__init__()
        self.card, self.colour = card, colour

    def __missing__(self, slot: str) -> _Row:
        row = self[slot] = _Row(slot, self.card, self.colour)
        return row


_CARDS_MAX = 2_000  # a few editions' cards, each in every colour


def plays(card: str, colour: str | None, caches: Caches) -> _CardRows:
    """`plays(card, colour, caches)[slot][(target, goods)]` is `Play(slot, target, card,
    colour, goods)`, shared by every listing that asks with the same `caches`."""
    key = (card, colour)
    cards = caches.plays
    rows: _CardRows | None = cards.get(key)
    if rows is None:
        if len(cards) >= _CARDS_MAX:
            cards.clear()
        rows = cards[key] = _CardRows(card, colour)
    return rows
