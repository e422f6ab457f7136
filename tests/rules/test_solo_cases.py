"""SOLO.md §17: the ten test cases, on our map, each from the standard start (level 1,
Easy board, the Autobot on delivery board 1, tiles everywhere, seats black [bot, human])."""

from __future__ import annotations

from dataclasses import replace

from rules import city_value, new_game
from rules.autobot import decks as bot_decks
from rules.autobot.geometry import sections_left
from rules.autobot.trucks import move_trucks
from rules.effects import construction_budget
from rules.state import Truck
from rules.trucks import deliver
from tests.rules.solo_helpers import (
    A_CARDS,
    BOT,
    EDITION,
    HUMAN,
    board_preferring,
    bot_turn,
    bot_turn_pending,
    built_links,
    decks,
    floors,
    solo,
    solo_start,
    with_player,
    with_solo,
)


def test_tc1_a_full_skip_on_turn_1_at_level_4() -> None:
    state = decks(solo_start(level=4), ("white",), ("7a", "1a", "5a", "3a", "2a"))
    after, text = bot_turn(state)
    assert text == "autobot white 7a- 1a- 5a- 3a- 2a- skip"
    s = solo(after)
    assert sorted(s.task_pile) == sorted(A_CARDS) and s.task_queue == () and s.task_used == ()
    assert sorted(s.colour_pile) == sorted(f"solo_{c}" for c in EDITION.solo.colour_deck)
    assert s.colour_used == ()
    assert after.players[BOT].development == 1  # level 4: +1 (space 1, money: nothing)
    assert after.players[BOT].money == 0
    assert after.players[BOT].trucks == (None, None)
    assert after.turn is not None and after.turn.player == HUMAN


def test_tc1_the_queue_grows_sorted_while_cards_are_not_viable() -> None:
    # The same turn stopped before its last card: 7A, 5A, 3A, 1A wait, highest first.
    state = decks(solo_start(level=4), ("white",), ("7a", "1a", "5a", "3a", "2a"))
    state = with_solo(state, task_used=("2a",), task_pile=("7a", "1a", "5a", "3a"))
    _after, text = bot_turn(state)
    # With a used card the pile is reshuffled (T-7) instead of skipping at once.
    assert text.startswith("autobot white 7a- 1a- 5a- 3a- ")


def test_tc2_the_bonus_tile_decides_a_red_build() -> None:
    state = decks(solo_start(), ("red",), ("1a",))
    values = {n: city_value(state, n) for n in EDITION.nodes}
    assert "r2.1" in state.section_tiles
    after, text = bot_turn(state)
    assert text == "autobot red 1a build r2.1"
    assert after.offices["red"] == (BOT,)
    assert after.era_supply == 9
    assert solo(after).slots_filled == 1 and "r2.1" not in after.section_tiles
    assert after.players[BOT].development == 1
    assert {n: city_value(after, n) for n in EDITION.nodes} == values


def test_tc3_era_direction_develop_chain_and_the_promotion_fall_back() -> None:
    state = decks(solo_start(), ("green",), ("3a",))
    after, text = bot_turn(state)
    assert text == "autobot green 3a build g3.2"
    assert after.offices["green"] == (BOT,)
    assert after.players[BOT].development == 2  # icon 0 -> 1, then 3A's develop 1 -> 2
    # Space 2 promotes: cap 1, empty lobby, no floors -> the black seat goes to the lobby.
    assert after.offices["black"] == (HUMAN,)
    assert after.players[BOT].lobby == 1


def test_tc3_in_era_3_the_same_build_goes_north() -> None:
    state = decks(replace(solo_start(), era=3), ("green",), ("3a",))
    _after, text = bot_turn(state)
    assert text == "autobot green 3a build g4.1"


def _every_black_link_built(era: int = 1) -> object:
    """TC-4 on the classic edition since the ninth balance round: the pre-built A7 keeps one
    station space (k3.1), so every black link is built to give ST-4 its choice: k1.1, k3.1,
    k8.2, k10.1, with dist_BH 7, 4, 4, 7 (and k2.1, dist_BH 6, before the tenth round)."""
    black = [lid for lid, link in EDITION.links.items() if link.colour == "black"]
    return decks(built_links(replace(solo_start(), era=era), *black), ("black",), ("7a",))


def test_tc4_a_black_station_goes_nearest_bad_hersfeld_then_south() -> None:
    # k3.1 and k8.2 tie nearest Bad Hersfeld. Era 1: southernmost, k8.2 (48.58 N against
    # 53.26 N); k10.1 lies further south but further from Bad Hersfeld. Era 3: k3.1, though
    # k1.1 lies further north.
    after, text = bot_turn(_every_black_link_built())
    assert text == "autobot black 7a station k8.2"
    assert after.stations["k8.2"] == BOT
    assert after.players[BOT].stations_left == 7
    assert after.players[BOT].development == 1  # Easy space 1: develop 1
    _after3, text3 = bot_turn(_every_black_link_built(era=3))
    assert text3 == "autobot black 7a station k3.1"


def _tc5(level: int = 1) -> object:
    """TC-5 on the classic edition of 2026-12-01. Black offers no appliances any more, so
    the Autobot sits on the board where Denmark prefers chemicals (at Hamburg and Kassel):
    the case then proves the same clauses as SOLO §17 wrote them for board 1."""
    state = solo_start(level=level)
    state = with_player(state, BOT, board=board_preferring("dk", "chemicals"))
    return decks(state, ("black",), ("5a", "1a"))


def test_tc5_loading_on_black_country_good_depot_and_a_blocked_truck() -> None:
    state = _tc5()
    left = {c: sections_left(state, EDITION, c) for c in ("dk", "at", "nl", "it", "fr", "ch")}
    assert left == {"dk": 3, "at": 5, "nl": 6, "it": 7, "fr": 8, "ch": 8}
    # L-2/L-3: black loads chemicals and automotive; on this board DK, FR want chemicals,
    # NL, IT, AT automotive (CH's appliances are not on black; PL, CZ closed in era 1).
    # L-5: none connected, all with a tile, smallest U: Denmark (3). L-6: chemicals, offered
    # at Hamburg (route k2.2, k2.1, k1.1) and Kassel (via k4, k3: 4 steps more): Hamburg.
    # TR-2: the first step would enter the unbuilt k2.2, so the truck stays on its depot.
    chemicals = state.goods["chemicals"]
    after, text = bot_turn(state)
    assert text == "autobot black 5a load d_black_n chemicals dk"
    assert after.players[BOT].trucks == (Truck("d_black_n", "chemicals"), None)
    assert solo(after).destinations == ("dk", "")
    assert after.goods["chemicals"] == chemicals - 1


def test_tc6_building_for_a_truck_and_waiting_at_the_next_gap_level_2() -> None:
    state, _text = bot_turn(_tc5(level=2))
    state = bot_turn_pending(decks(state, ("black",), ("1a",)))
    after, text = bot_turn(state)
    # B-3: k2.2 (develop icon) lies on truck 1's route to Denmark, k8.1 has the bonus tile;
    # item 1 comes first. TR-1/TR-2: 3 steps at level 2, into k2.2, then k2.1 is unbuilt.
    assert text == "autobot black 1a build k2.2"  # on truck 1's route: beats the k8.1 tile
    assert after.offices["black"] == (BOT, HUMAN, BOT)
    assert after.players[BOT].development == 1
    assert after.players[BOT].trucks[0] == Truck("k2.2", "chemicals")  # k2.1 is unbuilt


def _tc6_variant(owner: str) -> object:
    state = solo_start(level=2)
    state = with_player(state, BOT, trucks=(None, Truck("d_black_s", "chemicals")),
                        stations_left=6, lobby=1)
    state = with_solo(state, destinations=("", "at"))
    # k7.1 has had no station space since the ninth balance round; the station is set by
    # hand, and what is tested (a passing truck pays the station's owner) does not ask
    # whether the space is printed.
    return replace(state, stations=state.stations.set("k7.1", owner))


def test_tc6_variant_a_bot_truck_passing_its_own_station_gains_the_revealed_bonus() -> None:
    state = _tc6_variant(BOT)
    after = move_trucks(state, EDITION, "black")
    assert after.players[BOT].trucks[1] == Truck("k7.1", "chemicals")  # k8.1 unbuilt
    assert floors(after, BOT)["service"] == (1, 0, 0)  # Easy space 2: promote (Service)
    assert after.players[HUMAN].money == state.players[HUMAN].money


def test_tc6_variant_a_bot_truck_passing_the_humans_station_pays_the_human() -> None:
    state = _tc6_variant(HUMAN)
    after = move_trucks(state, EDITION, "black")
    assert after.players[HUMAN].money == state.players[HUMAN].money + 1
    assert floors(after, BOT)["service"] == (0, 0, 0)


def test_tc7_upgrade_and_discard_in_era_2() -> None:
    state = replace(solo_start(), era=2, era_supply=EDITION.era(2).supply)
    black = [lid for lid, link in EDITION.links.items() if link.colour == "black"]
    state = built_links(state, *black)
    state = replace(state, offices=state.offices.set("black", (BOT, HUMAN, BOT)),
                    display=("i14", "black", "purple", "i01"), deck=("i05", "i06"))
    state = with_player(state, BOT, supply=23)
    state = decks(state, ("black",), ("2a",))
    bh, wb = city_value(state, "bad_hersfeld"), city_value(state, "wuerzburg")
    after, text = bot_turn(state)
    assert text == "autobot black 2a upgrade k6"
    assert after.offices["black"] == (HUMAN, BOT, BOT)
    assert after.players[BOT].lobby == 1
    assert city_value(after, "bad_hersfeld") == bh + 2
    assert city_value(after, "wuerzburg") == wb + 2
    assert after.display == ("i05", "i14", "purple", "i01")


def test_tc7_without_the_colour_the_most_frequent_colours_rightmost_card_goes() -> None:
    from rules.autobot.bonuses import discard

    state = replace(solo_start(), display=("i14", "black", "purple", "i01"), deck=("i05",))
    after = discard(state, EDITION, "green")
    assert after.display == ("i05", "i14", "black", "purple")


def test_tc8_end_of_era_2_at_level_6_and_the_yellow_card() -> None:
    state = replace(solo_start(level=6), era=2, era_supply=1)
    state = with_player(state, BOT, lobby=2, supply=21,
                        floors={"network": (1, 0, 0), "trade": (1, 0, 0), "service": (0, 0, 0),
                                "finance": (0, 0, 0)})
    state = decks(state, ("red",), ("1a",))
    after, text = bot_turn(state)
    assert text == "autobot red 1a build r2.1"
    # 1 last-section promotion + 2 extra, capped at floor 2.
    assert floors(after, BOT)["network"] == (1, 1, 0)
    assert floors(after, BOT)["trade"] == (0, 1, 0)
    assert after.players[BOT].lobby == 1
    assert after.era == 3
    assert solo(after).colour_pile[0] == bot_decks.ERA3_CARD
    assert after.players[BOT].money == 0
    # Era 3: the yellow card; 7A is not viable, 1A builds y10.1, the extra build y10.2.
    era3 = bot_turn_pending(with_solo(after, task_pile=("7a", "1a", "2a", "3a", "5a"),
                                      task_queue=(), task_used=()))
    assert city_value(era3, "erfurt") == 0
    done, text3 = bot_turn(era3)
    assert text3 == "autobot yellow 7a- 1a build y10.1 extra build y10.2"
    assert city_value(done, "erfurt") == EDITION.value_per_autobahn


def test_tc8_the_budget_counts_the_bot_as_a_shareholder_and_pays_it_nothing() -> None:
    from rules.effects import pay_budget
    from rules.state import Effect

    state = built_links(solo_start(), "r1", "r2")  # Lübeck, Hamburg, Bremen on red
    state = replace(state, offices=state.offices.set("red", (BOT, HUMAN, BOT)).set("black", ()))
    total = sum(city_value(state, n) for n in ("luebeck", "hamburg", "bremen"))
    share = construction_budget(state, EDITION)
    assert total > 0
    assert share == {BOT: 2 * (total // 3), HUMAN: total // 3}
    paid = pay_budget(state, EDITION, Effect("budget"))
    assert paid.players[BOT].money == 0
    assert paid.players[HUMAN].money - state.players[HUMAN].money == share[HUMAN]


def test_tc9_the_queue_head_first_and_the_reshuffle_on_an_empty_colour_pile() -> None:
    state = solo_start()
    used = tuple(f"solo_{c}" for c in EDITION.solo.colour_deck if c != "purple")
    state = with_solo(state, colour_pile=("solo_purple",), colour_used=used,
                      task_queue=("7a",), task_pile=("5a", "1a"), task_used=("2a", "3a"))
    after, text = bot_turn(state)
    assert text == "autobot purple 7a- 5a- 1a build p1.1"
    s = solo(after)
    assert len(s.colour_pile) == 6 and s.colour_used == ()
    assert s.task_queue == ("7a",)
    assert sorted(s.task_pile) == ["1a", "2a", "3a", "5a"] and s.task_used == ()
    _next, first = bot_decks.draw_first(after)
    assert first == "7a"


def _tc10() -> object:
    state = replace(solo_start(), era=3, era_supply=EDITION.era(3).supply)
    # g4 puts Braunschweig, green's depot (automotive, pharmaceuticals in era 3), on the
    # network, as SOLO TC-10 has it (issue 34; Bielefeld's in the tenth round's edition).
    state = built_links(state, "g4", "g3", "k1", "k2", "o1", "g1", "k10", "k9", "k8")
    row = state.players[HUMAN].deliveries.get("at")
    from rules.state import DeliveryRowState

    state = with_player(state, HUMAN, deliveries={"at": replace(row or DeliveryRowState(),
                                                                pharma=True)})
    return decks(state, ("green",), ("5a",))


def test_tc10_pharmaceuticals_clockwise_from_austria() -> None:
    state = _tc10()
    after, text = bot_turn(state)
    # L-7: clockwise from AT: AT has the human's pharma, IT, CH, FR are not connected: NL.
    assert text == "autobot green 5a load d_green pharmaceuticals nl"
    assert after.players[BOT].trucks[0] is not None
    assert after.players[BOT].trucks[0].goods == "pharmaceuticals"


def test_tc10_the_humans_pharma_delivery_retargets_the_bot_truck() -> None:
    after, _text = bot_turn(_tc10())
    assert solo(after).destinations[0] == "nl"
    retargeted = deliver(after, EDITION, HUMAN, "nl", "pharmaceuticals")
    assert solo(retargeted).destinations[0] == "dk"


def test_tc10_the_bots_first_pharma_delivery_takes_a_colour_card_for_the_key() -> None:
    state = with_player(_tc10(), BOT, trucks=(Truck("o1.1", "pharmaceuticals"), None))
    state = with_solo(state, destinations=("nl", ""))
    leftmost = state.display[0]
    after = move_trucks(state, EDITION, "green")
    assert after.players[BOT].trucks == (None, None)
    assert after.players[BOT].deliveries["nl"].pharma
    assert leftmost in solo(after).colour_pile and leftmost not in after.display
    assert after.players[BOT].delivered == ("nl",)


def test_tc10_the_bots_pharma_delivery_wins_the_race_against_the_human() -> None:
    # RULES §8 (pharma_bonus = "first_to_country") and SOLO Q-15: the first pharmaceutical
    # delivery by anyone takes the country's pharma space, so the human's later one there
    # goes to the DM space.
    state = with_player(_tc10(), BOT, trucks=(Truck("o1.1", "pharmaceuticals"), None))
    state = with_solo(state, destinations=("nl", ""))
    after = move_trucks(state, EDITION, "green")
    money = after.players[HUMAN].money
    later = deliver(after, EDITION, HUMAN, "nl", "pharmaceuticals")
    row = later.players[HUMAN].deliveries["nl"]
    assert not row.pharma and row.dm
    board = later.players[HUMAN].board
    assert later.players[HUMAN].money == money + EDITION.delivery_row(board, "nl").dm


def test_a_solo_game_is_set_up_with_the_bot_first() -> None:
    state = new_game(EDITION, [HUMAN], seed=3, solo_level=7)
    assert state.order == (BOT, HUMAN)
    assert solo(state).board == "hard"
