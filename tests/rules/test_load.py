"""Load truck (RULES §7.3): open depots on the network, the goods supply, free trucks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import IllegalActionError, apply
from rules.state import State, Truck
from tests.rules.helpers_part2 import (
    OLD,
    at,
    built,
    give,
    notations,
    set_player,
    turn_of,
    with_truck,
)


def loads(s: State, pid: str = "ann") -> set[str]:
    return {t for t in notations(s, pid) if t.startswith("load")}


def refused(s: State, text: str, pid: str = "ann") -> IllegalActionError:
    with pytest.raises(IllegalActionError) as err:
        apply(s, pid, text)
    return err.value


def test_black_depots_on_the_prebuilt_a7_are_open_at_the_start() -> None:
    # The archived edition's two-goods depots (today's: test_depots_rules.py).
    assert loads(turn_of(edition=OLD)) == {
        "load d_black_n appliances with black", "load d_black_n chemicals with black",
        "load d_black_s automotive with black", "load d_black_s appliances with black"}


def test_load_puts_truck_1_on_the_depot_with_a_goods_token() -> None:
    s = apply(turn_of(), "ann", "load d_black_n chemicals with black")
    assert s.players["ann"].trucks == (Truck("d_black_n", "chemicals"), None)
    assert s.goods["chemicals"] == 3
    assert s.players["ann"].slots["load"] == ("black",)


def test_the_loaded_truck_may_move_in_the_same_turn() -> None:
    s = apply(turn_of(), "ann", "load d_black_n chemicals with black")
    assert "move 1 k3.1 k3.2" in notations(s, "ann")


def test_depot_off_the_network_is_refused() -> None:
    s = turn_of()  # Köln has no complete link yet
    assert not any("d_red" in t for t in loads(s))
    err = refused(s, "load d_red automotive with red")
    assert (err.code, err.params) == ("depot_off_network", {"depot": "d_red", "node": "koeln"})
    s = built(s, "o2.1")  # Oberhausen–Köln complete: Köln is on the network
    assert "load d_red automotive with red" in loads(s)


def test_depot_of_another_colour_is_refused() -> None:
    assert refused(turn_of(), "load d_black_n chemicals with red").code == "depot_wrong_colour"


def test_goods_not_offered_by_the_depot_are_refused() -> None:
    err = refused(turn_of(), "load d_black_n automotive with black")
    assert err.code == "goods_not_offered"


def test_the_east_depot_opens_in_era_3() -> None:
    s = give(built(turn_of(era=2), "y2.1", "y2.2"), "ann", "yellow")  # Berlin on the network
    assert refused(s, "load d_yellow automotive with yellow").code == "colour_closed"
    s = replace(s, era=3)
    assert "load d_yellow automotive with yellow" in loads(s)


@pytest.mark.parametrize(("era", "allowed"), [(1, False), (2, False), (3, True)])
def test_pharmaceuticals_only_from_era_3(era: int, allowed: bool) -> None:
    # The archived d_green offers automotive and pharmaceuticals (today's: test_depots_rules).
    s = built(turn_of(era=era, edition=OLD), "g4.1")  # Hannover–Braunschweig: green depot open
    assert ("load d_green pharmaceuticals with green" in loads(s)) is allowed
    assert "load d_green automotive with green" in loads(s)
    if not allowed:
        assert refused(s, "load d_green pharmaceuticals with green").code == "pharma_closed"


def test_four_tokens_per_goods_type_then_none() -> None:
    s = turn_of()
    assert s.goods == {"automotive": 4, "appliances": 4, "chemicals": 4, "pharmaceuticals": 4}
    s = replace(s, goods=s.goods.set("chemicals", 0))
    assert "load d_black_n chemicals with black" not in loads(s)
    assert refused(s, "load d_black_n chemicals with black").code == "goods_exhausted"


def test_the_lowest_numbered_free_truck_is_loaded() -> None:
    s = with_truck(turn_of(), "ann", "k3.1", "chemicals", number=1)
    s = apply(s, "ann", "load d_black_s automotive with black")
    assert s.players["ann"].trucks == (Truck("k3.1", "chemicals"),
                                       Truck("d_black_s", "automotive"))
    s = with_truck(turn_of(), "ann", "k3.1", "chemicals", number=2)
    s = apply(s, "ann", "load d_black_s automotive with black")
    assert s.players["ann"].trucks == (Truck("d_black_s", "automotive"),
                                       Truck("k3.1", "chemicals"))


def test_load_slot_holds_one_card_until_takeback() -> None:
    s = apply(turn_of(), "ann", "load d_black_n chemicals with black")
    s = at(set_player(s, "ann", trucks=(None, None)), "ann", "main")
    assert loads(s) == set()
    err = refused(s, "load d_red automotive with red")
    assert (err.code, err.params) == ("slot_full", {"slot": "load", "capacity": 1})
    s = apply(s, "ann", "takeback")
    assert "load d_black_n chemicals with black" in loads(at(s, "ann", "main"))
