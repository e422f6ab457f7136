"""Action cards (RULES §6.1): the display, two-colour and wild cards, the extra build."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import IllegalActionError, apply
from rules.state import Effect, State
from tests.rules.helpers_part2 import (
    ED,
    OLD,
    built,
    decision,
    give,
    money,
    notations,
    settle_with,
    turn_of,
    with_truck,
)


def refused(s: State, text: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", text)
    return err.value


# ----- the display -----

def test_the_display_shows_four_improved_cards_and_the_rest_is_the_deck() -> None:
    s = turn_of()
    assert len(s.display) == 4
    assert len(s.deck) == 16
    assert {ED.cards[c].deck for c in s.display + s.deck} == {"improved"}
    assert len(s.advanced_deck) == 14


def test_picking_from_an_exhausted_deck_leaves_a_gap() -> None:
    s = replace(turn_of(), deck=())
    shown = s.display
    s = apply(settle_with(s, Effect("card", "ann")), "ann", f"pick {shown[0]}")
    assert s.display == shown[1:]
    assert s.players["ann"].hand[-1] == shown[0]


def test_a_card_bonus_with_an_empty_display_is_lost() -> None:
    s = settle_with(replace(turn_of(), display=(), deck=()), Effect("card", "ann"))
    assert decision(s) == ("main", "ann")


def test_era_3_replaces_the_display_with_the_advanced_deck() -> None:
    s = replace(turn_of(), era=2)
    advanced = s.advanced_deck
    s = settle_with(s, Effect("next_era"))
    assert s.display == advanced[:4]
    assert s.deck == advanced[4:]
    assert s.advanced_deck == ()
    assert all("yellow" in p.hand for p in s.players.values())


# ----- colours -----

def test_a_two_colour_card_is_played_as_one_chosen_colour() -> None:
    s = give(built(turn_of(), "r1.1"), "ann", "i01")  # black/red
    offered = {t for t in notations(s, "ann") if t.endswith("i01:red") or t.endswith("i01:black")}
    assert "station r1.1 with i01:red" in offered
    assert "station k3.1 with i01:black" in offered
    assert "station r1.1 with i01:black" not in offered
    s = apply(s, "ann", "station r1.1 with i01:red")
    assert s.players["ann"].slots["station"] == ("i01",)


def test_a_two_colour_card_needs_its_colour_named() -> None:
    s = give(built(turn_of(), "r1.1"), "ann", "i01")
    assert refused(s, "station r1.1 with i01").code == "colour_needed"
    assert refused(s, "station r1.1 with i01:green").code == "wrong_colour"


def test_a_single_colour_card_names_no_colour() -> None:
    assert refused(turn_of(), "station k3.1 with black:black").code == "wrong_colour"


def test_the_chosen_colour_decides_which_truck_may_move() -> None:
    # The archived reading; today a truck may start on either colour (test_trucks_rules.py).
    s = give(built(turn_of(edition=OLD), "r1.1"), "ann", "i01")
    s = with_truck(s, "ann", "k4.2", "chemicals")
    after_red = apply(s, "ann", "station r1.1 with i01:red")
    assert decision(after_red) == ("main", "ben")  # the black truck may not move
    after_black = apply(s, "ann", "station k3.1 with i01:black")
    assert decision(after_black) == ("move", "ann")


def test_a_wild_card_is_any_open_colour() -> None:
    s = give(built(turn_of(era=3), "y1.1", "r1.1"), "ann", "a13")
    offered = {t.split(":")[1] for t in notations(s, "ann") if t.startswith("station")
               and "a13:" in t}
    assert offered == {"black", "red", "yellow"}
    s = apply(s, "ann", "station y1.1 with a13:yellow")
    assert s.stations["y1.1"] == "ann"


def test_a_wild_card_before_era_3_has_no_yellow() -> None:
    s = give(built(turn_of(era=2), "y1.1"), "ann", "a13")
    assert refused(s, "station y1.1 with a13:yellow").code == "wrong_colour"


# ----- the extra build -----

def extra_card_turn() -> State:
    """Ann holds i16 (red, extra build) and a truck on r1.1; Hamburg–Bremen is free.

    In the archived edition, where i16 carries the extra build; today only cards with yellow
    do, and the mechanism is the same (test_cards_rules.py)."""
    s = give(built(turn_of(edition=OLD), "r1.1"), "ann", "i16")
    return with_truck(s, "ann", "r1.1", "chemicals")


def test_the_extra_build_comes_after_the_main_action_and_before_the_move() -> None:
    s = apply(extra_card_turn(), "ann", "station r1.1 with i16")
    assert s.stations == {"r1.1": "ann"}
    assert decision(s) == ("extra", "ann")
    s = apply(s, "ann", "extra r2.1")
    assert "r2.1" in s.built
    assert money(s, "ann") == 10 - 2 - 2 + 3  # station, build, r2.1's tile (money 3)
    assert s.offices["red"] == ("ann",)
    assert decision(s) == ("move", "ann")


def test_the_extra_build_is_in_the_cards_colour() -> None:
    s = apply(extra_card_turn(), "ann", "station r1.1 with i16")
    assert {t for t in notations(s, "ann")} == {"extra r2.1", "pass"}
    assert refused(s, "extra k2.2").code == "section_wrong_colour"


def test_the_extra_build_is_optional() -> None:
    s = apply(apply(extra_card_turn(), "ann", "station r1.1 with i16"), "ann", "pass")
    assert decision(s) == ("move", "ann")
    assert "r2.1" not in s.built


def test_the_extra_build_pays_normally() -> None:
    s = apply(extra_card_turn(), "ann", "station r1.1 with i16")
    s = replace(s, players=s.players.set("ann", replace(s.players["ann"], money=1)))
    assert refused(s, "extra r2.1").code == "cannot_pay"


def test_a_two_colour_extra_card_builds_in_either_colour() -> None:
    s = give(built(turn_of(era=3, edition=OLD), "r1.1", "k8.1", "k8.2"), "ann",
             "a07")  # red/white, extra
    # build; Ulm is on the network, so white w3.2 and w4.1 are buildable
    s = apply(s, "ann", "station r1.1 with a07:red")
    extras = {t for t in notations(s, "ann") if t.startswith("extra")}
    assert {"extra r2.1", "extra w3.2", "extra w4.1"} <= extras
    assert {OLD.sections[t.split()[1]][0].colour for t in extras} == {"red", "white"}
