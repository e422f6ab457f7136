"""Loading a truck again (RULES §7.3, the edition's `[trucks] load`): with `"reload"`, a
player whose trucks are all on the map, and who can play no other card, may load one of
them again; it drives back to the depot and the goods it carried go back to the general
supply. With `"free"` (the editions before 2026-12-01), only a truck off the map can be
loaded, and a truck once loaded stays loaded until it delivers."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import IllegalActionError, apply, parse_action
from rules.actions import Play
from rules.model import Edition
from rules.state import State, Truck
from tests.rules.helpers_part2 import OLD, notations, set_player, turn_of, with_truck
from tests.rules.test_load import loads, refused


def both_on_the_map(edition: Edition) -> State:
    s = turn_of(edition=edition)
    s = with_truck(s, "ann", "k3.1", "chemicals", number=1)
    return with_truck(s, "ann", "k4.1", "appliances", number=2)


def stuck(edition: Edition) -> State:
    """Both trucks on the map, no DM for a section or a station, every key used: no card
    can be played but a load."""
    s = both_on_the_map(edition)
    return set_player(s, "ann", money=0, keys=tuple(edition.locks)[:edition.keys])


def test_reload_every_truck_on_the_map_may_be_named_for_a_load(reloading: Edition) -> None:
    s = stuck(reloading)
    assert loads(s) == {f"load {depot} {goods} {n} with black"
                        for depot, goods in (("d_black_n", "chemicals"),
                                             ("d_black_h", "automotive"),
                                             ("d_black_c", "chemicals"),
                                             ("d_black_s", "automotive"),
                                             ("d_black_a", "appliances"))
                        for n in (1, 2)}


def test_reload_the_named_truck_drives_back_and_its_goods_return(reloading: Edition) -> None:
    s = stuck(reloading)
    after = apply(s, "ann", "load d_black_s automotive 2 with black")
    assert after.players["ann"].trucks == (Truck("k3.1", "chemicals"),
                                           Truck("d_black_s", "automotive"))
    assert after.goods["appliances"] == s.goods["appliances"] + 1  # truck 2's goods
    assert after.goods["automotive"] == s.goods["automotive"] - 1
    assert after.players["ann"].slots["load"] == ("black",)


def test_reload_only_when_no_other_card_can_be_played(reloading: Edition) -> None:
    s = both_on_the_map(reloading)  # 10 DM: sections, stations, research are open
    assert loads(s) == set()
    assert any(t.startswith("build ") for t in notations(s, "ann"))
    err = refused(s, "load d_black_s automotive 2 with black")
    assert (err.code, err.params) == ("reload_not_stuck", {"truck": 2})
    assert refused(s, "load d_black_s automotive with black").code == "no_free_truck"
    assert loads(set_player(s, "ann", money=0, keys=tuple(reloading.locks))) != set()


def test_reload_a_load_that_names_no_truck_is_refused(reloading: Edition) -> None:
    err = refused(stuck(reloading), "load d_black_s automotive with black")
    assert (err.code, err.params) == ("reload_which_truck", {"trucks": "1, 2"})


def test_reload_a_truck_off_the_map_is_loaded_first(reloading: Edition) -> None:
    s = with_truck(turn_of(edition=reloading), "ann", "k3.1", "chemicals", number=1)
    assert "load d_black_s automotive with black" in loads(s)
    assert not any(t.split()[3].isdigit() for t in loads(s))
    err = refused(s, "load d_black_s automotive 1 with black")
    assert (err.code, err.params) == ("free_truck_first", {"truck": 2})


def test_reload_a_truck_number_beyond_the_players_trucks_is_refused(reloading: Edition) -> None:
    err = refused(stuck(reloading), "load d_black_s automotive 3 with black")
    assert (err.code, err.params) == ("truck_not_on_map", {"truck": 3})


def test_reload_needs_the_goods_in_the_supply_before_the_truck_comes_back(
        reloading: Edition) -> None:
    # truck 1 carries chemicals: with none left in the supply, it cannot load chemicals
    s = stuck(reloading)
    s = replace(s, goods=s.goods.set("chemicals", 0))
    assert not any("chemicals" in t for t in loads(s))
    assert refused(s, "load d_black_n chemicals 1 with black").code == "goods_exhausted"


def test_the_free_reading_never_loads_a_truck_on_the_map() -> None:
    s = both_on_the_map(OLD)
    assert loads(s) == set()
    assert refused(s, "load d_black_n chemicals with black").code == "no_free_truck"
    assert refused(s, "load d_black_n chemicals 1 with black").code == "no_free_truck"


def test_reload_only_a_load_names_a_truck() -> None:
    with pytest.raises(IllegalActionError) as err:
        apply(turn_of(), "ann", Play("build", "r1.1", "red", truck=1))
    assert err.value.code == "unknown_action_form"


def test_reload_notation_round_trips() -> None:
    text = "load d_black_s automotive 2 with black"
    action = parse_action(text)
    assert action == Play("load", "d_black_s", "black", None, "automotive", 2)
    assert str(action) == text
    assert str(parse_action("load d_black_s automotive with black")) == (
        "load d_black_s automotive with black")
