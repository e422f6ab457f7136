"""The fast path for search: the same rules, asked through caches the search owns, and an
action taken from the listing applied without asking its legality again.

    from rules.search import SearchContext

    context = SearchContext()                      # one per search (and per thread)
    while (player := context.current_player(state)) is not None:
        actions = context.legal_actions(state, player)
        state = context.apply_listed(state, player, choose(actions))

or, in OpenSpiel's manner, a position that carries its state and its search's context:

    position = Position(state)                     # or Position(state, context)
    while not position.is_terminal():
        position.apply_action(choose(position.legal_actions()))
    copy = position.clone()                        # shares the context, not the future

`rules.apply(state, player, text)` is the specification: it parses, checks everything, and
remembers nothing between calls. `SearchContext.apply_listed` is python-chess's `push`
beside `push_uci`: the caller promises that `action` is one of `legal_actions(state,
player)` for this very state (taken from the list, or equal to an entry of it), and the
checks that cost a listing's work are skipped. Breaking the promise is the caller's bug:
the state returned may be one no game can reach. `SearchContext(check=True)` makes every
check `rules.apply` makes (an action the rules refuse raises its `RuleError`), for tests
and for a search being written.

Both paths run the same code of `rules/` (the `*_problem` checks, the `do_*` steps, the
effects); they differ only in what is remembered (`rules.caches.Caches`, owned by the
context) and in the checks skipped. `tests/rules/test_search_context.py` plays random and
bot games both ways and compares every listing and every state, and the rules digest
(`tests/rules/test_rules_digest.py`) pins what both produce.
"""

from __future__ import annotations

from rules.actions import Action
from rules.caches import Caches
from rules.errors import GameOverError, NotYourDecisionError
from rules.flow import Decision, apply_unchecked, listed_actions, remembered_decision
from rules.state import State

__all__ = ["Position", "SearchContext"]


class SearchContext:
    """What one search remembers between the positions it looks at, and the fast path
    through the rules. Not shared between threads: give each thread its own."""

    __slots__ = ("caches", "check")

    def __init__(self, *, check: bool = False) -> None:
        self.caches = Caches()
        self.check = check

    def pending_decision(self, state: State) -> Decision | None:
        """`rules.pending_decision`, remembered for the last state asked."""
        return remembered_decision(state, self.caches)

    def current_player(self, state: State) -> str | None:
        """Whose decision is pending; None when the game is over."""
        decision = remembered_decision(state, self.caches)
        return None if decision is None else decision.player

    def legal_actions(self, state: State, player: str) -> list[Action]:
        """`rules.legal_actions`: the same actions in the same order (a new list each
        call, the caller's to change)."""
        return listed_actions(state, player, self.caches)

    def apply_listed(self, state: State, player: str, action: Action) -> State:
        """The state after `player` takes `action`, an entry of `legal_actions(state,
        player)`: `rules.apply` without parsing and without the checks a listing already
        made. Whose decision it is is still checked (it costs nothing)."""
        decision = remembered_decision(state, self.caches)
        if decision is None:
            raise GameOverError()
        if decision.player != player:
            raise NotYourDecisionError(current=decision.player, player=player)
        return apply_unchecked(state, decision, action, self.caches, checked=self.check)


class Position:
    """A game position for search, in OpenSpiel's manner (`legal_actions`, `apply_action`,
    `clone`): a state and the context of the search looking at it. The state itself is
    immutable, so a clone is cheap and `state` may be kept as a snapshot at any time."""

    __slots__ = ("context", "state")

    def __init__(self, state: State, context: SearchContext | None = None) -> None:
        self.state = state
        self.context = context if context is not None else SearchContext()

    def current_player(self) -> str | None:
        return self.context.current_player(self.state)

    def is_terminal(self) -> bool:
        return self.context.pending_decision(self.state) is None

    def legal_actions(self) -> list[Action]:
        """What the deciding player may do (empty at the game's end)."""
        player = self.context.current_player(self.state)
        return [] if player is None else self.context.legal_actions(self.state, player)

    def apply_action(self, action: Action) -> None:
        """Take `action`, an entry of `legal_actions()`, for the deciding player."""
        player = self.context.current_player(self.state)
        if player is None:
            raise GameOverError()
        self.state = self.context.apply_listed(self.state, player, action)

    def clone(self) -> Position:
        """A position to play on apart from this one (the same search's context)."""
        return Position(self.state, self.context)
