"""Positions for the AI tests, reached by seeded random play (RandomBot)."""

from __future__ import annotations

from rules import State, apply, load_edition, new_game, pending_decision
from rules.bots import RandomBot

NAMES = ("ann", "ben", "cem", "dan")


def position(players: int, seed: int, actions: int) -> State:
    """The position after `actions` random actions of a seeded game (or its end)."""
    state = new_game(load_edition(), list(NAMES[:players]), seed=seed)
    bot = RandomBot(seed)
    for _ in range(actions):
        decision = pending_decision(state)
        if decision is None:
            break
        state = apply(state, decision.player, bot.choose(state, decision.player))
    return state


def first_position(players: int, seed: int, wanted) -> State:
    """The first position of a seeded random game where `wanted(state)` holds."""
    for attempt in range(20):
        state = new_game(load_edition(), list(NAMES[:players]), seed=seed + attempt)
        bot = RandomBot(seed + attempt)
        while (decision := pending_decision(state)) is not None:
            if wanted(state):
                return state
            state = apply(state, decision.player, bot.choose(state, decision.player))
    raise AssertionError("no such position in 20 random games")


def tiny(level: str) -> dict[str, object]:
    """Budgets small enough for unit tests, and no clock: the answers are reproducible."""
    return {"easy": {"seconds": None},
            "normal": {"sample": 8, "width": 2, "plans": 1, "follow": 4, "policy_width": 1},
            "strong": {"sample": 8, "width": 2, "plans": 2, "worlds": 2, "follow": 3,
                       "policy_width": 1, "reply_follow": 3}}[level]


def solo_position(level: int, wanted, seed: int = 33) -> State:
    """The first position of a seeded solo game (our human seat "ann" played at random,
    the Autobot at `level`) where the human decides and `wanted(state)` holds."""
    for attempt in range(20):
        state = new_game(load_edition(), ["ann"], seed=seed + attempt, solo_level=level)
        bot = RandomBot(seed + attempt)
        while (decision := pending_decision(state)) is not None:
            if decision.player == "ann" and wanted(state):
                return state
            state = apply(state, decision.player, bot.choose(state, decision.player))
    raise AssertionError("no such solo position in 20 random games")
