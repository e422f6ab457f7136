"""The draft `apply` makes a state on (rules.state.Draft): changed in place, frozen into an
ordinary `State`, and never a change to the state it was drafted from."""

from __future__ import annotations

import pytest

from rules import State
from rules.frozen import evolve
from rules.state import Draft, draft, freeze


def test_a_draft_changes_in_place_and_leaves_its_state(game: State) -> None:
    text = game.to_json()
    drafted = draft(game)
    assert type(drafted) is Draft and drafted is not game
    changed = evolve(drafted, era=2, passes=1)
    assert changed is drafted
    assert (drafted.era, drafted.passes) == (2, 1)
    assert (game.era, game.passes) == (1, 0)
    assert game.to_json() == text
    assert draft(drafted) is drafted  # already one: no second copy


def test_a_frozen_draft_is_the_state_evolve_would_have_made(game: State) -> None:
    drafted = evolve(draft(game), era=2)
    frozen = freeze(drafted)
    assert type(frozen) is State
    assert frozen == evolve(game, era=2)
    assert evolve(frozen, era=3) is not frozen  # a state again: copied, not changed
    assert frozen.era == 2
    assert freeze(game) is game


def test_a_draft_refuses_a_name_that_is_no_field_and_keeps_its_fields(game: State) -> None:
    drafted = draft(game)
    with pytest.raises(TypeError, match="no field colour"):
        evolve(drafted, colour="red")
    assert freeze(drafted) == game
