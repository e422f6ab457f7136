"""The seed rulings (seeds/*.txt, German and French), one test per clause.

Ruling 1 (p. 8–9), ruling 2 (p. 9), ruling 3 (p. 9–10) and ruling 6 (p. 14); rulings 4
(p. 11–12) and 5 (p. 13), the trucks', are in test_seed_rulings_trucks.py.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

import rules.effects
from rules import (
    apply,
    city_value,
    current_player,
    legal_actions,
    money,
    pending_decision,
)
from rules.effects import construction_budget
from tests.rules.helpers import (
    EDITION,
    at_main,
    drafted,
    only_offices,
    refused,
    texts,
    with_built,
    with_links,
    with_player,
    with_seats,
)

# ----- ruling 1 (p. 8–9): placing an employee is step 3 of build and of upgrade -----


def test_build_places_the_employee_after_placing_the_tile_and_paying(game):
    s = at_main(game, "ann")
    after = apply(s, "ann", "build r1.1 with red")
    ann = after.players["ann"]
    assert "r1.1" in after.built
    assert ann.money == 10 - 2
    assert after.offices["red"] == ("ann",)
    assert ann.supply == s.players["ann"].supply - 1


def test_upgrade_places_the_employee_after_flipping_the_tiles_and_paying(game):
    s = at_main(game, "ann")
    after = apply(s, "ann", "upgrade k3 with black")
    ann = after.players["ann"]
    assert "k3" in after.upgraded
    assert ann.money == 10 - 2 * 2
    assert after.offices["black"] == (*s.offices["black"], "ann")
    assert ann.supply == s.players["ann"].supply - 1


def test_build_seats_the_employee_on_the_leftmost_free_seat_of_the_matching_office(game):
    s = with_seats(at_main(game, "ann"), "red", "ben", "cem")
    after = apply(s, "ann", "build r1.1 with red")
    assert after.offices["red"] == ("ben", "cem", "ann")
    assert after.offices["black"] == s.offices["black"]  # not the office of another colour


def test_upgrade_seats_the_employee_on_the_leftmost_free_seat_of_the_matching_office(game):
    s = with_seats(at_main(game, "ann"), "black", "cem")
    after = apply(s, "ann", "upgrade k3 with black")
    assert after.offices["black"] == ("cem", "ann")


def test_build_that_cannot_be_paid_is_not_offered_and_is_refused_unchanged(game):
    s = with_player(at_main(game, "ann"), "ann", money=1)
    err = refused(s, "ann", "build r1.1 with red", "cannot_pay")
    assert err.params == {"cost": 2, "money": 1}
    assert not any(t.startswith("build ") for t in texts(s, "ann"))


def test_upgrade_that_cannot_be_paid_is_not_offered_and_is_refused_unchanged(game):
    s = with_player(at_main(game, "ann"), "ann", money=3)  # k3 has 2 sections: 4 DM
    err = refused(s, "ann", "upgrade k3 with black", "cannot_pay")
    assert err.params == {"cost": 4, "money": 3}
    assert "upgrade k5 with black" in texts(s, "ann")  # one section: 2 DM, affordable


# ----- ruling 2 (p. 9): a full office, and an empty supply -----


def _full_red(game):
    """3 players: 4 seats per office, all taken in red."""
    return with_seats(at_main(game, "ann"), "red", "ben", "cem", "ben", "cem")


def test_full_office_sends_the_leftmost_employee_to_the_lobby_of_its_owner(game):
    s = _full_red(game)
    after = apply(s, "ann", "build r1.1 with red")
    ben = after.players["ben"]
    assert ben.lobby == s.players["ben"].lobby + 1
    assert ben.supply == s.players["ben"].supply  # not returned to the supply: ben keeps it
    assert after.players["cem"].lobby == s.players["cem"].lobby


def test_full_office_slides_the_rest_left_and_seats_the_new_employee_rightmost(game):
    after = apply(_full_red(game), "ann", "build r1.1 with red")
    assert after.offices["red"] == ("cem", "ben", "cem", "ann")


def test_full_office_on_upgrade_bumps_the_leftmost_too(game):
    s = with_seats(at_main(game, "ann"), "black", "cem", "ann", "ben", "ben")
    after = apply(s, "ann", "upgrade k3 with black")
    assert after.offices["black"] == ("ann", "ben", "ben", "ann")
    assert after.players["cem"].lobby == s.players["cem"].lobby + 1


def _no_supply(game, lobby: int = 4):
    return with_player(at_main(game, "ann"), "ann", supply=0, lobby=lobby)


def test_empty_supply_returns_exactly_three_from_the_lobby(game):
    after = apply(_no_supply(game, lobby=5), "ann", "build r1.1 with red")
    ann = after.players["ann"]
    assert ann.lobby == 5 - 3
    assert ann.supply == 3 - 1  # three came back, one of them was placed


def test_empty_supply_places_one_of_the_returned_employees(game):
    after = apply(_no_supply(game), "ann", "build r1.1 with red")
    assert after.offices["red"] == ("ann",)


def test_empty_supply_then_promotes_one_employee_as_a_decision_of_the_builder(game):
    after = apply(_no_supply(game, lobby=4), "ann", "build r1.1 with red")
    decision = pending_decision(after)
    assert decision is not None and decision.kind == "promote" and decision.player == "ann"
    options = texts(after, "ann")
    assert "promote lobby network1" in options
    assert "promote seat:red lobby" in options
    done = apply(after, "ann", "promote lobby network1")
    ann = done.players["ann"]
    assert ann.lobby == 0
    assert ann.floors["network"] == (1, 0, 0)
    assert ann.supply == 2
    assert current_player(done) == "ben"  # promoted once, then the turn went on


def test_empty_supply_on_upgrade_also_returns_three_and_promotes(game):
    after = apply(_no_supply(game, lobby=3), "ann", "upgrade k3 with black")
    assert after.players["ann"].lobby == 0
    assert after.players["ann"].supply == 2
    assert pending_decision(after).kind == "promote"


def test_fewer_than_three_in_the_lobby_refuses_the_build_and_does_not_offer_it(game):
    s = _no_supply(game, lobby=2)
    refused(s, "ann", "build r1.1 with red", "no_employee")
    assert not any(t.startswith(("build ", "upgrade ")) for t in texts(s, "ann"))


def test_fewer_than_three_in_the_lobby_refuses_the_upgrade_too(game):
    refused(_no_supply(game, lobby=2), "ann", "upgrade k3 with black", "no_employee")


# ----- ruling 3 (p. 9–10): city values count distinct autobahns -----


def test_city_value_counts_an_autobahn_once_however_many_of_its_links_are_complete(game):
    s = with_links(game, "k2")  # Hamburg: k2 and k3, both black and complete
    assert city_value(s, "hamburg") == 2
    assert city_value(with_links(s, "r1"), "hamburg") == 4  # a second autobahn counts


def test_completing_a_link_updates_both_end_cities(game):
    s = at_main(game, "ann")
    assert (city_value(s, "luebeck"), city_value(s, "hamburg")) == (0, 2)
    after = apply(s, "ann", "build r1.1 with red")
    assert (city_value(after, "luebeck"), city_value(after, "hamburg")) == (2, 4)


def test_building_a_section_that_does_not_complete_its_link_changes_no_city(game):
    s = with_links(at_main(game, "ann"), "r2")
    after = apply(s, "ann", "build r3.1 with red")
    assert city_value(after, "bremen") == 2  # r2 complete: red once
    assert city_value(after, "osnabrueck") == 0


def test_upgrade_adds_two_at_both_end_cities(game):
    after = apply(at_main(game, "ann"), "ann", "upgrade k4 with black")
    assert (city_value(after, "hannover"), city_value(after, "kassel")) == (4, 4)
    assert city_value(after, "hamburg") == 2  # not an end of k4


def test_two_upgraded_links_of_one_autobahn_at_a_city_add_two_once(game):
    s = replace(game, upgraded=frozenset({"k3"}))
    assert city_value(s, "hannover") == 4
    s = replace(s, upgraded=frozenset({"k3", "k4"}))
    assert city_value(s, "hannover") == 4
    assert city_value(s, "kassel") == 4


# ----- ruling 6 (p. 14): the construction budget -----

BLACK_AT_SETUP = 6 * 2  # the six A7 cities, each worth 2


def test_budget_sums_the_values_of_the_autobahns_cities_on_the_network(game):
    s = only_offices(game, black=("ann",))
    assert construction_budget(s, EDITION) == {"cem": 0, "ann": BLACK_AT_SETUP, "ben": 0}


def test_budget_includes_foreign_trading_cities_on_the_network(game):
    s = only_offices(with_links(game, "k1", "k2"), black=("ann",))
    assert city_value(s, "kolding_dk") == 2
    # + Flensburg 2 + Kolding (DK) 2
    assert construction_budget(s, EDITION)["ann"] == BLACK_AT_SETUP + 4


def test_budget_excludes_cities_of_the_autobahn_off_the_network(game, monkeypatch):
    # Make every city on the network worth 5 so that a wrongly counted city would show
    # (the budget reads every city's value in one pass, rules.network.city_values).
    real = rules.effects.city_values
    monkeypatch.setattr("rules.effects.city_values",
                        lambda state, edition: dict.fromkeys(real(state, edition), 5))
    s = with_built(game, "r2.1", "r3.1")  # Bremen and Osnabrück still off the network
    s = only_offices(s, red=("ann",))
    # Of the red cities only Hamburg is on the network (through the black A7).
    assert construction_budget(s, EDITION)["ann"] == 5


def test_budget_divides_by_the_offices_employees_rounding_down(game):
    s = with_links(game, "k1", "k2")  # black cities on the network: 16
    s = only_offices(s, black=("ann", "ben", "cem"))
    assert construction_budget(s, EDITION) == {"cem": 5, "ann": 5, "ben": 5}  # 16 // 3


def test_budget_pays_each_player_per_employee_in_the_office(game):
    s = only_offices(with_links(game, "k1", "k2"), black=("ann", "ben", "ann"))
    assert construction_budget(s, EDITION) == {"cem": 0, "ann": 10, "ben": 5}


def test_budget_of_an_office_with_nobody_pays_nothing(game):
    # Hamburg (on the network through black) is a red city worth 2, but nobody sits in red.
    s = only_offices(game)
    assert construction_budget(s, EDITION) == {"cem": 0, "ann": 0, "ben": 0}
    assert construction_budget(only_offices(s, red=("ben",)), EDITION)["ben"] == 2


def test_budget_is_paid_at_the_real_end_of_an_era(game):
    # Black office from setup: cem, ann, ben. Ann builds the era's last section, r1.1.
    s = with_player(replace(at_main(game, "ann"), era_supply=1), "ann", lobby=1)
    s = apply(s, "ann", "build r1.1 with red")
    assert pending_decision(s).kind == "promote"  # era end step 1, for the builder
    assert s.era == 1
    s = apply(s, "ann", "promote lobby network1")
    assert s.era == 2
    # Black: Hamburg 4 (black + red) + five cities worth 2 = 14, 14 // 3 = 4 each.
    # Red (ann alone): Lübeck 2 + Hamburg 4 = 6.
    assert money(s, "ann") == 10 - 2 + 4 + 6
    assert money(s, "ben") == 10 + 4
    assert money(s, "cem") == 10 + 4
    assert current_player(s) == "ben"  # the next player in seat order


@pytest.mark.parametrize("players", [2, 4])
def test_budget_at_era_end_for_other_table_sizes(players):
    g = drafted(players=players, seed=3)
    first = g.order[0]
    s = with_player(replace(at_main(g, first), era_supply=1), first, lobby=1)
    s = apply(s, first, "build r1.1 with red")
    s = apply(s, first, "promote lobby network1")
    black = BLACK_AT_SETUP + 2  # Hamburg gained red
    share = black // players
    assert money(s, first) == 10 - 2 + share + 6
    for pid in g.order[1:]:
        assert money(s, pid) == 10 + share
    assert legal_actions(s, current_player(s))
