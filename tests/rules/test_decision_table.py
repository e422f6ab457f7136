"""The turn machine's names and its one table of decisions (issue 12 item 5)."""

from __future__ import annotations

import json

import pytest

from rules import State, apply, current_player, legal_actions, pending_decision
from rules.actions import PASS
from rules.decisions import RULES
from rules.errors import IllegalActionError
from rules.flow import DECISION_OF_EFFECT, DECISION_OF_STEP, EXPECTED
from rules.kinds import KINDS, PHASES, STEPS
from tests.rules.helpers import drafted, random_states


def test_every_kind_of_decision_has_one_rule_and_every_decision_source_names_one() -> None:
    assert set(RULES) == set(KINDS)
    assert all(rule.kind == kind for kind, rule in RULES.items())
    assert set(DECISION_OF_EFFECT.values()) | set(DECISION_OF_STEP.values()) | {
        "route"} == set(KINDS)
    assert set(DECISION_OF_STEP) <= set(STEPS)
    assert EXPECTED["main"] == "<slot> <target> with <card> | takeback | grant"


def test_pass_declines_exactly_the_bonus_the_truck_moves_and_the_extra_build() -> None:
    optional = {kind for kind, rule in RULES.items() if rule.declined is not None}
    assert optional == {"bonus", "move", "extra"}


def test_a_decision_that_cannot_be_declined_refuses_pass_with_what_it_expects() -> None:
    state = drafted()
    pid = current_player(state)
    assert pid is not None and pending_decision(state).kind == "main"  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError) as refused:
        apply(state, pid, PASS)
    assert refused.value.code == "pass_not_allowed"
    assert refused.value.params["expected"] == EXPECTED["main"]


def test_phases_and_steps_are_stored_as_their_plain_words_and_read_back_the_same() -> None:
    seen_phases, seen_steps = set(), set()
    for state in random_states(31, 3):
        data = json.loads(state.to_json())
        seen_phases.add(data["phase"])
        back = State.from_json(state.to_json())
        assert back.phase == data["phase"] and back.phase in PHASES
        if state.turn is not None:
            seen_steps.add(data["turn"]["step"])
            assert back.turn.step in STEPS  # type: ignore[union-attr]
        if current_player(state) is not None:
            assert legal_actions(back, current_player(state)) == legal_actions(  # type: ignore[arg-type]
                state, current_player(state))  # type: ignore[arg-type]
    assert {"draft", "play", "over"} <= seen_phases
    assert {"bonus", "main", "move"} & seen_steps


@pytest.mark.parametrize(("path", "word"), [(("phase",), "dance"), (("turn", "step"), "nap")])
def test_a_phase_or_step_the_engine_does_not_know_is_refused_on_load(path, word) -> None:
    data = json.loads(drafted().to_json())
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = word
    with pytest.raises(ValueError, match=word):
        State.from_json(json.dumps(data))


@pytest.mark.parametrize(("seed", "players"), [(41, 2), (42, 3), (43, 4)])
def test_an_offered_action_applies_as_the_same_action_parsed_from_its_text(seed, players):
    """`apply` skips the check of an action object `legal_actions` just offered for the
    same state; the same action as text (a new object, checked in full) gives the same
    state."""
    checked = 0
    for i, state in enumerate(random_states(seed, players)):
        pid = current_player(state)
        if pid is None or i % 3:
            continue
        for action in legal_actions(state, pid)[:4]:
            legal_actions(state, pid)  # the listing `apply` may lean on is this state's
            offered = apply(state, pid, action)
            assert apply(state, pid, str(action)).to_json() == offered.to_json()
            checked += 1
    assert checked > 50


@pytest.mark.parametrize(("seed", "players"), [(44, 2), (45, 3), (46, 4)])
def test_settle_rests_at_the_truck_moves_exactly_when_some_move_is_listed(seed, players):
    """A state never rests at the truck moves with nothing to move (only `pass` listed),
    and a turn whose card lets a truck move rests there: `settle` asks the same walks
    `legal_actions` lists (`rules.trucks.has_moves`)."""
    from rules.actions import Move

    rested = 0
    for state in random_states(seed, players):
        decision = pending_decision(state)
        if decision is None or decision.kind != "move":
            continue
        moves = [a for a in legal_actions(state, decision.player) if isinstance(a, Move)]
        assert moves, "rests at the truck moves with none to make"
        rested += 1
    assert rested > 20
