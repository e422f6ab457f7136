"""SOLO.md §13, the twelve difficulty levels: each level checked for what it changes.

The table below is copied from SOLO.md §13 (not read from the edition), so a level of the
edition that departs from the specification fails here. Each column is then checked by
what it does in play, at every level: the solo board (S-4, its first station space and its
first bonus-tile slot), the extra truck step (TR-1), the development step when a human
truck enters an Autobot station (TR-5), the development step on a skipped turn (K-2) and
the extra end-of-era promotions (EE-2). rules/RULES.md "The twelve levels" says the same
in words.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import apply
from rules.autobot import bonuses
from rules.autobot.hooks import era_end_extra
from rules.autobot.trucks import move_trucks
from rules.state import Truck, Turn
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

# level: (solo board, +1 truck step, +1 development per human truck on a bot station,
#         +1 development on a skipped turn, extra promotions at the end of eras 1/2/3)
SPEC: dict[int, tuple[str, int, int, int, tuple[int, int, int]]] = {
    1: ("easy", 0, 0, 0, (0, 1, 1)),
    2: ("easy", 1, 0, 0, (0, 1, 1)),
    3: ("easy", 1, 1, 0, (0, 1, 1)),
    4: ("easy", 1, 1, 1, (0, 1, 1)),
    5: ("easy", 1, 1, 1, (1, 1, 2)),
    6: ("easy", 1, 1, 1, (1, 2, 2)),
    7: ("hard", 0, 0, 0, (0, 1, 1)),
    8: ("hard", 1, 0, 0, (0, 1, 1)),
    9: ("hard", 1, 1, 0, (0, 1, 1)),
    10: ("hard", 1, 1, 1, (0, 1, 1)),
    11: ("hard", 1, 1, 1, (1, 1, 2)),
    12: ("hard", 1, 1, 1, (1, 2, 2)),
}
LEVELS = sorted(SPEC)
NONE = {"network": (0, 0, 0), "trade": (0, 0, 0), "service": (0, 0, 0), "finance": (0, 0, 0)}


def test_the_editions_levels_are_solo_md_s13() -> None:
    assert sorted(SOLO.levels) == LEVELS
    for number, (board, truck, human, skip, promotions) in SPEC.items():
        level = SOLO.level(number)
        assert (level.board, level.truck_step, level.human_truck_develop, level.skip_develop,
                level.era_promotions) == (board, truck, human, skip, promotions), number


def test_the_solo_boards_are_solo_md_sb3_and_sb4() -> None:
    # SB-3 and SB-4 [R], station spaces left to right, then slots top row, second row.
    assert SOLO.boards["easy"].stations == (
        "develop 1", "promote service", "develop 1", "employee", "promote service",
        "develop 2", "upgrade", "promote service")
    assert SOLO.boards["easy"].slots == (
        "develop 1", "promote trade", "develop 1", "employee", "develop 2", "promote trade",
        "road", "develop 1", "promote trade", "upgrade", "develop 2", "promote trade")
    assert SOLO.boards["hard"].stations == (
        "promote service", "develop 2", "road", "promote service", "employee", "develop 2",
        "station", "promote service")
    assert SOLO.boards["hard"].slots == (
        "develop 2", "promote trade", "road", "promote trade", "employee", "develop 2",
        "upgrade", "promote trade", "station", "develop 2", "promote trade", "employee")


@pytest.mark.parametrize("level", LEVELS)
def test_s4_the_level_sets_the_solo_board_its_first_station_pays_its_bonus(level: int) -> None:
    # TC-4's position: every black link built, the Autobot builds a station on black. Its
    # first station leaves space 1: Easy "develop 1", Hard "promote (Service)".
    black = [lid for lid, link in EDITION.links.items() if link.colour == "black"]
    state = with_player(solo_start(level=level), BOT, lobby=1)
    state = decks(built_links(state, *black), ("black",), ("7a",))
    assert solo(state).board == SPEC[level][0]
    after, text = bot_turn(state)
    assert text.startswith("autobot black 7a station ")
    if SPEC[level][0] == "easy":
        assert after.players[BOT].development == 1
        assert floors(after, BOT)["service"] == (0, 0, 0)
    else:
        assert after.players[BOT].development == 0
        assert floors(after, BOT)["service"] == (1, 0, 0)  # from the lobby, floor cap 1


@pytest.mark.parametrize("level", LEVELS)
def test_s4_the_level_sets_the_solo_board_its_first_slot_pays_its_bonus(level: int) -> None:
    # A bonus tile on the first slot: Easy "develop 1", Hard "develop 2" (SB-3, SB-4).
    state = with_solo(with_player(solo_start(level=level), BOT, lobby=1), slots_filled=0)
    after = bonuses.slot_bonus(state, EDITION, "red")
    assert after.players[BOT].development == (1 if SPEC[level][0] == "easy" else 2)


def _truck_far_from_home(level: int, era: int) -> tuple[object, tuple[str, ...]]:
    """A bot truck at the Hamburg depot bound for Austria, every section of the map built
    (so no gap stops it), in `era`; and its route before it moves."""
    from rules.autobot.geometry import truck_route

    state = replace(solo_start(level=level), era=era, built=frozenset(EDITION.sections))
    state = with_player(state, BOT, trucks=(Truck("d_black_n", "chemicals"), None))
    state = with_solo(state, destinations=("at", ""))
    route = truck_route(state, EDITION, "d_black_n", "at")
    assert route is not None and len(route) > 5
    return state, tuple(route)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("era", [1, 2, 3])
def test_tr1_the_level_adds_a_truck_step(level: int, era: int) -> None:
    state, route = _truck_far_from_home(level, era)
    steps = (2 if era == 1 else 3) + SPEC[level][1]
    after = move_trucks(state, EDITION, "black")  # type: ignore[arg-type]
    truck = after.players[BOT].trucks[0]
    assert truck is not None and truck.position == route[steps - 1]


@pytest.mark.parametrize("level", LEVELS)
def test_tr5_the_level_develops_the_bot_when_a_human_truck_enters_its_station(
        level: int) -> None:
    state = with_player(solo_start(level=level), HUMAN,
                        trucks=(Truck("k3.2", "appliances"), None))
    state = replace(state, stations=state.stations.set("k3.1", BOT),
                    turn=Turn(HUMAN, "move", played_colour="black"), queue=())
    after = apply(state, HUMAN, "move 1 k3.1")
    assert after.players[HUMAN].money == state.players[HUMAN].money  # never income
    assert after.players[BOT].development == SPEC[level][2]


@pytest.mark.parametrize("level", LEVELS)
def test_k2_the_level_develops_the_bot_on_a_skipped_turn(level: int) -> None:
    # TC-1: white, no task viable, pile and used pile empty: a full skip.
    state = decks(solo_start(level=level), ("white",), ("7a", "1a", "5a", "3a", "2a"))
    after, text = bot_turn(state)
    assert text.endswith(" skip")
    assert after.players[BOT].development == SPEC[level][3]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("era", [1, 2, 3])
def test_ee2_the_level_sets_the_extra_promotions_at_an_eras_end(level: int, era: int) -> None:
    state = replace(solo_start(level=level), era=era)
    extra = era_end_extra(state, EDITION)
    assert [(e.kind, e.player) for e in extra] == [("promote", BOT)] * SPEC[level][4][era - 1]


@pytest.mark.parametrize("level", LEVELS)
def test_ee2_the_extra_promotions_reach_the_bots_floors(level: int) -> None:
    # The end of era 2 with three employees in the lobby: the last-section promotion went
    # to the human, so every bot promotion is the level's (cap: floor 2).
    state = with_player(replace(solo_start(level=level), era=2), BOT, lobby=3, floors=NONE)
    for effect in era_end_extra(state, EDITION):
        state = bonuses.gain(state, EDITION, effect.kind, "")
    moves = sum(i + 1 for f in floors(state, BOT).values() for i, n in enumerate(f)
                for _ in range(n))  # floor steps climbed in all
    assert moves == SPEC[level][4][1]
