"""Where the turn a board reports began: the state its change markings are drawn against.

A turn post marks what the whole turn changed on the map (built sections, upgrades,
stations, truck moves: rules.changes), not just its last action, so the service needs the
state at the turn's start. It remembers that state when a turn passes; after a restart, an
undo or anything else that moved the game's version without a move, it replays the log
once (tens of milliseconds for a whole game, bench/replay_bench.py) rather than guess.
"""

from __future__ import annotations

from collections.abc import Iterable

import rules
from rules import State

from .progress import turn_passed


def turn_start_state(start: State, actions: Iterable[tuple[str, str]]) -> tuple[int, State]:
    """The state after the last action of `actions` that passed the turn (a new turn's
    first state), or `start` when none did: the beginning of the turn still going on; and
    how many of the actions came before it."""
    state = begun = start
    at = 0
    for n, (player, notation) in enumerate(actions, 1):
        after = rules.apply(state, player, notation)
        if turn_passed(state, after):
            begun, at = after, n
        state = after
    return at, begun


# Games whose turn starts are kept: every active game of a busy bot. A state is ~22 KB
# parsed (an era-3 game), two per game (the turn going on and the one that ended), so the
# full table is ~180 MB at most and ~45 MB at 1,000 active games (bench/memory_bench.py,
# bench/turn_post_bench.py). A game past it replays its log once for its next turn post.
CAPACITY = 4096


class TurnStarts:
    """Per game, the state its current turn began with, with the game's (moves, version)
    then: valid while every version step since was one move. Also the turn before it, the
    one that just ended, so the turn post tells it without replaying the log
    (service.stories). The games used least recently leave first, past `capacity`."""

    def __init__(self, capacity: int = CAPACITY) -> None:
        self.capacity = capacity
        self._known: dict[int, tuple[int, int, State]] = {}
        self._ended: dict[int, tuple[int, int, int, State]] = {}

    def remember(self, game_id: int, moves: int, version: int, state: State, *,
                 ended: tuple[int, State] | None = None) -> None:
        """`state` began the turn going on at (moves, version). `ended`: how many moves
        were before the turn that just ended and its first state, when the caller found
        it (by a replay) although this table had forgotten it."""
        known = self._known.pop(game_id, None)
        self._ended.pop(game_id, None)
        if known is not None and moves - known[0] == version - known[1] > 0:
            # every step since that turn began was one move: it ran from there to here
            self._ended[game_id] = (known[0], moves, version, known[2])
        elif ended is not None:
            self._ended[game_id] = (ended[0], moves, version, ended[1])
        self._known[game_id] = (moves, version, state)
        while len(self._known) > self.capacity:
            self._known.pop(next(iter(self._known)))
        while len(self._ended) > self.capacity:
            self._ended.pop(next(iter(self._ended)))

    def ended(self, game_id: int, moves: int, version: int) -> tuple[int, State] | None:
        """The turn that ended when the game reached (moves, version), if nothing happened
        since: how many moves were before it, and the state it began with."""
        found = self._ended.get(game_id)
        if found is None or (found[1], found[2]) != (moves, version):
            return None
        return found[0], found[3]

    def get(self, game_id: int, moves: int, version: int) -> tuple[int, State] | None:
        """How many moves were before the turn going on at (moves, version), and its first
        state; None when not known (or the game changed otherwise since)."""
        known = self._known.get(game_id)
        if known is None:
            return None
        at_moves, at_version, state = known
        if moves < at_moves or moves - at_moves != version - at_version:
            return None
        self._known[game_id] = self._known.pop(game_id)  # used now: it leaves last
        return at_moves, state
