"""`apply` returns a new state and never changes the one it was given (DESIGN §2).

A search keeps the states it walked and applies many actions to each, the service keeps
the state it stored: if `apply` changed its argument in place, even a nested part
shared with the new state, both would go wrong silently. This holds every state of random
games equal to a copy made before actions were applied to it, and its serialisation the
same.
"""

from __future__ import annotations

import random

import pytest

from rules import State, apply, current_player, legal_actions, load_edition, new_game

NAMES = ("ann", "ben", "cem", "dan")
TRIED = 3  # listed actions applied at each state, besides the one the game goes on with


@pytest.mark.parametrize(("seed", "players", "level"),
                         [(61, 1, 4), (62, 2, None), (63, 3, None), (64, 4, None)])
def test_apply_leaves_the_state_it_was_given_unchanged(seed, players, level):
    rng = random.Random(seed)
    state = new_game(load_edition(), list(NAMES[:players]), seed=seed, solo_level=level)
    checked = 0
    while (pid := current_player(state)) is not None:
        text = state.to_json()
        before = State.from_json(text)  # an independent copy: shares nothing with `state`
        options = legal_actions(state, pid)
        chosen = rng.choice(options)
        tried = [*rng.sample(options, min(TRIED, len(options))), str(chosen)]  # text too
        for action in tried:
            apply(state, pid, action)
        after = apply(state, pid, chosen)
        assert state == before, f"apply changed the state it was given ({chosen})"
        assert state.to_json() == text, f"apply changed the state it was given ({chosen})"
        assert after is not state
        state = after
        checked += 1
    assert checked > 50
