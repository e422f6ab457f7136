"""Computer players: for tests, benchmarks and, later, empty seats.

A bot is a pure function of its own seed and the state it is shown: `choose(state, player)`
draws its randomness from its seed mixed with where the game stands, so the same bot shown
the same position always answers the same, across processes and restarts, and nothing uses
the global `random` module.

- `RandomBot` picks uniformly among `legal_actions`.
- `GreedyBot` applies a sample of the legal actions and keeps the one whose resulting position
  a cheap heuristic likes best for its player (victory points so far, money, employees up in
  the administration, deliveries, trucks near a border), ties broken at random.
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Protocol

from rules.actions import Action
from rules.errors import RuleError
from rules.flow import apply, pending_decision
from rules.memo import per_edition
from rules.model import Edition
from rules.offices import seats_held
from rules.registry import edition_by_hash
from rules.rng import below, next_u64, seed_state, shuffled
from rules.roads import delivery_country, step_graph
from rules.scoring import scores
from rules.search import SearchContext
from rules.state import State


class Bot(Protocol):
    def choose(self, state: State, player: str) -> Action: ...


def _position_seed(seed: int, state: State, player: str) -> int:
    """A generator state from the bot's seed and the position (cheap, stable across runs)."""
    turn = state.turn
    where = (f"{seed}|{player}|{state.phase}|{state.era}|{state.era_supply}|"
             f"{turn.number if turn else 0}|{turn.step if turn else ''}|{len(state.queue)}|"
             f"{state.reveals}|{state.players[player].money}|{len(state.built)}")
    digest = hashlib.blake2b(where.encode(), digest_size=8).digest()
    return seed_state(int.from_bytes(digest, "big"))


class RandomBot:
    """Chooses uniformly among the legal actions."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: State, player: str) -> Action:
        actions = SearchContext().legal_actions(state, player)
        if not actions:
            raise RuleError("not_your_turn", current=_current(state), player=player)
        _rng, i = below(_position_seed(self.seed, state, player), len(actions))
        return actions[i]


class GreedyBot:
    """Prefers the action that leaves its player best placed, by a cheap heuristic.

    At most `max_candidates` actions are evaluated (a seeded sample when there are more), so
    a decision costs a bounded number of `apply` calls.
    """

    def __init__(self, seed: int = 0, max_candidates: int = 24) -> None:
        self.seed = seed
        self.max_candidates = max_candidates

    def choose(self, state: State, player: str) -> Action:
        context = SearchContext()  # the actions judged are applied on the fast path
        actions = context.legal_actions(state, player)
        if not actions:
            raise RuleError("not_your_turn", current=_current(state), player=player)
        rng = _position_seed(self.seed, state, player)
        if len(actions) == 1:
            return actions[0]
        candidates: Sequence[Action] = actions
        if len(actions) > self.max_candidates:
            rng, candidates = shuffled(rng, actions)
            candidates = candidates[:self.max_candidates]
        edition = edition_by_hash(state.edition_hash)
        best: Action = candidates[0]
        best_value = float("-inf")
        for action in candidates:
            rng, noise = next_u64(rng)
            value = self.value(context.apply_listed(state, player, action), edition, player)
            value += (noise / 2**64) * 0.25  # light randomness breaks ties
            if value > best_value:
                best, best_value = action, value
        return best


    def value(self, state: State, edition: Edition, player: str) -> float:
        """The heuristic; a variant (a department-biased bench player) overrides it."""
        return evaluate(state, edition, player)


def _current(state: State) -> str:
    decision = pending_decision(state)
    return decision.player if decision else ""


@per_edition
def _border_distance(edition: Edition) -> dict[str, int]:
    """Steps from each section or depot to a section from which a delivery can be made."""
    graph = step_graph(edition)
    dist = {sid: 0 for sid in edition.sections if delivery_country(edition, sid)}
    reverse: dict[str, list[str]] = {}
    for origin, targets in graph.items():
        for target in targets:
            reverse.setdefault(target, []).append(origin)
    todo = deque(dist)
    while todo:
        here = todo.popleft()
        for origin in reverse.get(here, ()):
            if origin not in dist:
                dist[origin] = dist[here] + 1
                todo.append(origin)
    return dist


def evaluate(state: State, edition: Edition, player: str) -> float:
    """How good `state` looks for `player`: points now plus what should become points."""
    p = state.players[player]
    points = scores(state, edition)[player]
    floors = sum(value * n for counts in p.floors.values()
                 for value, n in zip(edition.floor_values, counts, strict=True))
    distance = _border_distance(edition)
    trucks = sum(3.0 - 0.4 * distance.get(t.position, 6) for t in p.trucks if t is not None)
    bonuses = sum(1 for row in p.deliveries.values() if row.goods == "unused")
    return (points
            + 0.25 * p.money
            + 2.0 * floors
            + 1.0 * p.lobby
            + 1.2 * seats_held(state, player)
            + 3.0 * len(p.delivered)
            + 1.5 * (edition.stations - p.stations_left)
            + 1.0 * len(p.keys)
            + 0.6 * p.development
            + 2.0 * bonuses
            + trucks)


def play_out(state: State, bots: Mapping[str, Bot],
             max_actions: int = 5000) -> tuple[State, list[tuple[str, str]]]:
    """Let the bots play until the game is over or `max_actions` actions were taken.

    Returns the last state and the log of (player, notation). A player without a bot in
    `bots` stops the play-out at their first decision.
    """
    log: list[tuple[str, str]] = []
    while len(log) < max_actions:
        decision = pending_decision(state)
        if decision is None or decision.player not in bots:
            break
        action = bots[decision.player].choose(state, decision.player)
        state = apply(state, decision.player, action)  # a bot's answer is checked
        log.append((decision.player, str(action)))
    return state, log
