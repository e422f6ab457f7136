"""Upgrade link (RULES §7.2)."""

from __future__ import annotations

from dataclasses import replace

from rules import apply, city_value, link_status
from tests.rules.helpers import at_main, refused, texts, with_built, with_player


def test_only_complete_links_may_be_upgraded(game):
    s = with_built(at_main(game, "ann"), "r2.1")
    err = refused(s, "ann", "upgrade r2 with red", "link_incomplete")
    assert err.params == {"link": "r2", "built": 1, "count": 2}


def test_an_upgraded_link_cannot_be_upgraded_again(game):
    s = replace(at_main(game, "ann"), upgraded=frozenset({"k3"}))
    refused(s, "ann", "upgrade k3 with black", "link_upgraded")


def test_upgrade_must_match_the_played_colour(game):
    refused(at_main(game, "ann"), "ann", "upgrade k3 with red", "link_wrong_colour")


def test_upgrade_of_an_unknown_link_is_refused(game):
    refused(at_main(game, "ann"), "ann", "upgrade zz9 with red", "unknown_link")


def test_upgrades_offered_are_exactly_the_complete_unupgraded_links_of_the_colour(game):
    s = replace(at_main(game, "ann"), upgraded=frozenset({"k4"}))
    upgrades = sorted(t for t in texts(s, "ann") if t.startswith("upgrade "))
    assert upgrades == ["upgrade k3 with black", "upgrade k5 with black",
                        "upgrade k6 with black", "upgrade k7 with black"]


def test_upgrade_costs_two_dm_per_section(game):
    s = at_main(game, "ann")
    assert apply(s, "ann", "upgrade k5 with black").players["ann"].money == 10 - 2
    assert apply(s, "ann", "upgrade k6 with black").players["ann"].money == 10 - 4


def test_balance_upgrades_cost_the_eras_price_per_section(game):
    # classic: 2 DM a section in era 1 (the seed rulings' tests), 4 in era 2, 10 in era 3
    for era, price in ((1, 2), (2, 4), (3, 10)):
        s = with_player(replace(at_main(game, "ann"), era=era), "ann", money=20)
        assert apply(s, "ann", "upgrade k6 with black").players["ann"].money == 20 - 2 * price
        s = with_player(s, "ann", money=2 * price - 1)
        assert not any(t.startswith("upgrade k6") for t in texts(s, "ann"))
        err = refused(s, "ann", "upgrade k6 with black", "cannot_pay")
        assert err.params == {"cost": 2 * price, "money": 2 * price - 1}


def test_an_eras_upgrade_price_is_at_least_zero(tmp_path):
    from tests.rules.test_edition import expect_error

    expect_error(tmp_path, "eras[1].upgrade_per_section", "must be at least 0",
                 ("eras[1].upgrade_per_section", -1))


def test_upgrade_marks_the_link_and_uses_no_section_from_the_supply(game):
    after = apply(at_main(game, "ann"), "ann", "upgrade k3 with black")
    assert link_status(after, "k3") == (2, True)
    assert after.era_supply == 10
    assert after.built == game.built


def test_upgrade_places_an_employee_in_the_colours_office(game):
    after = apply(at_main(game, "ann"), "ann", "upgrade k3 with black")
    assert after.offices["black"] == (*game.offices["black"], "ann")
    assert after.players["ann"].supply == game.players["ann"].supply - 1


def test_upgrade_adds_two_to_both_end_cities(game):
    after = apply(at_main(game, "ann"), "ann", "upgrade k6 with black")
    assert city_value(after, "bad_hersfeld") == 2 + 2
    assert city_value(after, "wuerzburg") == 2 + 2


def test_upgrade_card_goes_to_the_upgrade_slot(game):
    after = apply(at_main(game, "ann"), "ann", "upgrade k3 with black")
    assert after.players["ann"].slots["upgrade"] == ("black",)
    assert "black" not in after.players["ann"].hand


def test_upgrade_exactly_affordable_is_allowed(game):
    s = with_player(at_main(game, "ann"), "ann", money=4)
    assert apply(s, "ann", "upgrade k3 with black").players["ann"].money == 0
