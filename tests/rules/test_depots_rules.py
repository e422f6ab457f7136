"""Fact 5 (rules/RULES.md, "Depots"): what the depots offer.

Each depot on red, green, orange, purple and white offers one goods type; on black,
automotive goods and chemicals are each at more than one depot; green and yellow offer
pharmaceuticals in era 3. The archived editions keep their two-goods depots.
"""

from __future__ import annotations

from collections import Counter

import pytest

from rules import IllegalActionError, apply
from rules.state import State, Truck
from tests.rules.helpers_part2 import ED, OLD, built, give, notations, turn_of

ONE_GOODS = ("red", "green", "orange", "purple", "white")


def loads(s: State, pid: str = "ann") -> set[str]:
    return {t for t in notations(s, pid) if t.startswith("load")}


def test_depots_offer_one_goods_type_on_red_green_orange_purple_and_white() -> None:
    depots = [d for d in ED.depots.values() if d.colour in ONE_GOODS]
    assert {d.colour for d in depots} == set(ONE_GOODS)
    assert all(len(d.goods) == 1 for d in depots)


def test_depots_on_black_offer_automotive_and_chemicals_each_at_more_than_one() -> None:
    black = Counter(g for d in ED.depots.values() if d.colour == "black" for g in d.goods)
    assert black["automotive"] >= 2 and black["chemicals"] >= 2
    # every black depot lies on the A7 itself
    a7 = {n for link in ED.links.values() if link.colour == "black" for n in (link.a, link.b)}
    assert all(d.node in a7 for d in ED.depots.values() if d.colour == "black")


def test_depots_green_and_yellow_offer_pharmaceuticals_in_era_3() -> None:
    pharma = {d.colour: d.opens_era for d in ED.depots.values() if ED.pharma_goods in d.goods}
    assert pharma == {"green": 3, "yellow": 3}


def test_depots_on_the_prebuilt_a7_are_open_at_the_start() -> None:
    assert loads(turn_of()) == {
        "load d_black_n chemicals with black", "load d_black_h automotive with black",
        "load d_black_c chemicals with black", "load d_black_s automotive with black"}


def test_depots_one_goods_refuse_the_goods_they_do_not_offer() -> None:
    s = built(turn_of(), "g4.1")  # Hannover–Braunschweig: the green depot is on the network
    assert {t for t in loads(s) if "d_green" in t} == {"load d_green appliances with green"}
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "load d_green automotive with green")
    assert (err.value.code, err.value.params["offered"]) == ("goods_not_offered", "appliances")


@pytest.mark.parametrize(("era", "open_"), [(1, False), (2, False), (3, True)])
def test_depots_green_pharmaceuticals_open_in_era_3(era: int, open_: bool) -> None:
    s = built(turn_of(era=era), "g3.1", "g3.2")  # Bielefeld–Hannover: Bielefeld on the network
    assert ("load d_green_p pharmaceuticals with green" in loads(s)) is open_
    if not open_:
        with pytest.raises(IllegalActionError) as err:
            apply(s, "ann", "load d_green_p pharmaceuticals with green")
        assert err.value.code == "depot_closed"


def test_depots_yellow_pharmaceuticals_in_era_3() -> None:
    s = give(built(turn_of(era=3), "y2.1", "y2.2"), "ann", "yellow")  # Berlin on the network
    s = apply(s, "ann", "load d_yellow pharmaceuticals with yellow")
    assert s.players["ann"].trucks[0] == Truck("d_yellow", "pharmaceuticals")


def test_depots_archived_edition_keeps_two_goods_each() -> None:
    assert all(len(d.goods) == 2 for d in OLD.depots.values())
    assert len(OLD.depots) == 8
