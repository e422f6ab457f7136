"""Fact 5 (rules/RULES.md, "Depots"), corrected to the sources by issue 34: what the depots
offer.

Red, green, orange, purple and white have one depot with one goods type; green and yellow
offer automotive, and pharmaceuticals in era 3; black has several depots, automotive and
chemicals each at two or more, and appliances too. The archived editions keep theirs.
"""

from __future__ import annotations

from collections import Counter

import pytest

from rules import IllegalActionError, apply, edition_by_hash
from rules.edition import CLASSIC_PATH, load_edition
from rules.state import State, Truck
from tests.rules.helpers_part2 import ED, OLD, built, give, notations, turn_of

ONE_DEPOT = ("red", "green", "orange", "purple", "white")
# The tenth balance round's file, before issue 34 corrected the depots.
TENTH = load_edition(CLASSIC_PATH.parent / "archive" / "classic-06197a3f817f.toml")


def loads(s: State, pid: str = "ann") -> set[str]:
    return {t for t in notations(s, pid) if t.startswith("load")}


def test_depots_one_on_red_green_orange_purple_and_white_with_one_goods_type() -> None:
    depots = [d for d in ED.depots.values() if d.colour in ONE_DEPOT]
    assert sorted(d.colour for d in depots) == sorted(ONE_DEPOT)  # one each
    # one goods type, besides the pharmaceuticals that open in era 3
    assert all(len([g for g in d.goods if g != ED.pharma_goods]) == 1 for d in depots)


def test_depots_green_and_yellow_offer_automotive_and_pharmaceuticals() -> None:
    offered = {d.colour: d.goods for d in ED.depots.values() if ED.pharma_goods in d.goods}
    assert offered == {"green": ("automotive", "pharmaceuticals"),
                       "yellow": ("automotive", "pharmaceuticals")}


def test_depots_on_black_offer_automotive_and_chemicals_twice_and_appliances() -> None:
    black = Counter(g for d in ED.depots.values() if d.colour == "black" for g in d.goods)
    assert black["automotive"] >= 2 and black["chemicals"] >= 2 and black["appliances"] >= 1
    # every black depot lies on the A7 itself
    a7 = {n for link in ED.links.values() if link.colour == "black" for n in (link.a, link.b)}
    assert all(d.node in a7 for d in ED.depots.values() if d.colour == "black")


def test_depots_on_the_prebuilt_a7_are_open_at_the_start() -> None:
    assert loads(turn_of()) == {
        "load d_black_n chemicals with black", "load d_black_h automotive with black",
        "load d_black_c chemicals with black", "load d_black_s automotive with black",
        "load d_black_a appliances with black"}


def test_depots_one_goods_refuse_the_goods_they_do_not_offer() -> None:
    s = built(turn_of(), "g4.1")  # Hannover–Braunschweig: the green depot is on the network
    assert {t for t in loads(s) if "d_green" in t} == {"load d_green automotive with green"}
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "load d_green appliances with green")
    # what the depot shows, pharmaceuticals included (they open in era 3)
    assert err.value.code == "goods_not_offered"
    assert err.value.params["offered"] == "automotive, pharmaceuticals"


@pytest.mark.parametrize(("era", "open_"), [(1, False), (2, False), (3, True)])
def test_depots_green_pharmaceuticals_open_in_era_3(era: int, open_: bool) -> None:
    s = built(turn_of(era=era), "g4.1")  # Hannover–Braunschweig: Braunschweig on the network
    assert ("load d_green pharmaceuticals with green" in loads(s)) is open_
    assert "load d_green automotive with green" in loads(s)  # automotive in every era
    if not open_:
        with pytest.raises(IllegalActionError) as err:
            apply(s, "ann", "load d_green pharmaceuticals with green")
        assert err.value.code == "pharma_closed"


def test_depots_of_the_tenth_round_stay_with_its_games() -> None:
    assert edition_by_hash(TENTH.hash).depots == TENTH.depots
    assert TENTH.depots["d_green"].goods == ("appliances",) and "d_green_p" in TENTH.depots
    assert "d_black_a" not in TENTH.depots


def test_depots_yellow_pharmaceuticals_in_era_3() -> None:
    s = give(built(turn_of(era=3), "y2.1", "y2.2"), "ann", "yellow")  # Berlin on the network
    s = apply(s, "ann", "load d_yellow pharmaceuticals with yellow")
    assert s.players["ann"].trucks[0] == Truck("d_yellow", "pharmaceuticals")


def test_depots_archived_edition_keeps_two_goods_each() -> None:
    assert all(len(d.goods) == 2 for d in OLD.depots.values())
    assert len(OLD.depots) == 8
