"""One seeded 3-player random game, played once per test session and shared read-only."""

from __future__ import annotations

import random

import pytest

from rules import apply, current_player, is_over, legal_actions, load_edition, new_game
from rules.state import State


def play(players: list[str], seed: int) -> list[State]:
    state = new_game(load_edition(), players, seed=seed)
    rnd = random.Random(seed)
    states = [state]
    while not is_over(state):
        pid = current_player(state)
        assert pid is not None
        state = apply(state, pid, rnd.choice(legal_actions(state, pid)))
        states.append(state)
    return states


@pytest.fixture(scope="session")
def game() -> list[State]:
    return play(["ann", "ben", "cem"], seed=7)


@pytest.fixture(scope="session")
def start(game: list[State]) -> State:
    """The first state after the route draft: the A7 built, nothing else."""
    return next(s for s in game if s.phase == "play")
