from __future__ import annotations

import pytest

from rules import State
from tests.rules.helpers import drafted


@pytest.fixture
def game() -> State:
    """Three players (ann, ben, cem), seed 1, the draft done: the start player's turn."""
    return drafted(players=3, seed=1)
