"""Fact 1 (rules/RULES.md, "Deliveries"): a country's pharma bonus is a race.

`pharma_bonus = "first_to_country"`: the first pharmaceutical delivery to a country by anyone
grants its pharma bonus; every later one there, by anyone, earns only the row's DM. The other
value, `"first_per_player"`, is the reading of the archived editions: each player's own first.
"""

from __future__ import annotations

from dataclasses import replace

from rules import apply
from rules.state import DeliveryRowState, State
from tests.rules.helpers_part2 import (
    ED,
    OLD,
    built,
    decision,
    money,
    row,
    set_player,
    set_row,
    turn_of,
    with_truck,
)


def ben_to_denmark(edition=ED) -> State:
    """Era 3, Ben's move: his truck with pharmaceuticals one step from Kolding (DK), board 1
    (DK: 2 DM, appliances; DK's pharma bonus: promote). No tile beside Denmark."""
    s = turn_of("ben", step="move", colour="black", era=3, edition=edition)
    s = built(s, "k2.1", "k2.2", "k1.1")
    s = set_player(with_truck(s, "ben", "k2.1", "pharmaceuticals"), "ben", board=1, money=10)
    return replace(s, country_tiles=s.country_tiles.without("dk"))


def test_pharma_bonus_first_to_country_is_the_classic_setting() -> None:
    assert ED.pharma_bonus == "first_to_country"
    assert OLD.pharma_bonus == "first_per_player"  # the file predates the key


def test_pharma_bonus_first_to_country_goes_to_the_first_delivery_by_anyone() -> None:
    s = apply(ben_to_denmark(), "ben", "move 1 k1.1 deliver")
    assert row(s, "ben", "dk") == DeliveryRowState(pharma=True)
    assert decision(s) == ("promote", "ben")


def test_pharma_bonus_first_to_country_leaves_later_deliverers_only_dm() -> None:
    # Ann delivered pharmaceuticals to Denmark first; Ben's first one there earns the DM.
    s = set_row(ben_to_denmark(), "ann", "dk", DeliveryRowState(pharma=True))
    s = apply(s, "ben", "move 1 k1.1 deliver")
    assert row(s, "ben", "dk") == DeliveryRowState(dm=True)
    assert money(s, "ben") == 12
    assert decision(s) == ("main", "cem")  # no pharma bonus: the turn went on
    assert s.players["ben"].delivered == ("dk",)  # it still counts for the Trade department


def test_pharma_bonus_first_to_country_is_per_country() -> None:
    # A pharma delivery to the Netherlands does not take Denmark's bonus.
    s = set_row(ben_to_denmark(), "ann", "nl", DeliveryRowState(pharma=True))
    s = apply(s, "ben", "move 1 k1.1 deliver")
    assert decision(s) == ("promote", "ben")


def test_pharma_bonus_first_per_player_keeps_each_players_own_first() -> None:
    s = set_row(ben_to_denmark(OLD), "ann", "dk", DeliveryRowState(pharma=True))
    s = apply(s, "ben", "move 1 k1.1 deliver")
    assert row(s, "ben", "dk") == DeliveryRowState(pharma=True)
    assert decision(s) == ("promote", "ben")
