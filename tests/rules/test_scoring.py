"""Final scoring (RULES §10.4) and ties."""

from __future__ import annotations

from dataclasses import replace

from rules import scores, winners
from rules.frozen import FrozenDict
from rules.scoring import score_breakdown
from rules.state import State
from tests.rules.helpers_part2 import ED, set_player, turn_of

DEPTS = ("network", "trade", "service", "finance")


def floors(**per_dept: tuple[int, int, int]) -> FrozenDict[str, tuple[int, ...]]:
    return FrozenDict({d: per_dept.get(d, (0, 0, 0)) for d in DEPTS})


def test_each_department_scores_its_floor_sum_times_its_multiplier() -> None:
    s = turn_of()
    s = replace(s, offices=s.offices.set("red", ("ann",)))  # 2 seats: black and red
    s = set_player(s, "ann", lobby=2, money=45, delivered=("dk", "nl"), stations_left=5,
                   floors=floors(network=(1, 1, 0), trade=(0, 0, 1), service=(2, 0, 0),
                                 finance=(0, 1, 0)))
    assert score_breakdown(s, ED, "ann") == {
        "lobby": 4,         # 2 per employee in the lobby
        "network": 3 * 2,   # floors 1+2, times 2 office seats
        "trade": 3 * 2,     # floor 3, times 2 countries delivered to
        "service": 2 * 3,   # two on floor 1, times 3 stations on the map
        "finance": 2 * 2,   # floor 2, times 45 // 20
    }
    assert scores(s)["ann"] == 26


def test_departments_without_multiplier_score_nothing() -> None:
    s = replace(turn_of(), offices=turn_of().offices.set("black", ()))
    s = set_player(s, "ann", money=19, floors=floors(network=(0, 0, 3), finance=(0, 0, 3),
                                                     trade=(1, 0, 0), service=(1, 0, 0)))
    assert scores(s)["ann"] == 0


def tie_base() -> State:
    s = replace(turn_of(), offices=turn_of().offices.set("black", ()))  # network × 0
    s = set_player(s, "ann", lobby=3)
    return set_player(s, "ben", lobby=3)


def test_ties_go_to_more_employees_in_the_departments() -> None:
    s = set_player(tie_base(), "ben", floors=floors(network=(1, 0, 0)))
    assert scores(s)["ann"] == scores(s)["ben"] == 6
    assert winners(s) == ["ben"]


def test_then_to_the_higher_sum_of_floor_values() -> None:
    s = set_player(tie_base(), "ben", floors=floors(network=(1, 0, 0)))
    s = set_player(s, "ann", floors=floors(trade=(0, 1, 0)))
    assert scores(s)["ann"] == scores(s)["ben"] == 6
    assert winners(s) == ["ann"]


def test_otherwise_the_tied_players_share_the_win() -> None:
    s = set_player(tie_base(), "ben", floors=floors(service=(0, 1, 0)))
    s = set_player(s, "ann", floors=floors(trade=(0, 1, 0)))
    assert winners(s) == ["ann", "ben"]


def test_more_points_win_regardless_of_employees() -> None:
    s = set_player(tie_base(), "ann", lobby=4)
    s = set_player(s, "ben", floors=floors(network=(3, 0, 0)))
    assert winners(s) == ["ann"]
