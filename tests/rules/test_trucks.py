"""Truck movement (RULES §8) beyond the seed ruling: the step graph, blocking, stopping."""

from __future__ import annotations

import pytest

from rules import IllegalActionError, apply, legal_actions
from rules.state import State, Truck
from tests.rules.helpers_part2 import OLD, built, decision, moves, notations, turn_of, with_truck


def first_steps(s: State, pid: str = "ann") -> set[str]:
    return {m for m in moves(s, pid) if len(m.split()) == 3}


def test_from_a_depot_the_first_step_enters_a_built_section_at_its_node() -> None:
    s = with_truck(turn_of(step="move", colour="black"), "ann", "d_black_s", "automotive")
    assert first_steps(s) == {"move 1 k6.2", "move 1 k7.1"}  # Würzburg's built sections
    s = built(s, "o5.1")  # Würzburg–Nürnberg, the Würzburg end
    assert first_steps(s) == {"move 1 k6.2", "move 1 k7.1", "move 1 o5.1"}


def test_at_a_node_the_truck_turns_onto_the_nearest_section_of_another_link() -> None:
    s = built(with_truck(turn_of(step="move", colour="black"), "ann", "k3.1", "chemicals"),
              "r1.1", "r2.1", "r2.2", "k2.2")
    # Hamburg: r1.1 (Lübeck–Hamburg), r2.1 (Hamburg end of Hamburg–Bremen), k2.2
    # (Hamburg end of Flensburg–Hamburg); r2.2 is one step further, not adjacent.
    assert first_steps(s) == {"move 1 k3.2", "move 1 r1.1", "move 1 r2.1", "move 1 k2.2"}
    assert "move 1 r2.1 r2.2" in moves(s, "ann")


def test_a_truck_may_stop_early() -> None:
    s = with_truck(turn_of(step="move", colour="black"), "ann", "k3.1", "chemicals")
    assert apply(s, "ann", "move 1 k3.2").players["ann"].trucks[0] == Truck("k3.2", "chemicals")


def test_a_truck_may_stay_put_by_passing() -> None:
    s = with_truck(turn_of(step="move", colour="black"), "ann", "k3.1", "chemicals")
    assert "pass" in notations(s, "ann")
    s = apply(s, "ann", "pass")
    assert s.turn.player == "ben"
    assert s.players["ann"].trucks[0] == Truck("k3.1", "chemicals")


def test_trucks_never_block_each_other() -> None:
    s = with_truck(turn_of(step="move", colour="black"), "ann", "k3.1", "chemicals")
    s = with_truck(s, "ann", "k3.2", "appliances", number=2)
    s = with_truck(s, "ben", "k4.1", "automotive")
    s = apply(s, "ann", "move 1 k3.2 k4.1")
    assert s.players["ann"].trucks[0].position == "k4.1"


def test_a_move_does_not_revisit_a_section() -> None:
    s = with_truck(turn_of(step="move", colour="black", era=2), "ann", "k3.1", "chemicals")
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "move 1 k3.2 k3.1")
    assert err.value.code == "bad_step"
    assert "move 1 k3.2 k3.1" not in moves(s, "ann")


def test_only_trucks_starting_on_the_played_colour_are_offered() -> None:
    s = built(turn_of(step="move", colour="black"), "r1.1")
    s = with_truck(s, "ann", "r1.1", "chemicals", number=1)
    s = with_truck(s, "ann", "k4.2", "appliances", number=2)
    assert {m.split()[1] for m in moves(s, "ann")} == {"2"}


def test_one_truck_moves_per_turn() -> None:
    # The archived reading `[trucks] move = "one"`; today all trucks move (test_trucks_rules).
    s = with_truck(turn_of(step="move", colour="black", edition=OLD), "ann", "k3.1", "chemicals")
    s = with_truck(s, "ann", "k4.2", "appliances", number=2)
    s = apply(s, "ann", "move 2 k5.1")
    assert decision(s) == ("main", "ben")
    assert s.players["ann"].trucks[0].position == "k3.1"


def test_a_truck_off_the_map_cannot_move() -> None:
    s = with_truck(turn_of(step="move", colour="black"), "ann", "k3.1", "chemicals")
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "move 2 k3.2")
    assert (err.value.code, err.value.params) == ("truck_not_on_map", {"truck": 2})


def test_a_move_that_goes_nowhere_is_refused() -> None:
    from rules.actions import Move
    s = with_truck(turn_of(step="move", colour="black"), "ann", "k3.1", "chemicals")
    assert Move(1, (), False) not in legal_actions(s, "ann")
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", Move(1, (), False))
    assert (err.value.code, err.value.params) == ("empty_move", {"truck": 1})


def test_the_move_step_is_skipped_when_no_truck_can_move() -> None:
    s = apply(turn_of(), "ann", "station k3.1 with black")  # no trucks on the map
    assert decision(s) == ("main", "ben")
