"""Build road section (RULES §7.1) and a card's extra build (§6)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import Decision, apply, city_value, pending_decision
from tests.rules.helpers import at_main, refused, texts, with_built, with_links, with_player


def test_section_at_an_end_node_on_the_network_may_be_built(game):
    s = at_main(game, "ann")
    options = texts(s, "ann")
    assert "build r1.1 with red" in options  # Lübeck–Hamburg: Hamburg is on the network
    assert "build k2.2 with black" in options  # the Hamburg end of Flensburg–Hamburg
    assert "build r2.1 with red" in options  # the Hamburg end of Hamburg–Bremen


def test_section_next_to_a_built_section_of_its_link_may_be_built(game):
    s = with_built(at_main(game, "ann"), "r2.1")  # Bremen itself is not on the network
    after = apply(s, "ann", "build r2.2 with red")
    assert "r2.2" in after.built


def test_section_touching_nothing_is_refused_not_connected(game):
    s = at_main(game, "ann")
    refused(s, "ann", "build k2.1 with black", "not_connected")  # Flensburg end, k2.2 free
    refused(s, "ann", "build r3.1 with red", "not_connected")  # Bremen is off the network
    # r7.2 lies between the free r7.1 and Trier, which is off the network.
    refused(s, "ann", "build r7.2 with red", "not_connected")


def test_a_built_section_of_another_link_does_not_connect(game):
    # r2.2 ends at Bremen, but Bremen is on the network only once r2 is complete.
    s = with_built(at_main(game, "ann"), "r2.2")
    refused(s, "ann", "build r3.1 with red", "not_connected")
    assert "build r3.1 with red" in texts(with_links(s, "r2"), "ann")


def test_build_takes_a_section_from_the_eras_supply(game):
    s = at_main(game, "ann")
    assert s.era_supply == 10
    assert apply(s, "ann", "build r1.1 with red").era_supply == 9


def test_build_is_refused_when_the_eras_supply_is_empty(game):
    s = replace(at_main(game, "ann"), era_supply=0)
    refused(s, "ann", "build r1.1 with red", "supply_empty")
    assert not any(t.startswith("build ") for t in texts(s, "ann"))


@pytest.mark.parametrize(("era", "cost"), [(1, 2), (2, 3), (3, 4)])
def test_build_costs_the_eras_price(old_game, era, cost):
    game = old_game  # the archived prices 2/3/4 (today's: test_balance_data.py)
    s = replace(at_main(game, "ann"), era=era)
    assert apply(s, "ann", "build r1.1 with red").players["ann"].money == 10 - cost


def test_build_is_refused_on_a_built_section(game):
    refused(at_main(game, "ann"), "ann", "build k3.1 with black", "section_built")


def test_build_is_refused_on_a_section_of_another_colour(game):
    refused(at_main(game, "ann"), "ann", "build r1.1 with black", "section_wrong_colour")


def test_build_is_refused_on_an_unknown_section(game):
    refused(at_main(game, "ann"), "ann", "build r99.1 with red", "unknown_section")


def test_bonus_tile_on_a_b_section_is_taken_and_resolved(game):
    s = at_main(game, "ann")
    s = replace(s, section_tiles=s.section_tiles.set("r2.1", "money 3"))
    after = apply(s, "ann", "build r2.1 with red")
    assert "r2.1" not in after.section_tiles
    assert after.players["ann"].money == 10 - 2 + 3


def test_bonus_tile_that_needs_a_choice_is_the_builders_next_decision(game):
    s = at_main(game, "ann")
    s = replace(s, section_tiles=s.section_tiles.set("r2.1", "promote"))
    s = with_player(s, "ann", lobby=1)
    after = apply(s, "ann", "build r2.1 with red")
    assert pending_decision(after) == Decision("promote", "ann", source="tile")
    assert apply(after, "ann", "promote lobby trade1").players["ann"].floors["trade"] == (1, 0, 0)


def test_develop_icon_advances_the_development_token_and_gives_the_space_bonus(game):
    s = at_main(game, "ann")  # k2.2 carries a develop icon; space 1 gives money 3
    after = apply(s, "ann", "build k2.2 with black")
    assert after.players["ann"].development == 1
    assert after.players["ann"].money == 10 - 2 + 3


def test_develop_icon_onto_a_promote_space_asks_for_the_promotion(game):
    s = with_player(at_main(game, "ann"), "ann", development=1, lobby=1)
    after = apply(s, "ann", "build k2.2 with black")
    assert after.players["ann"].development == 2
    assert pending_decision(after).kind == "promote"


def test_build_completing_a_link_updates_its_cities(game):
    s = with_built(at_main(game, "ann"), "k2.2")
    after = apply(s, "ann", "build k2.1 with black")
    assert (city_value(after, "flensburg"), city_value(after, "hamburg")) == (2, 2)


@pytest.mark.parametrize("era", [1, 2])
def test_yellow_is_refused_before_era_three(game, era):
    s = with_links(replace(at_main(game, "ann"), era=era), "g4", "g5")  # Helmstedt on network
    s = with_player(s, "ann", hand=(*s.players["ann"].hand, "yellow"))
    refused(s, "ann", "build y1.1 with yellow", "colour_closed")
    assert not any("yellow" in t for t in texts(s, "ann"))


def test_yellow_may_be_built_from_era_three(game):
    s = with_links(replace(at_main(game, "ann"), era=3), "g4", "g5")
    s = with_player(s, "ann", hand=(*s.players["ann"].hand, "yellow"), money=20)
    after = apply(s, "ann", "build y1.1 with yellow")
    assert "y1.1" in after.built
    assert after.offices["yellow"] == ("ann",)


def _with_two_colour_card(game):
    s = at_main(game, "ann")
    return with_player(s, "ann", hand=(*s.players["ann"].hand, "i01"))  # black + red


def test_two_colour_card_is_played_as_the_chosen_colour(game):
    s = _with_two_colour_card(game)
    options = texts(s, "ann")
    assert "build r1.1 with i01:red" in options
    assert "build k2.2 with i01:black" in options
    assert not any(t.startswith("build r1.1 with i01:black") for t in options)
    after = apply(s, "ann", "build r1.1 with i01:red")
    assert "r1.1" in after.built
    assert after.offices["red"] == ("ann",)
    assert after.players["ann"].slots["build"] == ("i01",)


def test_two_colour_card_must_name_a_colour_it_has(game):
    s = _with_two_colour_card(game)
    refused(s, "ann", "build r1.1 with i01", "colour_needed")
    refused(s, "ann", "build r1.1 with i01:green", "wrong_colour")
    refused(s, "ann", "build r1.1 with i01:black", "section_wrong_colour")


def test_single_colour_card_names_no_colour(game):
    refused(at_main(game, "ann"), "ann", "build r1.1 with red:red", "wrong_colour")


def test_card_not_in_hand_is_refused(game):
    refused(at_main(game, "ann"), "ann", "build r1.1 with i16", "card_not_in_hand")


def test_extra_build_card_offers_an_optional_extra_build_of_its_colour(old_game):
    # i16 carries the extra build in the archived edition (today only cards with yellow do).
    game = old_game
    s = replace(at_main(game, "ann"), section_tiles=game.section_tiles.without("r2.1"))
    s = with_player(s, "ann", hand=(*s.players["ann"].hand, "i16"))  # red, extra build
    s = apply(s, "ann", "build r1.1 with i16")
    assert pending_decision(s) == Decision("extra", "ann", ("red",), "card")
    options = texts(s, "ann")
    assert "extra r2.1" in options and "pass" in options
    assert not any(t.startswith("extra k") for t in options)
    s2 = apply(s, "ann", "extra r2.1")
    assert {"r1.1", "r2.1"} <= s2.built
    assert s2.players["ann"].money == 10 - 2 - 2
    assert s2.offices["red"] == ("ann", "ann")
    assert pending_decision(apply(s, "ann", "pass")) == Decision("main", "ben")


@pytest.mark.parametrize("slot", ["build", "upgrade", "station", "research"])
def test_an_action_object_naming_goods_outside_a_load_is_refused(game, slot):
    from rules import IllegalActionError
    from rules.actions import Play

    target = {"build": "r1.1", "upgrade": "k3", "station": "k3.1", "research": "network2"}[slot]
    s = at_main(game, "ann")
    before = s.to_json()
    with pytest.raises(IllegalActionError) as caught:
        apply(s, "ann", Play(slot, target, "black" if slot != "build" else "red",
                             goods="appliances"))
    assert caught.value.code == "unknown_action_form"
    assert s.to_json() == before
