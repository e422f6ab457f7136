"""Facts 2 and 3 (rules/RULES.md, "Trucks"): all trucks move, and two-colour cards.

`[trucks] move = "all"`: in phase 3 each of the player's trucks that starts on the played
card's colour may move, one after another, each with its own range. `[trucks] start =
"card"`: a truck may start on any colour printed on the played card, whichever was named.
The archived editions (without `[trucks]`) move one truck from the named colour only.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import IllegalActionError, apply
from rules.state import State
from tests.rules.helpers_part2 import (
    ED,
    OLD,
    at,
    built,
    decision,
    give,
    money,
    moves,
    set_player,
    turn_of,
    upgraded,
    with_truck,
)


def two_black_trucks(edition=ED) -> State:
    """Ann's move after a black card: truck 1 on k3.1, truck 2 on k4.2 (both on the A7)."""
    s = with_truck(turn_of(step="move", colour="black", edition=edition), "ann", "k3.1",
                   "chemicals")
    return with_truck(s, "ann", "k4.2", "appliances", number=2)


def test_trucks_move_all_is_the_classic_setting() -> None:
    assert (ED.trucks_move, ED.truck_start) == ("all", "card")
    assert (OLD.trucks_move, OLD.truck_start) == ("one", "named")  # no [trucks] in the file


def test_trucks_move_all_lets_the_second_truck_move_after_the_first() -> None:
    s = apply(two_black_trucks(), "ann", "move 2 k5.1")
    assert decision(s) == ("move", "ann")
    assert {m.split()[1] for m in moves(s, "ann")} == {"1"}  # truck 2 has moved
    s = apply(s, "ann", "move 1 k3.2 k4.1")
    assert [t.position for t in s.players["ann"].trucks] == ["k4.1", "k5.1"]
    assert decision(s) == ("main", "ben")  # nothing left to move: the turn is over


def test_trucks_move_all_refuses_a_truck_that_has_moved() -> None:
    s = apply(two_black_trucks(), "ann", "move 2 k5.1")
    before = s.to_json()
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "move 2 k6.1")
    assert (err.value.code, err.value.params) == ("truck_moved", {"truck": 2})
    assert s.to_json() == before


def test_trucks_move_all_may_stop_after_one_truck() -> None:
    s = apply(apply(two_black_trucks(), "ann", "move 1 k3.2"), "ann", "pass")
    assert decision(s) == ("main", "ben")
    assert s.players["ann"].trucks[1].position == "k4.2"


def test_trucks_move_all_gives_each_truck_its_own_range() -> None:
    # Truck 1 starts on the upgraded k3 (2 + 1 steps in era 1), truck 2 on k4 (2 steps).
    s = upgraded(two_black_trucks(), "k3")
    s = apply(s, "ann", "move 1 k3.2 k4.1 k4.2")
    assert max(len(m.split()) - 2 for m in moves(s, "ann")) == 2
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "move 2 k5.1 k6.1 k6.2")
    assert err.value.params == {"count": 3, "range": 2}


def test_trucks_move_all_resolves_a_delivery_before_the_next_truck() -> None:
    # Truck 1 delivers to Denmark (tile money 5 there); truck 2 may move afterwards.
    s = built(two_black_trucks(), "k2.1", "k2.2", "k1.1")
    s = set_player(s, "ann", board=1)  # Denmark's row: 2 DM, appliances preferred
    s = replace(s, country_tiles=s.country_tiles.set("dk", "money 5"))
    s = with_truck(s, "ann", "k2.1", "chemicals")
    s = apply(s, "ann", "move 1 k1.1 deliver")
    assert money(s, "ann") == 10 + 5 + 2  # the tile, then the DM space of board 1 for DK
    assert s.players["ann"].trucks[0] is None
    assert decision(s) == ("move", "ann")
    assert "move 2 k5.1" in moves(s, "ann")


def test_trucks_move_one_ends_phase_3_after_a_truck() -> None:
    s = apply(two_black_trucks(OLD), "ann", "move 2 k5.1")
    assert decision(s) == ("main", "ben")


def test_trucks_move_all_only_moves_trucks_on_the_played_colour() -> None:
    # A red card: the black trucks stay, a truck on red r1.1 may move.
    s = at(built(two_black_trucks(), "r1.1", "r2.1"), "ann", "move", "red")
    assert moves(s, "ann") == set()
    s = with_truck(s, "ann", "r1.1", "chemicals")  # truck 1 now on red
    assert {m.split()[1] for m in moves(s, "ann")} == {"1"}


# ----- fact 3: a truck may start on either colour of a two-colour card -----

def i01_played_as_red(edition=ED) -> State:
    """Ann plays i01 (black/red) as red on a station; her truck waits on black k4.2."""
    s = give(built(turn_of(edition=edition), "r1.1"), "ann", "i01")
    s = with_truck(s, "ann", "k4.2", "chemicals")
    return apply(s, "ann", "station r1.1 with i01:red")


def test_truck_start_card_lets_a_truck_start_on_the_other_colour_of_the_card() -> None:
    s = i01_played_as_red()
    assert decision(s) == ("move", "ann")
    assert "move 1 k5.1" in moves(s, "ann")
    s = apply(s, "ann", "move 1 k5.1")
    assert s.players["ann"].trucks[0].position == "k5.1"


def test_truck_start_card_lets_both_colours_move_in_one_phase() -> None:
    s = with_truck(i01_played_as_red(), "ann", "r1.1", "appliances", number=2)
    assert {m.split()[1] for m in moves(s, "ann")} == {"1", "2"}


def test_truck_start_card_names_both_colours_when_refusing() -> None:
    s = at(with_truck(i01_played_as_red(), "ann", "o2.1", "chemicals"), "ann", "move", "red",
           card="i01")
    s = built(s, "o2.1", "o3.1")
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "move 1 o3.1")
    assert err.value.code == "truck_wrong_start"
    assert err.value.params["colour"] == "black/red"


def test_truck_start_named_keeps_to_the_colour_named() -> None:
    s = i01_played_as_red(OLD)
    assert decision(s) == ("main", "ben")


def test_truck_start_card_a_wild_card_counts_as_the_colour_named() -> None:
    s = give(built(turn_of(era=3), "r1.1"), "ann", "a13")
    s = with_truck(s, "ann", "k4.2", "chemicals")
    s = apply(s, "ann", "station r1.1 with a13:red")
    assert decision(s) == ("main", "ben")  # the black truck may not start
