"""What the engine may remember between questions, in one object its owner passes in.

The specification (`rules.apply`, `rules.legal_actions`) asks every question afresh: each
call makes a new `Caches`, so nothing one call learns reaches another, and no module of
`rules/` holds state that changes. A search asks the same questions of thousands of
closely related positions; it owns one `Caches` for as long as it likes (through
`rules.search.SearchContext`) and hands it to every call, so what one position derived
(the network of its built sections, the targets of a slot, a truck's walks, the `Play`
objects of a card) is found again for the next.

Everything kept here is a pure function of the key it is found by: a cache can only make
an answer faster, never different, and an empty one gives the same answers as a full one
(`tests/rules/test_search_context.py` plays games both ways). Entries found by an object's
identity hold a reference to that object, so the identity cannot be reused while the entry
lives. One `Caches` serves one thread: a search that runs on several threads gives each
its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the modules that own the fields import this one
    from rules.actions import Action, Move
    from rules.board import Board
    from rules.candidates import Filtered, Table, _BoardTargets
    from rules.decisions import Decision
    from rules.model import Edition
    from rules.play_rows import _CardRows
    from rules.state import State
    from rules.trucks import WalkKey, _Moves


class Caches:
    """The memos of one owner (a search, or one call of the specification).

    Each field belongs to the module named beside it, which alone reads and writes it; the
    bounded ones are emptied when they reach their size (a search that runs long derives
    again what it needs, instead of growing without end)."""

    __slots__ = (
        "board", "board_targets", "boards", "decisions", "edition", "filtered", "listing",
        "moves", "pending", "plays", "research", "walks",
    )

    def __init__(self) -> None:
        self._empty(None)

    def _empty(self, edition: Edition | None) -> None:
        # The edition every entry below was derived from (see `for_edition`).
        self.edition = edition
        # rules.flow: the last state's pending decision; one Decision per (step, player)
        self.pending: tuple[State | None, Decision | None] = (None, None)
        self.decisions: dict[tuple[str, str], Decision] = {}
        # rules.decisions: the last state's listing
        self.listing: tuple[State | None, Decision | None, tuple[Action, ...]] = (
            None, None, ())
        # rules.board: the last board asked for, and recent ones by their built sections
        self.board: tuple[Edition | None, frozenset[str], Board | None] = (
            None, frozenset(), None)
        self.boards: dict[frozenset[str], Board] = {}
        # rules.candidates: the last board's targets, each slot's last filtered table, and
        # the research table by a player's keys
        self.board_targets: tuple[Board | None, _BoardTargets | None] = (None, None)
        self.filtered: dict[str, Filtered] = {}
        self.research: dict[tuple[str, ...], Table] = {}
        # rules.trucks: walks by what they read, and one Move object per truck and path
        self.walks: dict[WalkKey, tuple[Move, ...]] = {}
        self.moves: dict[int, tuple[_Moves, _Moves]] = {}
        # rules.play_rows: one Play object per (card, colour named, slot, target)
        self.plays: dict[tuple[str, str | None], _CardRows] = {}

    def for_edition(self, edition: Edition) -> Caches:
        """These caches, for questions about `edition`. What is derived from an edition's
        map (boards, walks, paths) is only valid for that edition: a search keeps to one
        game, but an owner asking about two editions would otherwise mix them."""
        if self.edition is not edition:
            self._empty(edition)  # another edition: nothing remembered holds for it
        return self
