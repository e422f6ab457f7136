"""Bonuses (RULES §9): the vocabulary, the development track, delivery boards, claiming in
phase 1, and bonus tiles refilled at the start of eras 2 and 3."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import IllegalActionError, apply, new_game
from rules.flow import settle
from rules.state import DeliveryRowState, Effect, State
from tests.rules.helpers_part2 import (
    ED,
    at,
    decision,
    money,
    notations,
    row,
    set_player,
    set_row,
    turn_of,
    with_truck,
)


def build_tile(bonus: str) -> State:
    """Ann builds r1.1 (red, Lübeck–Hamburg, touches Hamburg) with `bonus` lying on it."""
    s = turn_of()
    s = replace(s, section_tiles=s.section_tiles.set("r1.1", bonus))
    s = apply(s, "ann", "build r1.1 with red")
    assert "r1.1" not in s.section_tiles
    return s


# ----- the vocabulary (RULES §9.1) -----

def test_money_bonus_pays_at_once() -> None:
    s = build_tile("money 3")
    assert money(s, "ann") == 10 - 2 + 3
    assert s.turn.player == "ben"  # nothing to decide, no truck: the turn is over


def test_develop_bonus_advances_and_gives_the_spaces_entered() -> None:
    s = build_tile("develop 2")
    assert s.players["ann"].development == 2
    assert money(s, "ann") == 10 - 2 + 3  # space 1: money 3
    assert decision(s) == ("promote", "ann")  # space 2: promote


def test_promote_bonus_asks_for_a_promotion() -> None:
    s = build_tile("promote")
    assert decision(s) == ("promote", "ann")
    assert set(notations(s, "ann")) == {"promote seat:black lobby", "promote seat:red lobby"}


def test_key_bonus_is_a_free_research() -> None:
    s = build_tile("key")
    assert decision(s) == ("key", "ann")
    assert set(notations(s, "ann")) == {
        "research network2", "research trade2", "research service2", "research finance2",
        "research capacity"}
    s = apply(s, "ann", "research trade2")
    assert s.players["ann"].keys == ("trade2",)
    assert s.players["ann"].slots["research"] == ()  # no card played for it


def test_card_bonus_takes_from_the_display_which_refills() -> None:
    s = build_tile("card")
    display, deck = s.display, s.deck
    assert decision(s) == ("pick", "ann")
    assert notations(s, "ann") == [f"pick {c}" for c in display]
    s = apply(s, "ann", f"pick {display[1]}")
    assert s.players["ann"].hand[-1] == display[1]
    assert s.display == (display[0], display[2], display[3], deck[0])
    assert s.deck == deck[1:]


def test_build_bonus_is_an_optional_extra_build_in_any_open_colour() -> None:
    s = build_tile("build")
    assert decision(s) == ("extra", "ann")
    offered = notations(s, "ann")
    assert {"extra k2.2", "extra r2.1", "pass"} <= set(offered)
    assert not any(t.startswith("extra y") for t in offered)  # the East is closed
    s2 = apply(s, "ann", "extra r2.1")
    assert money(s2, "ann") == 10 - 2 - 2 + 3  # paid normally; r2.1's tile was money 3
    assert s2.offices["red"] == ("ann", "ann")
    assert apply(s, "ann", "pass").turn.player == "ben"


def test_capacity_bonus_lets_the_player_choose_a_slot() -> None:
    s = build_tile("capacity")
    assert decision(s) == ("slot", "ann")
    assert notations(s, "ann") == [f"slot {x}" for x in ED.slots]
    s = apply(s, "ann", "slot upgrade")
    assert s.players["ann"].extra_capacity == {"upgrade": 1}


# ----- the development track (RULES §9.5) -----

TRACK_DECISIONS = {2: "promote", 3: "key", 5: "pick", 6: "slot", 7: "promote", 9: "key",
                   10: "promote", 11: "promote"}
TRACK_MONEY = {1: 3, 4: 5, 8: 8}


def develop(s: State, start: int, steps: int) -> State:
    s = set_player(s, "ann", development=start)
    return settle(replace(s, queue=(Effect("develop", "ann", steps),)), ED)


@pytest.mark.parametrize("space", range(1, 12))
def test_each_development_space_gives_its_bonus(space: int) -> None:
    s = develop(turn_of(), space - 1, 1)
    assert s.players["ann"].development == space
    assert money(s, "ann") == 10 + TRACK_MONEY.get(space, 0)
    expected = TRACK_DECISIONS.get(space, "main")
    assert decision(s) == (expected, "ann")


def test_steps_past_the_last_space_are_lost() -> None:
    s = develop(turn_of(), 10, 3)
    assert s.players["ann"].development == 11
    assert decision(s) == ("promote", "ann")
    assert len(s.queue) == 1  # only space 11's promotion


def test_development_at_the_end_gives_nothing() -> None:
    s = develop(turn_of(), 11, 2)
    assert s.players["ann"].development == 11
    assert decision(s) == ("main", "ann")
    assert money(s, "ann") == 10


def test_develop_icon_on_a_built_section_advances_one_space() -> None:
    s = apply(turn_of(), "ann", "build k2.2 with black")  # k2.2 carries D
    assert s.players["ann"].development == 1
    assert money(s, "ann") == 10 - 2 + 3


# ----- delivery boards (RULES §9.2) -----

@pytest.mark.parametrize(("board", "country", "dm", "goods", "bonus"), [
    # board 1 as pictured (issue 34): 2/4/4/6/2/4/6/4 DM, Austria's bonus develop 2
    (1, "dk", 2, "appliances", "key"),
    (1, "pl", 4, "chemicals", "money 10"),
    (2, "dk", 4, "automotive", "develop 2"),  # board 2 gives Denmark the Netherlands row
    (2, "pl", 2, "appliances", "key"),        # and Poland wraps round to Denmark's
    (4, "it", 4, "chemicals", "money 10"),    # (4 + 4 - 1) mod 8 = 7: Poland's row
    (6, "dk", 4, "chemicals", "develop 2"),   # (0 + 6 - 1) mod 8 = 5: Austria's row
    (6, "cz", 6, "appliances", "money 8"),    # (6 + 6 - 1) mod 8 = 3: Switzerland's row
])
def test_delivery_board_rotation(board: int, country: str, dm: int, goods: str,
                                 bonus: str) -> None:
    got = ED.delivery_row(board, country)
    assert (got.country, got.dm, got.goods, got.bonus) == (country, dm, goods, bonus)


def test_players_get_different_delivery_boards() -> None:
    for seed in range(20):
        s = new_game(ED, ["a", "b", "c", "d"], seed=seed)
        boards = [p.board for p in s.players.values()]
        assert len(set(boards)) == 4
        assert set(boards) <= set(range(1, 7))


def test_delivery_board_decides_preferred_goods() -> None:
    # Board 2's Denmark row prefers automotive: it lands on the goods icon, no DM.
    s = turn_of(step="move", colour="black")
    s = replace(s, built=s.built | {"k2.1", "k2.2", "k1.1"},
                country_tiles=s.country_tiles.without("dk"))
    s = set_player(s, "ann", board=2, trucks=(None, None))
    s = apply(with_truck(s, "ann", "k2.1", "automotive"), "ann", "move 1 k1.1 deliver")
    assert row(s, "ann", "dk") == DeliveryRowState(goods="unused")
    assert money(s, "ann") == 10


# ----- claiming in phase 1 (RULES §9.3) -----

def claimable(*countries: str) -> State:
    s = set_player(turn_of(), "ann", board=1)
    for c in countries:
        s = set_row(s, "ann", c, DeliveryRowState(goods="unused"))
    return settle(at(s, "ann", "start"), ED)


def test_no_bonus_step_without_a_bonus_to_claim() -> None:
    s = settle(at(turn_of(), "ann", "start"), ED)
    assert decision(s) == ("main", "ann")
    s = set_row(turn_of(), "ann", "dk", DeliveryRowState(goods="used", dm=True))
    assert decision(settle(at(s, "ann", "start"), ED)) == ("main", "ann")


def test_bonus_claim_resolves_the_row_bonus_and_marks_it_used() -> None:
    s = claimable("ch")  # board 1 Switzerland: money 8
    assert decision(s) == ("bonus", "ann")
    s = apply(s, "ann", "bonus ch")
    assert money(s, "ann") == 18
    assert row(s, "ann", "ch") == DeliveryRowState(goods="used")
    assert decision(s) == ("main", "ann")


def test_only_one_bonus_claim_per_turn() -> None:
    s = claimable("ch", "pl")
    assert notations(s, "ann") == ["bonus ch", "bonus pl", "pass"]
    s = apply(s, "ann", "bonus ch")
    assert decision(s) == ("main", "ann")
    s = settle(at(s, "ann", "start"), ED)  # the next turn
    assert notations(s, "ann") == ["bonus pl", "pass"]


def test_bonus_claim_may_be_declined() -> None:
    s = apply(claimable("ch"), "ann", "pass")
    assert decision(s) == ("main", "ann")
    assert row(s, "ann", "ch").goods == "unused"


def test_a_used_bonus_cannot_be_claimed_again() -> None:
    s = apply(claimable("ch"), "ann", "bonus ch")
    s = at(s, "ann", "bonus")
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "bonus ch")
    assert err.value.code == "bonus_unavailable"


# ----- bonus tiles refilled at eras 2 and 3 (RULES §9.4) -----

def next_era(s: State) -> State:
    return settle(replace(s, queue=(Effect("next_era"),)), ED)


def test_era_2_refills_countries_without_a_tile_in_country_order() -> None:
    s = turn_of()
    s = replace(s, country_tiles=s.country_tiles.without("nl").without("at"))
    bag = s.bag
    s = next_era(s)
    assert s.era == 2
    assert s.country_tiles["nl"] == bag[0]
    assert s.country_tiles["at"] == bag[1]
    assert s.bag == bag[2:]
    assert len(s.country_tiles) == 8


def test_era_3_fills_the_eastern_spaces_then_the_countries() -> None:
    s = replace(turn_of(), era=2)
    s = replace(s, country_tiles=s.country_tiles.without("dk"))
    bag = s.bag
    s = next_era(s)
    assert s.era == 3
    east = {sid: s.section_tiles[sid] for sid in ("y3.1", "y5.2", "y8.2", "y10.2")}
    assert east == dict(zip(("y3.1", "y5.2", "y8.2", "y10.2"), bag[:4], strict=True))
    assert s.country_tiles["dk"] == bag[4]
    assert s.bag == bag[5:]


def test_an_empty_bag_places_nothing() -> None:
    s = turn_of()
    s = replace(s, country_tiles=s.country_tiles.without("nl"), bag=())
    s = next_era(s)
    assert "nl" not in s.country_tiles
    s = next_era(replace(s, bag=("key",)))
    assert [sid for sid in ("y3.1", "y5.2", "y8.2", "y10.2") if sid in s.section_tiles] == [
        "y3.1"]
    assert "nl" not in s.country_tiles
