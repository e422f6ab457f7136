"""SOLO.md §4 (the turn), §5 (the map measures) and §6 (the tasks), one test per rule."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import apply, legal_actions, pending_decision
from rules.autobot import bonuses, tasks
from rules.autobot import geometry as geo
from rules.state import DeliveryRowState, State, Truck
from tests.rules.solo_helpers import (
    BOT,
    EDITION,
    HUMAN,
    board_preferring,
    bot_turn,
    built_links,
    decks,
    solo,
    solo_start,
    with_player,
    with_solo,
)

# ----- §4 the turn -----

def test_r1_the_bot_plays_first_every_round() -> None:
    state, _ = bot_turn(solo_start())
    assert state.turn is not None and state.turn.player == HUMAN
    number = state.turn.number
    while state.turn is not None and state.turn.player == HUMAN:
        state = apply(state, HUMAN, legal_actions(state, HUMAN)[-1])
    assert pending_decision(state).player == BOT  # type: ignore[union-attr]
    assert state.turn is not None and state.turn.number == number + 1


def test_r2_the_humans_turn_is_the_base_game_turn() -> None:
    state, _ = bot_turn(solo_start())
    actions = [str(a) for a in legal_actions(state, HUMAN)]
    assert any(a.startswith("build ") for a in actions) and "grant" in actions


def test_k1_k2_a_skip_moves_no_truck_and_builds_nothing() -> None:
    state = decks(solo_start(), ("white",), ("7a", "1a", "5a", "3a", "2a"))
    state = with_player(state, BOT, trucks=(Truck("k3.1", "appliances"), None))
    state = with_solo(state, destinations=("dk", ""))
    after, text = bot_turn(state)
    assert text.endswith(" skip")
    assert after.players[BOT].trucks[0] == Truck("k3.1", "appliances")
    assert after.built == state.built
    assert after.players[BOT].development == 0  # level 1: no step for a skip


def test_m1_a_two_colour_card_uses_its_first_viable_colour() -> None:
    # i07 is red+orange; 7A (station) is viable in neither, 1A builds in red first.
    state = decks(solo_start(), ("i07",), ("1a",))
    _after, text = bot_turn(state)
    assert text == "autobot red 1a build r2.1"
    # black+red: the black station of 7A is viable (k3.1, the A7's one space), so black.
    _after, text = bot_turn(decks(solo_start(), ("i01",), ("7a",)))
    assert text == "autobot black 7a station k3.1"


def test_step5_the_task_bonus_follows_the_main_task() -> None:
    _after, text = bot_turn(decks(solo_start(), ("red",), ("3a",)))
    after, _ = bot_turn(decks(solo_start(), ("red",), ("3a",)))
    assert text == "autobot red 3a build r2.1"
    # tile slot develop 1 (-> 1), then 3A's develop 1 (-> 2, promote: fall-back).
    assert after.players[BOT].development == 2


def _dk_chemicals(state: State) -> State:
    """The Autobot on the board where Denmark prefers chemicals, which black offers at
    Hamburg, Kassel and Flensburg."""
    return with_player(state, BOT, board=board_preferring("dk", "chemicals"))


def test_step7_loaded_trucks_move_after_the_task() -> None:
    # Denmark is connected (k2, k1) and, on this board, wants automotive: Hannover is the
    # nearest depot offering it (L-5, L-6; Würzburg's route is longer). (Chemicals would load
    # at Flensburg, one section from Denmark, and deliver at once.) The truck loaded this turn
    # moves its 2 era-1 steps along k3.2, k3.1 (TR-1); a third would enter k2.2.
    state = with_player(solo_start(), BOT, board=board_preferring("dk", "automotive"))
    state = built_links(state, "k2", "k1")
    after, text = bot_turn(decks(state, ("black",), ("5a",)))
    assert text == "autobot black 5a load d_black_h automotive dk"
    assert after.players[BOT].trucks[0] == Truck("k3.1", "automotive")  # 2 steps in era 1


# ----- §5 the map -----

def test_g1_g2_distances_to_the_black_autobahn_count_sections() -> None:
    assert geo.black_distances(EDITION)["hamburg"] == 0
    assert geo.black_distances(EDITION)["bremen"] == 2  # r2 has 2 sections
    assert geo.dist_black_section(EDITION, "r2.1") == 0
    assert geo.dist_black_section(EDITION, "r2.2") == 1
    assert geo.dist_black_section(EDITION, "k8.1") == 0
    assert geo.dist_black_link(EDITION, "r3") == 2


def test_g3_distances_to_bad_hersfeld() -> None:
    assert [geo.dist_hub_section(EDITION, s) for s in ("k3.1", "k4.2", "k5.1", "k6.1",
                                                        "k7.1")] == [4, 1, 0, 0, 2]


def test_g4_locations_interpolate_between_the_cities() -> None:
    lat, _lon = geo.section_location(EDITION, "k6.1")
    bh, wb = EDITION.nodes["bad_hersfeld"], EDITION.nodes["wuerzburg"]
    assert abs(lat - (bh.lat + 0.25 * (wb.lat - bh.lat))) < 1e-9
    assert geo.link_location(EDITION, "k6") == ((bh.lat + wb.lat) / 2, (bh.lon + wb.lon) / 2)


def test_g5_era_direction_south_then_west_until_era_3() -> None:
    state = solo_start()
    assert geo.direction_key(state, EDITION, (50.0, 9.0)) < geo.direction_key(
        state, EDITION, (51.0, 8.0))
    era3 = replace(state, era=3)
    assert geo.direction_key(era3, EDITION, (51.0, 8.0)) < geo.direction_key(
        era3, EDITION, (50.0, 9.0))


def test_g6_a_country_is_connected_through_a_trading_city_on_the_network() -> None:
    state = solo_start()
    assert not tasks.connected(state, EDITION, "dk")
    assert tasks.connected(built_links(state, "k1", "k2"), EDITION, "dk")


def test_g7_sections_left_count_unbuilt_sections_only() -> None:
    state = solo_start()
    assert geo.sections_left(state, EDITION, "dk") == 3
    assert geo.sections_left(built_links(state, "k2"), EDITION, "dk") == 1
    assert geo.sections_left(built_links(state, "k2", "k1"), EDITION, "dk") == 0
    assert geo.sections_left(state, EDITION, "pl") is None  # yellow is closed in era 1


def test_g8_the_truck_route_is_the_shortest_and_ends_beside_the_country() -> None:
    state = solo_start()
    assert geo.truck_route(state, EDITION, "d_black_n", "dk") == ("k2.2", "k2.1", "k1.1")
    assert geo.truck_route(state, EDITION, "k1.1", "dk") == ()
    assert geo.truck_route(state, EDITION, "d_black_n", "pl") is None  # closed in era 1


def test_g9_the_nearest_depot_to_a_country() -> None:
    state = solo_start()
    assert tasks.nearest_depot(state, EDITION, ["d_black_s", "d_black_n"], "dk") == "d_black_n"
    assert tasks.nearest_depot(state, EDITION, ["d_black_n", "d_black_s"], "at") == "d_black_s"


def test_g10_costs_are_ignored_but_every_other_condition_holds() -> None:
    state = with_player(solo_start(), BOT, money=0)
    assert "r2.1" in bonuses.buildable(state, EDITION, "red")
    assert "r3.1" not in bonuses.buildable(state, EDITION, "red")  # does not touch the network
    assert bonuses.buildable(replace(state, era_supply=0), EDITION, "red") == []


# ----- §6.1 build / upgrade -----

def test_b1_upgrade_only_when_nothing_can_be_built() -> None:
    state = built_links(solo_start(), "r1", "r2")
    state = decks(state, ("red",), ("1a",))
    _after, text = bot_turn(state)
    assert text == "autobot red 1a build r3.1"
    black = [lid for lid, link in EDITION.links.items() if link.colour == "black"]
    full = decks(built_links(solo_start(), *black), ("black",), ("1a",))
    _after, text = bot_turn(full)
    assert text.startswith("autobot black 1a upgrade ")


def test_b2_not_viable_without_an_employee() -> None:
    state = with_player(solo_start(), BOT, supply=0, lobby=2)
    assert not tasks.viable(state, EDITION, "build", "red")
    assert tasks.viable(with_player(state, BOT, lobby=3), EDITION, "build", "red")


def test_b3_the_build_priorities() -> None:
    state = solo_start()
    # bonus tile first (r2.1 over r1.1), then nearest the black, then south/west
    assert bonuses.build_choice(state, EDITION, ["r1.1", "r2.1"]) == "r2.1"
    no_tiles = replace(state, section_tiles=state.section_tiles.without("r2.1"))
    assert bonuses.build_choice(no_tiles, EDITION, ["r1.1", "r2.1"]) == "r2.1"  # further south
    assert bonuses.build_choice(state, EDITION, ["g3.2", "g4.1"]) == "g3.2"


def test_b3_a_section_on_a_trucks_route_wins_the_higher_destination_first() -> None:
    state = with_player(solo_start(), BOT, trucks=(Truck("d_black_n", "appliances"),
                                                   Truck("d_black_s", "chemicals")))
    state = with_solo(state, destinations=("at", "dk"))
    # truck 2 heads for Denmark (row 1), truck 1 for Austria (row 6)
    assert bonuses.build_choice(state, EDITION, ["k8.1", "k2.2"]) == "k2.2"


def test_b4_a_build_places_an_employee_pays_nothing_and_takes_its_bonuses() -> None:
    state = decks(solo_start(), ("black",), ("1a",))
    after, text = bot_turn(state)
    assert text == "autobot black 1a build k8.1"  # the tile
    assert after.offices["black"] == (BOT, HUMAN, BOT)
    assert after.players[BOT].money == 0 and after.last_builder == BOT
    assert solo(after).slots_filled == 1


def test_b5_b6_the_upgrade_priorities_and_effects() -> None:
    black = [lid for lid, link in EDITION.links.items() if link.colour == "black"]
    state = built_links(solo_start(), *black)
    assert bonuses.upgrade_choice(state, EDITION, black) == "k6"
    era3 = replace(state, era=3)
    assert bonuses.upgrade_choice(era3, EDITION, black) == "k5"
    after, words = bonuses.upgrade(state, EDITION, "black")
    assert words == ("upgrade", "k6") and "k6" in after.upgraded
    assert after.offices["black"] == (BOT, HUMAN, BOT)


# ----- §6.2 load -----

def test_l1_the_lowest_free_truck_and_none_free_means_not_viable() -> None:
    state = with_player(solo_start(), BOT, trucks=(Truck("k3.1", "chemicals"), None))
    state = with_solo(state, destinations=("at", ""))
    assert tasks.free_truck(state, EDITION) == 1
    full = with_player(state, BOT, trucks=(Truck("k3.1", "chemicals"),
                                           Truck("k3.2", "chemicals")))
    assert not tasks.viable(full, EDITION, "load", "black")


def test_l2_eligible_countries() -> None:
    # Board 1: Denmark (smallest U) prefers appliances, which black offers at Crailsheim
    # since issue 34 (the Autobot loads on black "the good type shown on its delivery board").
    assert tasks.normal_load(solo_start(), EDITION, "black", 0) == ("d_black_a", "appliances",
                                                                   "dk")
    state = _dk_chemicals(solo_start())
    plan = tasks.normal_load(state, EDITION, "black", 0)
    assert plan == ("d_black_n", "chemicals", "dk")
    delivered = with_player(state, BOT, delivered=("dk",),
                            deliveries={"dk": DeliveryRowState(goods="used")})
    assert tasks.normal_load(delivered, EDITION, "black", 0)[2] != "dk"  # type: ignore[index]
    heading = with_solo(with_player(state, BOT, trucks=(None, Truck("k3.1", "chemicals"))),
                        destinations=("", "dk"))
    assert tasks.normal_load(heading, EDITION, "black", 0)[2] != "dk"  # type: ignore[index]


def test_l3_loadable_goods_need_a_depot_on_the_network_and_a_token() -> None:
    state = solo_start()
    # Hamburg, Kassel: chemicals; Hannover, Würzburg: automotive; Crailsheim: appliances.
    assert tasks.loadable_goods(state, EDITION, "black") == {"chemicals", "automotive",
                                                             "appliances"}
    assert tasks.loadable_goods(state, EDITION, "white") == set()  # München is off
    none_left = replace(state, goods=state.goods.set("chemicals", 0))
    assert tasks.loadable_goods(none_left, EDITION, "black") == {"automotive", "appliances"}
    # Braunschweig on the network (g4) offers automotive, and pharmaceuticals from era 3.
    braunschweig = built_links(state, "g4")
    assert tasks.loadable_goods(replace(braunschweig, era=2), EDITION, "green") == {
        "automotive"}
    assert tasks.loadable_goods(replace(braunschweig, era=3), EDITION, "green") == {
        "automotive", "pharmaceuticals"}


def test_l4_not_viable_without_an_eligible_country() -> None:
    assert not tasks.viable(solo_start(), EDITION, "load", "white")


def test_l5_connected_countries_first() -> None:
    state = built_links(solo_start(), "k8", "k9", "k10")
    assert tasks.normal_load(state, EDITION, "black", 0)[2] == "at"  # type: ignore[index]


def test_l6_the_good_follows_the_country_and_the_depot_is_the_nearest_offering_it() -> None:
    # Austria (connected by k8-k10) prefers chemicals, offered at Hamburg and Kassel:
    # Kassel's route is 9 steps, Hamburg's 13 (G-9), though Hamburg comes first in order.
    state = built_links(solo_start(), "k8", "k9", "k10")
    assert tasks.normal_load(state, EDITION, "black", 0) == ("d_black_c", "chemicals", "at")
    # France (connected by r9) prefers automotive, offered at Hannover and Würzburg:
    # Würzburg's route (via Frankfurt) is 8 steps, Hannover's (via Dortmund) 10.
    state = built_links(solo_start(), "r9")
    assert tasks.normal_load(state, EDITION, "black", 0) == ("d_black_s", "automotive", "fr")


def test_l7_pharma_is_only_for_green_or_yellow_in_era_3() -> None:
    # Green's pharmaceuticals are at Braunschweig (g4 puts it on the network, as SOLO TC-10
    # has it); NL is connected.
    state = built_links(replace(solo_start(), era=3), "g4", "o1", "g1")
    assert tasks.pharma_load(state, EDITION, "green", 0) == ("d_green", "nl")
    # Without Braunschweig on the network, no green pharma depot qualifies.
    off = built_links(replace(solo_start(), era=3), "g3", "o1", "g1")
    assert tasks.pharma_load(off, EDITION, "green", 0) is None
    assert tasks.pharma_load(replace(state, era=2), EDITION, "green", 0) is None
    assert tasks.pharma_load(state, EDITION, "black", 0) is None
    no_pharma = replace(state, goods=state.goods.set("pharmaceuticals", 0))
    assert tasks.pharma_load(no_pharma, EDITION, "green", 0) is None


def test_l9_the_marker_leaves_with_the_delivering_truck() -> None:
    from rules.autobot.trucks import move_trucks

    state = with_player(solo_start(), BOT, trucks=(Truck("k1.1", "appliances"), None))
    state = with_solo(state, destinations=("dk", ""))
    after = move_trucks(state, EDITION, "black")
    assert solo(after).destinations == ("", "") and after.players[BOT].trucks == (None, None)


# ----- §6.3 stations -----

def test_st1_st2_station_spaces_on_built_sections_of_the_colour() -> None:
    state = solo_start()
    assert bonuses.station_spaces(state, EDITION, "red") == []
    assert not tasks.viable(state, EDITION, "station", "red")
    assert bonuses.station_spaces(built_links(state, "r1"), EDITION, "red") == ["r1.1"]
    none_left = with_player(built_links(state, "r1"), BOT, stations_left=0)
    assert bonuses.station_spaces(none_left, EDITION, "red") == []


def test_st3_non_black_spaces_nearest_the_black_then_direction() -> None:
    state = built_links(solo_start(), "r1", "r2", "r3")
    assert bonuses.station_choice(state, EDITION, "red", ["r3.1", "r2.2", "r1.1"]) == "r1.1"


def test_st4_black_spaces_nearest_bad_hersfeld() -> None:
    # The pre-built A7 has one station space (k3.1); with every black link built there are
    # four: k1.1, k3.1, k8.2, k10.1, with dist_BH 7, 4, 4, 7 (k2.1, dist_BH 6, had one
    # until the tenth balance round).
    assert bonuses.station_spaces(solo_start(), EDITION, "black") == ["k3.1"]
    black = [lid for lid, link in EDITION.links.items() if link.colour == "black"]
    state = built_links(solo_start(), *black)
    spaces = bonuses.station_spaces(state, EDITION, "black")
    assert sorted(spaces) == ["k1.1", "k10.1", "k3.1", "k8.2"]
    # k3.1 and k8.2 tie nearest Bad Hersfeld. Eras 1-2 south: k8.2 (k10.1 lies further south
    # but further from Bad Hersfeld); era 3 north: k3.1 (k1.1 lies further north).
    assert bonuses.station_choice(state, EDITION, "black", spaces) == "k8.2"
    assert bonuses.station_choice(replace(state, era=3), EDITION, "black", spaces) == "k3.1"


def test_st5_the_leftmost_station_and_its_bonus() -> None:
    state = with_player(solo_start(), BOT, stations_left=7, lobby=1)
    after, words = bonuses.station(state, EDITION, "black")  # k3.1: the A7's one space
    assert words == ("station", "k3.1") and after.players[BOT].stations_left == 6
    assert after.players[BOT].floors["service"] == (1, 0, 0)  # Easy space 2


# ----- §6.4 task bonuses -----

def test_x1_develop_1_and_x2_discard() -> None:
    state = replace(decks(solo_start(), ("red",), ("2a",)),
                    display=("i09", "i14", "i15", "i13"), deck=("i05",))
    after, _ = bot_turn(state)
    assert after.display == ("i05", "i14", "i15", "i13")  # the leftmost red card: i09


def test_a_wrong_autobot_turn_is_refused_with_a_code_and_changes_nothing() -> None:
    from rules import IllegalActionError, NotYourDecisionError

    state = decks(solo_start(), ("red",), ("1a",))
    before = state.to_json()
    with pytest.raises(IllegalActionError) as info:
        apply(state, BOT, "autobot red 1a build r1.1")
    assert info.value.code == "autobot_turn_differs"
    assert info.value.params == {"expected": "red 1a build r2.1", "given": "red 1a build r1.1"}
    with pytest.raises(IllegalActionError) as info:
        apply(state, BOT, "pass")
    assert info.value.code == "pass_not_allowed"
    with pytest.raises(NotYourDecisionError):
        apply(state, HUMAN, "autobot red 1a build r2.1")
    after, _ = bot_turn(state)
    with pytest.raises(IllegalActionError) as info:
        apply(after, HUMAN, "autobot red 1a build r2.1")
    assert info.value.code == "wrong_decision"
    assert state.to_json() == before


def test_the_autobot_notation_round_trips() -> None:
    from rules import parse_action

    for text in ("autobot white 7a- 1a- 5a- 3a- 2a- skip", "autobot red 1a build r2.1",
                 "autobot yellow 7a- 1a build y10.1 extra build y10.2",
                 "autobot green 5a load d_green pharmaceuticals nl"):
        assert str(parse_action(text)) == text
        assert parse_action(str(parse_action(text))) == parse_action(text)
