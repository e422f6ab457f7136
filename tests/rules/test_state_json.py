"""The state (DESIGN §2): a frozen tree that round-trips through JSON with a schema number."""

from __future__ import annotations

import dataclasses
import json

import pytest

from rules import State, apply, current_player, legal_actions
from rules.frozen import FrozenDict, evolve
from tests.rules.helpers import random_states


@pytest.mark.parametrize(("seed", "players"), [(21, 2), (22, 3), (23, 4)])
def test_from_json_of_to_json_is_the_same_state_throughout_a_game(seed, players):
    checked = 0
    for i, state in enumerate(random_states(seed, players)):
        if i % 7 and state.phase != "over":
            continue
        text = state.to_json()
        back = State.from_json(text)
        assert back == state
        assert back.to_json() == text
        checked += 1
    assert checked > 20
    assert state.phase == "over"


@pytest.mark.parametrize("seed", [24, 25])
def test_a_restored_state_offers_the_same_actions_in_the_same_order(seed):
    """Equal states must behave equally: replaying "the first listed action" from a saved
    game must not diverge from the live game."""
    for i, state in enumerate(random_states(seed, 3)):
        if i % 3:
            continue
        pid = current_player(state)
        if pid is None:
            break
        back = State.from_json(state.to_json())
        assert legal_actions(back, pid) == legal_actions(state, pid)


def test_a_restored_state_plays_on_identically(game):
    pid = current_player(game)
    action = legal_actions(game, pid)[0]
    back = State.from_json(game.to_json())
    assert apply(back, pid, action) == apply(game, pid, action)


def test_state_fields_cannot_be_assigned(game):
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.era = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.players["ann"].money = 99  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.turn.player = "ben"  # type: ignore[misc,union-attr]


@pytest.mark.parametrize("mutate", [
    lambda d: d.__setitem__("x", 1),
    lambda d: d.__delitem__("ann"),
    lambda d: d.update(x=1),
    lambda d: d.pop("ann"),
    lambda d: d.popitem(),
    lambda d: d.setdefault("x", 1),
    lambda d: d.clear(),
])
def test_frozen_dict_refuses_mutation(game, mutate):
    players = game.players
    assert isinstance(players, FrozenDict)
    before = dict(players)
    with pytest.raises(TypeError):
        mutate(players)
    assert dict(players) == before


def test_frozen_dict_refuses_in_place_union(game):
    players = game.players
    with pytest.raises(TypeError):
        players |= {"x": 1}  # type: ignore[assignment]


def test_frozen_dict_set_returns_a_copy(game):
    offices = game.offices
    changed = offices.set("red", ("ann",))
    assert changed["red"] == ("ann",)
    assert offices["red"] == ()


def test_collections_in_the_state_are_immutable(game):
    assert isinstance(game.built, frozenset)
    assert isinstance(game.order, tuple)
    assert isinstance(game.players["ann"].hand, tuple)


@pytest.mark.parametrize("schema", [0, 2, None, "1"])
def test_a_wrong_schema_number_is_refused(game, schema):
    data = json.loads(game.to_json())
    if schema is None:
        del data["schema"]
    else:
        data["schema"] = schema
    with pytest.raises(ValueError, match="schema"):
        State.from_json(json.dumps(data))


def test_evolve_copies_like_dataclasses_replace_and_leaves_the_original(game):
    changed = evolve(game, era=2, era_supply=5)
    assert changed == dataclasses.replace(game, era=2, era_supply=5)
    assert (game.era, game.era_supply) == (1, game.era_supply)
    assert changed.players is game.players  # unchanged parts are shared, not copied
    ann = game.players["ann"]
    assert evolve(ann, money=3) == dataclasses.replace(ann, money=3)


def test_evolve_refuses_a_field_the_class_does_not_have(game):
    with pytest.raises(TypeError):
        evolve(game, money=3)


def test_evolve_refuses_a_name_that_is_no_field_of_a_wide_record():
    state = next(random_states(26, 2))
    with pytest.raises(TypeError, match="no field eraa"):
        evolve(state, eraa=2)
    with pytest.raises(TypeError, match="no field moneyy"):
        evolve(state.players[state.order[0]], moneyy=2)
    assert evolve(state, era=2).era == 2 and state.era == 1
