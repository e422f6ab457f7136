from __future__ import annotations

import pytest

from rules import State
from tests.rules.helpers import ARCHIVED, drafted


@pytest.fixture
def game() -> State:
    """Three players (ann, ben, cem), seed 1, the draft done: the start player's turn."""
    return drafted(players=3, seed=1)


@pytest.fixture
def old_game() -> State:
    """The same game in the archived classic edition (the readings before 2026-12-01)."""
    return drafted(players=3, seed=1, edition=ARCHIVED)
