"""Build service station (RULES §7.4) and station income from passing trucks (RULES §8)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import IllegalActionError, apply, parse_action, stations_passed
from rules.state import State
from tests.rules.helpers_part2 import (
    built,
    give,
    money,
    notations,
    set_player,
    turn_of,
    upgraded,
    with_truck,
)


def refused(s: State, text: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", text)
    return err.value


def test_station_on_a_free_s_space_of_a_built_section_costs_2_dm() -> None:
    s = apply(turn_of(), "ann", "station k3.1 with black")
    assert s.stations == {"k3.1": "ann"}
    assert money(s, "ann") == 8
    assert s.players["ann"].stations_left == 7
    assert s.players["ann"].slots["station"] == ("black",)


def test_stations_offered_are_the_built_s_spaces_of_the_colour() -> None:
    offered = {t for t in notations(turn_of(), "ann") if t.startswith("station")}
    # the pre-built A7 carries one station space, k3.1 (Hamburg–Hannover); the others went
    # in the ninth balance round (rules/RULES.md)
    assert offered == {"station k3.1 with black"}


def test_station_needs_a_built_section() -> None:
    assert refused(turn_of(), "station k1.1 with black").code == "section_not_built"


def test_station_needs_an_s_space() -> None:
    assert refused(turn_of(), "station k3.2 with black").code == "no_station_space"


def test_station_needs_the_played_colour() -> None:
    assert refused(built(turn_of(), "r1.1"), "station k3.1 with red").code == (
        "section_wrong_colour")


def test_one_station_per_space() -> None:
    s = replace(turn_of(), stations=turn_of().stations.set("k3.1", "ben"))
    assert refused(s, "station k3.1 with black").code == "station_taken"


def test_station_needs_2_dm() -> None:
    s = set_player(turn_of(), "ann", money=1)
    err = refused(s, "station k3.1 with black")
    assert (err.code, err.params) == ("cannot_pay", {"cost": 2, "money": 1})


def test_station_needs_a_station_in_supply() -> None:
    s = set_player(turn_of(), "ann", stations_left=0)
    assert refused(s, "station k3.1 with black").code == "no_stations_left"


@pytest.mark.parametrize("era", [1, 2])
def test_no_station_on_yellow_before_era_3(era: int) -> None:
    s = give(built(turn_of(era=era), "y1.1"), "ann", "yellow")
    assert refused(s, "station y1.1 with yellow").code == "colour_closed"


def test_station_on_yellow_in_era_3() -> None:
    s = give(built(turn_of(era=3), "y1.1"), "ann", "yellow")
    assert apply(s, "ann", "station y1.1 with yellow").stations == {"y1.1": "ann"}


# ----- income -----

def moving(stations: dict[str, str], *, up: tuple[str, ...] = ()) -> State:
    s = with_truck(turn_of(step="move", colour="black"), "ann", "k3.1", "chemicals")
    s = replace(s, stations=s.stations.merge(stations))
    return upgraded(s, *up)


def test_a_truck_entering_a_section_pays_its_station_owner_1_dm() -> None:
    s = apply(moving({"k3.2": "ben"}), "ann", "move 1 k3.2")
    assert (money(s, "ann"), money(s, "ben")) == (10, 11)


def test_on_an_upgraded_link_the_station_pays_2_dm() -> None:
    s = apply(moving({"k3.2": "ben"}, up=("k3",)), "ann", "move 1 k3.2")
    assert money(s, "ben") == 12


def test_the_movers_own_station_pays_too() -> None:
    s = apply(moving({"k4.1": "ann", "k3.2": "cem"}), "ann", "move 1 k3.2 k4.1")
    assert (money(s, "ann"), money(s, "cem")) == (11, 11)


def test_every_station_entered_pays_once_and_the_start_pays_nothing() -> None:
    s = apply(moving({"k3.1": "ben", "k3.2": "ben", "k4.1": "ben"}), "ann", "move 1 k3.2 k4.1")
    assert money(s, "ben") == 12  # k3.2 and k4.1, not k3.1 where the truck started


def test_a_station_not_entered_pays_nothing() -> None:
    s = apply(moving({"k4.1": "ben"}), "ann", "move 1 k3.2")
    assert money(s, "ben") == 10


def test_stations_passed_says_what_the_move_pays() -> None:
    s = moving({"k4.1": "ann", "k3.2": "cem"}, up=("k3",))
    assert stations_passed(s, "ann", parse_action("move 1 k3.2 k4.1")) == (1, (("cem", 2),), 0)
    assert stations_passed(s, "ann", parse_action("move 1 k3.2")) == (0, (("cem", 2),), 0)
    assert stations_passed(s, "ann", parse_action("move 1 k3.2")).others == 2
    after = apply(s, "ann", "move 1 k3.2 k4.1")
    assert (money(after, "ann"), money(after, "cem")) == (money(s, "ann") + 1,
                                                          money(s, "cem") + 2)
