"""End of an era (RULES §5, §10.2): steps 1, 2 and 4. Route cards (step 3) are tested with
the promotions they owe."""

from __future__ import annotations

from dataclasses import replace

from rules import Decision, apply, era, money, pending_decision
from rules.registry import edition_by_hash
from rules.trucks import truck_range
from tests.rules.helpers import ARCHIVED, at_main, texts, with_player

EAST_B = ("y3.1", "y5.2", "y8.2", "y10.2")


def last_build(state, builder: str = "ann", era_number: int = 1):
    """`builder` builds the last section of the era (r1.1): the era ends with their turn."""
    s = replace(at_main(state, builder), era=era_number, era_supply=1)
    return apply(with_player(s, builder, lobby=1), builder, "build r1.1 with red")


def test_the_era_does_not_end_while_sections_remain(game):
    s = apply(replace(at_main(game, "ann"), era_supply=2), "ann", "build r1.1 with red")
    assert (s.era, s.era_supply) == (1, 1)
    assert pending_decision(s) == Decision("main", "ben")


def test_step_1_the_builder_of_the_last_section_is_promoted(game):
    s = last_build(game)
    assert s.era_supply == 0
    assert pending_decision(s) == Decision("promote", "ann", source="era_end")
    assert "promote lobby trade1" in texts(s, "ann")
    s = apply(s, "ann", "promote lobby trade1")
    assert s.players["ann"].floors["trade"] == (1, 0, 0)


def test_the_era_ends_at_the_end_of_the_turn_after_the_optional_extra_build(old_game):
    game = old_game  # i16's extra build, as in the archived edition
    s = replace(at_main(game, "ann"), era_supply=2,
                section_tiles=game.section_tiles.without("r2.1"))
    s = with_player(s, "ann", hand=(*s.players["ann"].hand, "i16"), lobby=1)
    s = apply(s, "ann", "build r1.1 with i16")
    assert pending_decision(s).kind == "extra" and s.era == 1
    s = apply(s, "ann", "extra r2.1")  # the era's last section
    assert pending_decision(s) == Decision("promote", "ann", source="era_end")
    assert s.last_builder == "ann"


def test_step_2_the_construction_budget_is_paid_after_the_promotion(game):
    s = last_build(game)
    before = {p: money(s, p) for p in s.order}
    # Ann promotes her employee out of the black office: black then pays 14 // 2.
    s = apply(s, "ann", "promote seat:black lobby")
    assert s.offices["black"] == ("cem", "ben")
    assert money(s, "cem") - before["cem"] == 7
    assert money(s, "ben") - before["ben"] == 7
    assert money(s, "ann") - before["ann"] == 6  # red: Lübeck 2 + Hamburg 4


def test_step_4_era_two_has_range_three_supply_twelve_and_higher_costs(old_game):
    game = old_game  # the archived era-2 price, 3 DM (today's 4: test_balance_data.py)
    s = apply(last_build(game), "ann", "promote lobby network1")
    assert era(s) == 2
    assert s.era_supply == 12
    assert truck_range(s, ARCHIVED, "k3.1") == 3
    assert truck_range(game, ARCHIVED, "k3.1") == 2
    assert s.last_builder is None
    ben = apply(s, "ben", "build k2.2 with black")
    assert money(ben, "ben") == money(s, "ben") - 3 + 3  # era-2 cost; develop space 1: +3


def test_step_4_countries_without_a_tile_get_one_from_the_bag(game):
    s = replace(game, country_tiles=game.country_tiles.without("fr").without("at"))
    bag = s.bag
    s = apply(last_build(s), "ann", "promote lobby network1")
    assert s.country_tiles["fr"] == bag[0]
    assert s.country_tiles["at"] == bag[1]
    assert s.bag == bag[2:]
    assert {c: t for c, t in s.country_tiles.items() if c not in ("fr", "at")} == {
        c: t for c, t in game.country_tiles.items() if c not in ("fr", "at")}


def test_step_4_an_empty_bag_places_nothing(game):
    s = replace(game, bag=(), country_tiles=game.country_tiles.without("fr"))
    s = apply(last_build(s), "ann", "promote lobby network1")
    assert "fr" not in s.country_tiles
    assert era(s) == 2


def test_step_4_era_two_does_not_open_the_east(game):
    s = apply(last_build(game), "ann", "promote lobby network1")
    assert all("yellow" not in s.players[p].hand for p in s.order)
    assert not set(EAST_B) & set(s.section_tiles)
    assert s.display == game.display


def _into_era_three(game):
    s = replace(game, country_tiles=game.country_tiles.without("dk"))
    bag = s.bag
    s = apply(last_build(s, era_number=2), "ann", "promote lobby network1")
    return s, bag


def test_step_4_era_three_puts_the_yellow_card_into_every_hand(game):
    s, _bag = _into_era_three(game)
    assert era(s) == 3
    for pid in s.order:
        assert s.players[pid].hand.count("yellow") == 1
    assert s.era_supply == 14


def test_step_4_era_three_fills_the_eastern_b_spaces_then_the_countries(game):
    s, bag = _into_era_three(game)
    assert {sid: s.section_tiles[sid] for sid in EAST_B} == dict(zip(EAST_B, bag[:4],
                                                                     strict=True))
    assert s.country_tiles["dk"] == bag[4]
    assert s.bag == bag[5:]


def test_step_4_era_three_lays_the_display_from_the_advanced_deck(game):
    advanced = game.advanced_deck
    s, _bag = _into_era_three(game)
    assert s.display == advanced[:4]
    assert s.deck == advanced[4:]
    assert s.advanced_deck == ()


def test_step_4_era_three_opens_yellow_for_building(game):
    s, _bag = _into_era_three(game)
    pid = s.turn.player
    s = with_player(s, pid, money=20)
    s = replace(s, built=s.built | {"g4.1", "g5.1"})  # Helmstedt on the network
    assert "build y1.1 with yellow" in texts(s, pid)


def test_step_4_era_two_costs_the_balanced_price(game):
    s = apply(last_build(game), "ann", "promote lobby network1")
    ben = apply(s, "ben", "build k2.2 with black")
    price = edition_by_hash(s.edition_hash).era(2).build_cost  # 8 (test_balance_data.py)
    assert money(ben, "ben") == money(s, "ben") - price + 3  # develop space 1: +3
