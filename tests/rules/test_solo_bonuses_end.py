"""SOLO.md §2 (solo boards), §7 (trucks), §8 (bonuses), §9 (employees), §10 (the human),
§11 (end of era and game) and §12 (scoring), one test per rule."""

from __future__ import annotations

from dataclasses import replace

from rules import apply, legal_actions, scores, winners
from rules.autobot import bonuses
from rules.autobot.employees import promote
from rules.autobot.trucks import move_trucks, truck_steps
from rules.effects import era_end_effects
from rules.state import DeliveryRowState, Truck, Turn
from tests.rules.solo_helpers import (
    BOT,
    EDITION,
    HUMAN,
    bot_turn,
    built_links,
    decks,
    floors,
    solo,
    solo_start,
    with_player,
    with_solo,
)

SOLO = EDITION.solo
assert SOLO is not None
NONE = {"network": (0, 0, 0), "trade": (0, 0, 0), "service": (0, 0, 0), "finance": (0, 0, 0)}


# ----- §2 solo boards -----

def test_sb1_stations_leave_left_to_right_and_the_last_emptied_is_revealed() -> None:
    state = solo_start()
    assert bonuses.revealed_bonus(state, EDITION) == ""
    assert bonuses.revealed_bonus(with_player(state, BOT, stations_left=5), EDITION) == (
        SOLO.boards["easy"].stations[2])


def test_sb2_twelve_slots_and_a_full_board_gives_nothing() -> None:
    assert len(SOLO.boards["easy"].slots) == 12 == len(SOLO.boards["hard"].slots)
    state = with_solo(solo_start(), slots_filled=12)
    assert bonuses.slot_bonus(state, EDITION, "red") == state


def test_sb3_sb4_the_boards_contents_come_from_the_edition() -> None:
    assert SOLO.boards["easy"].slots[0] == "develop 1"
    assert SOLO.boards["hard"].stations[0] == "promote service"
    state = with_solo(with_player(solo_start(level=7), BOT, lobby=1), slots_filled=0)
    after = bonuses.slot_bonus(state, EDITION, "red")
    assert after.players[BOT].development == 2  # Hard top-1: develop 2 (money, promote)


def test_sb5_the_bot_uses_the_human_track_with_translated_bonuses() -> None:
    state = with_player(solo_start(), BOT, lobby=1)
    after = bonuses.develop(state, EDITION, 2, "red")
    assert after.players[BOT].development == 2
    assert after.players[BOT].money == 0  # space 1: money -> nothing
    assert floors(after, BOT)["network"] == (1, 0, 0)  # space 2: promote


def test_sb6_steps_past_the_end_are_lost() -> None:
    last = len(EDITION.development_track) - 1
    state = with_player(solo_start(), BOT, development=last)
    assert bonuses.develop(state, EDITION, 2, "red") == state


# ----- §7 trucks -----

def test_tr1_steps_by_era_and_level() -> None:
    assert truck_steps(solo_start(level=1), EDITION) == 2
    assert truck_steps(solo_start(level=2), EDITION) == 3
    assert truck_steps(replace(solo_start(level=7), era=2), EDITION) == 3
    assert truck_steps(replace(solo_start(level=8), era=3), EDITION) == 4


def test_tr2_colours_are_ignored_and_the_truck_waits_at_an_unbuilt_section() -> None:
    # Red built from Hamburg to halfway to Osnabrück; level 2 in era 2: 4 steps.
    state = built_links(replace(solo_start(level=2), era=2), "r2")
    state = replace(state, built=state.built | {"r3.1"})
    state = with_player(state, BOT, trucks=(Truck("d_black_n", "automotive"), None))
    state = with_solo(state, destinations=("nl", ""))
    after = move_trucks(state, EDITION, "black")
    truck = after.players[BOT].trucks[0]
    assert truck is not None and truck.position == "r3.1"  # black depot, red road
    from rules.autobot.geometry import truck_route

    route = truck_route(after, EDITION, truck.position, "nl")
    assert route is not None and route[0] == "r3.2" not in after.built  # its 4th step lost


def test_tr3_a_bot_truck_gains_the_revealed_bonus_at_its_own_station() -> None:
    state = with_player(solo_start(), BOT, trucks=(Truck("d_black_n", "appliances"), None),
                        stations_left=7, development=0)
    state = with_solo(replace(state, stations=state.stations.set("k3.1", BOT)),
                      destinations=("at", ""))
    after = move_trucks(state, EDITION, "black")
    assert after.players[BOT].development == 1  # Easy space 1: develop 1, each time


def test_tr4_a_delivery_gives_the_tile_a_token_and_a_development_step() -> None:
    state = with_player(solo_start(), BOT, trucks=(Truck("k1.1", "appliances"), None))
    state = with_solo(state, destinations=("dk", ""))
    assert "dk" in state.country_tiles
    after = move_trucks(state, EDITION, "black")
    assert "dk" not in after.country_tiles and solo(after).slots_filled == 1
    row = after.players[BOT].deliveries["dk"]
    assert row.goods == "used" and not row.dm  # never the row's bonus or money
    assert after.players[BOT].development == 2  # slot develop 1, then +1
    assert after.goods["appliances"] == state.goods["appliances"] + 1
    assert after.players[BOT].money == 0


def test_tr4_a_later_pharma_delivery_earns_no_pharma_bonus() -> None:
    state = replace(solo_start(), era=3)
    state = with_player(state, HUMAN, deliveries={"nl": DeliveryRowState(pharma=True)})
    state = with_player(state, BOT, trucks=(Truck("o1.1", "pharmaceuticals"), None))
    state = with_solo(state, destinations=("nl", ""))
    after = move_trucks(state, EDITION, "green")
    assert solo(after).colour_pile == solo(state).colour_pile  # no key -> colour card
    assert after.players[BOT].deliveries["nl"].pharma


def _human_passes_bot_station(level: int) -> tuple[object, object]:
    state = with_player(solo_start(level=level), HUMAN,
                        trucks=(Truck("k3.2", "appliances"), None))
    state = replace(state, stations=state.stations.set("k3.1", BOT),
                    turn=Turn(HUMAN, "move", played_colour="black"), queue=())
    return state, apply(state, HUMAN, "move 1 k3.1")


def test_tr5_a_human_truck_on_a_bot_station_earns_nothing_and_develops_the_bot() -> None:
    for level, step in ((1, 0), (3, 1), (7, 0), (9, 1)):
        before, after = _human_passes_bot_station(level)
        assert after.players[HUMAN].money == before.players[HUMAN].money  # type: ignore
        assert after.players[BOT].money == 0  # type: ignore[attr-defined]
        assert after.players[BOT].development == step, level  # type: ignore[attr-defined]


# ----- §8 bonuses -----

def test_sbb1_develop() -> None:
    assert bonuses.gain(solo_start(), EDITION, "develop 1", "red").players[BOT].development == 1


def test_sbb2_a_named_promotion_falls_back_to_the_normal_choice() -> None:
    state = with_player(solo_start(), BOT, lobby=1)
    assert floors(bonuses.gain(state, EDITION, "promote trade", "red"), BOT)["trade"] == (
        1, 0, 0)
    era2 = replace(with_player(state, BOT, lobby=0, floors={**NONE, "network": (1, 0, 0)}),
                   era=2)
    after = bonuses.gain(era2, EDITION, "promote service", "red")
    assert floors(after, BOT)["network"] == (0, 1, 0)  # nothing in Service: normal choice


def test_sbb3_a_station_bonus_in_the_current_colour_or_nothing() -> None:
    state = with_player(solo_start(), BOT, stations_left=7, lobby=1)
    after = bonuses.gain(state, EDITION, "station", "black")
    assert after.stations.get("k3.1") == BOT  # the pre-built A7's one station space
    assert bonuses.gain(state, EDITION, "station", "red") == state


def test_sbb4_a_road_bonus_builds_or_upgrades_or_does_nothing() -> None:
    state = solo_start()
    assert "r2.1" in bonuses.gain(state, EDITION, "road", "red").built
    assert bonuses.gain(replace(state, era_supply=0), EDITION, "road", "red") == replace(
        state, era_supply=0)


def test_sbb5_an_upgrade_bonus() -> None:
    state = solo_start()
    assert "k6" in bonuses.gain(state, EDITION, "upgrade", "black").upgraded
    assert bonuses.gain(state, EDITION, "upgrade", "red") == state


def test_sbb6_an_employee_bonus_only_seats_an_employee() -> None:
    state = solo_start()
    after = bonuses.gain(state, EDITION, "employee", "red")
    assert after.offices["red"] == (BOT,) and after.built == state.built


def test_sbb7_off_its_turn_the_bot_uses_its_last_colour() -> None:
    state, _text = bot_turn(decks(solo_start(level=3), ("black",), ("7a",)))
    assert solo(state).colour == "black" and state.stations.get("k3.1") == BOT
    # A human truck then passes its station (level 3: +1 step) in the human's turn.
    state = with_player(state, HUMAN, trucks=(Truck("k3.2", "appliances"), None))
    state = replace(state, turn=Turn(HUMAN, "move", played_colour="black"), queue=())
    before = state.players[BOT].development
    after = apply(state, HUMAN, "move 1 k3.1")
    assert after.players[BOT].development == before + 1


def test_ba1_discard_the_leftmost_card_of_the_colour() -> None:
    state = replace(solo_start(), display=("i14", "black", "purple", "i01"), deck=("i05",))
    assert bonuses.discard(state, EDITION, "black").display == ("i05", "i14", "purple", "i01")
    assert bonuses.discard(replace(state, display=()), EDITION, "red").display == ()


def test_ba1_a_tie_goes_to_the_rightmost_card_of_the_tied_colours() -> None:
    state = replace(solo_start(), display=("i14", "i01", "purple", "green"), deck=("i05",))
    # counts: orange, white, black, red, purple, green once each: all tied -> rightmost
    assert bonuses.discard_choice(state, EDITION, "yellow") == 3


def test_ba5_take_the_leftmost_card() -> None:
    state = replace(solo_start(), display=("i14", "black"), deck=())
    after = bonuses.take_card(state, EDITION)
    assert after.display == ("black",) and "i14" in solo(after).colour_pile
    assert bonuses.take_card(replace(state, display=()), EDITION) == replace(state, display=())


def test_tt1_engine_bonuses_are_translated() -> None:
    assert [bonuses.translate(EDITION, b) for b in
            ("money 5", "promote", "develop 2", "key", "card", "build", "capacity")] == [
        "", "promote", "develop 2", "take_card", "take_card", "road", "advanced_card"]


# ----- §9 employees -----

def test_e1_a_full_office_bumps_its_leftmost_employee() -> None:
    state = replace(solo_start(), offices=solo_start().offices.set("red", (HUMAN, BOT, HUMAN)))
    after = bonuses.gain(state, EDITION, "employee", "red")
    assert after.offices["red"] == (BOT, HUMAN, BOT)
    assert after.players[HUMAN].lobby == state.players[HUMAN].lobby + 1


def test_e2_e3_an_empty_supply_takes_three_from_the_lobby_and_promotes() -> None:
    state = with_player(solo_start(), BOT, supply=0, lobby=3)
    after = bonuses.gain(state, EDITION, "employee", "red")
    assert after.offices["red"] == (BOT,)
    assert after.players[BOT].supply == 2
    # the promotion: lobby empty, no floors -> a seat to the lobby (black before red)
    assert after.players[BOT].lobby == 1 and after.offices["black"] == (HUMAN,)
    lost = with_player(state, BOT, lobby=2)
    assert bonuses.gain(lost, EDITION, "employee", "red") == lost


def test_p1_the_highest_floor_within_the_era_cap_leftmost_first() -> None:
    state = with_player(replace(solo_start(), era=2), BOT, lobby=1,
                        floors={**NONE, "trade": (1, 0, 0)})
    assert floors(promote(state, EDITION), BOT)["trade"] == (0, 1, 0)
    era1 = replace(state, era=1)
    assert floors(promote(era1, EDITION), BOT)["network"] == (1, 0, 0)  # cap 1: lobby move
    never = with_player(state, BOT, lobby=0, floors=NONE)
    seats = promote(never, EDITION)
    assert seats.offices["black"] == (HUMAN,) and seats.players[BOT].lobby == 1
    nobody = replace(never, offices=never.offices.set("black", (HUMAN,)))
    assert promote(nobody, EDITION) == nobody
    assert all(sum(c) == 0 for c in (promote(state, EDITION).players[BOT].floors["finance"],))


def test_p2_an_era_end_promotes_the_bot_at_once() -> None:
    state = replace(solo_start(level=5), last_builder=BOT)
    effects = era_end_effects(state, EDITION)
    assert [e.kind for e in effects[:2]] == ["promote", "promote"]  # last section + level 5
    assert all(e.player == BOT for e in effects[:2])


# ----- §10 the human -----

def test_h1_the_human_decides_as_in_a_two_player_game() -> None:
    state, _ = bot_turn(solo_start())
    assert legal_actions(state, BOT) == []
    assert legal_actions(state, HUMAN)


def test_h2_the_human_who_builds_the_last_section_is_promoted() -> None:
    state = replace(solo_start(), last_builder=HUMAN)
    assert era_end_effects(state, EDITION)[0].player == HUMAN


# ----- §11 end of era and game -----

def test_ee1_the_era_ends_after_the_bots_trucks_move() -> None:
    state = replace(decks(solo_start(), ("black",), ("1a",)), era_supply=1)
    state = with_player(state, BOT, trucks=(Truck("d_black_n", "appliances"), None))
    state = with_solo(state, destinations=("dk", ""))
    state = built_links(state, "k2")
    after, _ = bot_turn(state)
    assert after.era == 2
    truck = after.players[BOT].trucks[0]
    assert truck is not None and truck.position == "k2.1"  # moved 2 steps, era 1's count


def test_ee3_the_game_ends_and_is_scored() -> None:
    from tests.rules.test_solo_games import play_solo

    play_solo(1, seed=5)


# ----- §12 scoring -----

def test_f1_the_bot_scores_from_the_administration_building_only() -> None:
    state = with_player(solo_start(), BOT, lobby=2, delivered=("dk", "nl"),
                        floors={**NONE, "network": (1, 1, 0), "trade": (0, 1, 0)},
                        stations_left=6)
    seats = sum(s.count(BOT) for s in state.offices.values())
    assert scores(state)[BOT] == 2 * 2 + 3 * seats + 2 * 2


def test_f2_the_human_wins_only_with_more_points() -> None:
    state = solo_start()
    assert scores(state) == {BOT: 0, HUMAN: 0}
    assert winners(state) == [BOT, HUMAN]  # equal on every tie-break: a draw, not a win
    ahead = with_player(state, HUMAN, lobby=5)
    assert winners(ahead) == [HUMAN]
