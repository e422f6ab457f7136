"""The seed rulings 4 (moving trucks, p. 11–12) and 5 (deliveries, p. 13), one test per
clause (seeds/*.txt, German and French)."""

from dataclasses import replace

import pytest

from rules import (
    IllegalActionError,
    State,
    apply,
    money,
)
from rules.flow import settle
from rules.state import DeliveryRowState, Truck
from tests.rules.helpers_part2 import (
    ED,
    at,
    built,
    decision,
    moves,
    notations,
    row,
    set_player,
    set_row,
    turn_of,
    upgraded,
    with_truck,
)

# Seed rulings 4 (moving trucks, p. 11–12) and 5 (deliveries, p. 13), one test per clause.
#
# Ruling 4: "um einen Lkw in Phase 3 zu bewegen, muss er auf einem Depot oder Straßenabschnitt
# starten, der der Farbe der gespielten Karte entspricht. Sobald er gestartet ist, darf er sich
# entlang beliebiger verbundener, gebauter Straßenabschnitte bewegen. Lkw bewegen sich in Ära 1
# bis zu 2 Schritte und in den Ären 2–3 bis zu 3 Schritte; der Start auf einer zweispurigen
# Straße gewährt 1 zusätzlichen Schritt."
#
# Ruling 5: "Wenn du eine Lieferung ausführst (du bewegst dich einen Schritt über eine
# benachbarte Handelsstadt hinaus), nimmst du das Bonusplättchen dieses Landes, gibst den
# Warenmarker zurück, nimmst einen Liefermarker und gibst deinen Lkw zurück; bei bevorzugten
# Waren ... auf das Warensymbol ..., bei anderen Waren ... auf das DM-Münzensymbol und erhältst
# sofort die angegebene DM-Menge, und bei Arzneimitteln gewährt die erste Lieferung die
# Pharma-Bonusaktion des Landes, während spätere Arzneimittellieferungen nur DM einbringen
# können (oder nichts, wenn das Feld voll ist)."
#
# The positions use the pre-built A7: k3 (Hamburg–Hannover, 2 sections), k4 (Hannover–Kassel,
# 2), k5 (Kassel–Bad Hersfeld, 1); Denmark is reached over k2 (Flensburg–Hamburg) and k1
# (Kolding–Flensburg, one section).


# ----- ruling 4: which truck may move, and how far -----


def test_truck_on_section_of_played_colour_may_move() -> None:
    s = with_truck(turn_of(step="move", colour="black"), "ann", "k3.1", "chemicals")
    assert moves(s, "ann") == {"move 1 k3.2", "move 1 k3.2 k4.1"}


def test_truck_on_depot_of_played_colour_may_move() -> None:
    s = with_truck(turn_of(step="move", colour="black"), "ann", "d_black_n", "chemicals")
    assert "move 1 k3.1 k3.2" in moves(s, "ann")
    s = apply(s, "ann", "move 1 k3.1 k3.2")
    assert s.players["ann"].trucks[0].position == "k3.2"


def test_truck_on_other_colour_is_not_offered_and_refused() -> None:
    s = with_truck(turn_of(step="move", colour="red"), "ann", "k3.1", "chemicals")
    assert moves(s, "ann") == set()
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "move 1 k3.2")
    assert err.value.code == "truck_wrong_start"


def test_truck_on_depot_of_other_colour_is_refused() -> None:
    s = with_truck(turn_of(step="move", colour="red"), "ann", "d_black_n", "chemicals")
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "move 1 k3.1")
    assert err.value.code == "truck_wrong_start"


def test_playing_a_card_of_another_colour_skips_the_move() -> None:
    # Ann holds only a truck on black; after a red play there is nothing to move.
    s = with_truck(turn_of(), "ann", "k3.1", "chemicals")
    s = built(s, "r1.1")  # Lübeck–Hamburg: red station space
    s = apply(s, "ann", "station r1.1 with red")
    assert decision(s) != ("move", "ann")
    assert s.turn.player == "ben"


def test_once_started_the_truck_may_run_on_any_colour() -> None:
    # r1 (red, Lübeck–Hamburg, one section) is reached from k3.1 through Hamburg.
    s = built(with_truck(turn_of(step="move", colour="black"), "ann", "k3.2", "chemicals"),
              "r1.1")
    assert "move 1 k3.1 r1.1" in moves(s, "ann")
    s = apply(s, "ann", "move 1 k3.1 r1.1")
    assert s.players["ann"].trucks[0].position == "r1.1"


def test_truck_runs_only_on_built_connected_sections() -> None:
    s = with_truck(turn_of(step="move", colour="black"), "ann", "k3.2", "chemicals")
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "move 1 k3.1 r1.1")  # r1.1 not built
    assert err.value.code == "bad_step"
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "move 1 k4.2")  # not adjacent to k3.2
    assert err.value.code == "bad_step"


PATH4 = ["k3.2", "k4.1", "k4.2", "k5.1"]


@pytest.mark.parametrize(("era", "reach"), [(1, 2), (2, 3), (3, 3)])
def test_range_per_era(era: int, reach: int) -> None:
    s = with_truck(turn_of(step="move", colour="black", era=era), "ann", "k3.1", "chemicals")
    longest = max(len(m.split()) - 2 for m in moves(s, "ann"))
    assert longest == reach
    apply(s, "ann", "move 1 " + " ".join(PATH4[:reach]))
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "move 1 " + " ".join(PATH4[:reach + 1]))
    assert err.value.code == "too_far"
    assert err.value.params == {"count": reach + 1, "range": reach}


@pytest.mark.parametrize(("era", "reach"), [(1, 3), (2, 4)])
def test_starting_on_an_upgraded_link_gives_one_more_step(era: int, reach: int) -> None:
    s = with_truck(turn_of(step="move", colour="black", era=era), "ann", "k3.1", "chemicals")
    s = upgraded(s, "k3")
    path = [*PATH4, "k6.1"]
    apply(s, "ann", "move 1 " + " ".join(path[:reach]))
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "move 1 " + " ".join(path[:reach + 1]))
    assert err.value.params == {"count": reach + 1, "range": reach}


def test_passing_over_an_upgraded_link_gives_no_extra_step() -> None:
    s = with_truck(turn_of(step="move", colour="black"), "ann", "k3.2", "chemicals")
    s = upgraded(s, "k4")
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "move 1 k4.1 k4.2 k5.1")
    assert err.value.params == {"count": 3, "range": 2}


def test_no_move_after_takeback() -> None:
    s = with_truck(turn_of(), "ann", "k3.1", "chemicals")
    s = set_player(s, "ann", slots=s.players["ann"].slots.set("build", ("black",)),
                   hand=tuple(c for c in s.players["ann"].hand if c != "black"))
    s = apply(s, "ann", "takeback")
    assert s.turn.player == "ben"
    assert s.players["ann"].trucks[0].position == "k3.1"


def test_no_move_after_grant() -> None:
    s = apply(with_truck(turn_of(), "ann", "k3.1", "chemicals"), "ann", "grant")
    assert s.turn.player == "ben"
    assert s.players["ann"].trucks[0].position == "k3.1"


def test_move_without_a_played_card_is_refused() -> None:
    s = with_truck(turn_of(step="move", colour=None), "ann", "k3.1", "chemicals")
    assert moves(s, "ann") == set()
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "move 1 k3.2")
    assert err.value.code == "no_card_played"


# ----- ruling 5: deliveries -----


def to_denmark(goods: str, era: int = 1, tile: str | None = None,
               spaces: DeliveryRowState | None = None) -> State:
    """Ann's truck on k2.1, one step from k1.1 (next to Kolding, DK); board 1 (DK: 2 DM,
    appliances, bonus `key`; pharma bonus `promote`)."""
    s = turn_of(step="move", colour="black", era=era)
    s = built(s, "k2.1", "k2.2", "k1.1")
    s = set_player(with_truck(s, "ann", "k2.1", goods), "ann", board=1, money=10)
    tiles = s.country_tiles.without("dk") if tile is None else s.country_tiles.set("dk", tile)
    s = replace(s, country_tiles=tiles)
    if spaces is not None:
        s = set_row(s, "ann", "dk", spaces)
    return s


def test_delivery_is_one_step_beyond_the_adjacent_trading_city() -> None:
    s = to_denmark("chemicals")
    assert "move 1 k1.1 deliver" in moves(s, "ann")
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "move 1 deliver")  # k2.1 does not touch Kolding
    assert err.value.code == "cannot_deliver"


def test_delivery_needs_a_step_left() -> None:
    s = to_denmark("chemicals")
    s = set_player(s, "ann", trucks=(Truck("k2.2", "chemicals"), None))
    assert "move 1 k2.1 k1.1" in moves(s, "ann")
    assert not any(m.endswith("deliver") for m in moves(s, "ann"))
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "move 1 k2.1 k1.1 deliver")
    assert err.value.params == {"count": 3, "range": 2}


def test_delivery_takes_and_resolves_the_country_tile() -> None:
    s = apply(to_denmark("chemicals", tile="money 5"), "ann", "move 1 k1.1 deliver")
    assert "dk" not in s.country_tiles
    assert money(s, "ann") == 10 + 5 + 2  # the tile, then the row's DM for other goods


def test_delivery_tile_needing_a_choice_is_decided_at_once() -> None:
    s = apply(to_denmark("chemicals", tile="card"), "ann", "move 1 k1.1 deliver")
    assert decision(s) == ("pick", "ann")


def test_delivery_returns_goods_and_truck() -> None:
    s = to_denmark("chemicals")
    assert s.goods["chemicals"] == 3
    s = apply(s, "ann", "move 1 k1.1 deliver")
    assert s.goods["chemicals"] == 4
    assert s.players["ann"].trucks == (None, None)


def test_preferred_goods_go_on_the_goods_icon_without_money() -> None:
    s = apply(to_denmark("appliances"), "ann", "move 1 k1.1 deliver")
    assert row(s, "ann", "dk") == DeliveryRowState(goods="unused")
    assert money(s, "ann") == 10
    assert s.players["ann"].delivered == ("dk",)


def test_preferred_goods_bonus_is_claimed_once_in_a_later_phase_1() -> None:
    s = apply(to_denmark("appliances"), "ann", "move 1 k1.1 deliver")
    assert decision(s) == ("main", "ben")  # not claimable in the delivering turn
    s = settle(at(s, "ann", "start"), ED)  # Ann's next turn begins
    assert decision(s) == ("bonus", "ann")
    assert notations(s, "ann") == ["bonus dk", "pass"]
    s = apply(s, "ann", "bonus dk")  # board 1 Denmark: key
    assert decision(s) == ("key", "ann")
    s = apply(s, "ann", "research network2")
    assert s.players["ann"].keys == ("network2",)
    assert row(s, "ann", "dk").goods == "used"
    assert decision(s) == ("main", "ann")
    s = settle(at(s, "ann", "start"), ED)
    assert decision(s) == ("main", "ann")  # used once: no bonus step any more


def test_other_goods_go_on_the_dm_space_and_pay_at_once() -> None:
    s = apply(to_denmark("chemicals"), "ann", "move 1 k1.1 deliver")
    assert row(s, "ann", "dk") == DeliveryRowState(dm=True)
    assert money(s, "ann") == 12


def test_first_pharmaceuticals_grant_the_pharma_bonus() -> None:
    s = apply(to_denmark("pharmaceuticals", era=3), "ann", "move 1 k1.1 deliver")
    assert row(s, "ann", "dk") == DeliveryRowState(pharma=True)
    assert money(s, "ann") == 10
    assert decision(s) == ("promote", "ann")  # Denmark's pharma bonus: promote


def test_later_pharmaceuticals_earn_only_dm() -> None:
    s = to_denmark("pharmaceuticals", era=3, spaces=DeliveryRowState(pharma=True))
    s = apply(s, "ann", "move 1 k1.1 deliver")
    assert row(s, "ann", "dk") == DeliveryRowState(pharma=True, dm=True)
    assert money(s, "ann") == 12
    assert s.turn.player == "ben"  # no pharma bonus again


def test_later_pharmaceuticals_earn_nothing_when_the_dm_space_is_full() -> None:
    full = DeliveryRowState(pharma=True, dm=True)
    s = apply(to_denmark("pharmaceuticals", era=3, spaces=full), "ann", "move 1 k1.1 deliver")
    assert row(s, "ann", "dk") == full
    assert money(s, "ann") == 10
    assert s.goods["pharmaceuticals"] == 4
    assert s.players["ann"].trucks == (None, None)


def _to_prague(era: int) -> State:
    s = turn_of(step="move", colour="yellow", era=era)
    s = built(s, "y8.1", "y8.2")
    return with_truck(s, "ann", "y8.2", "appliances")


@pytest.mark.parametrize("era", [1, 2])
def test_czech_republic_refuses_deliveries_before_era_3(era: int) -> None:
    s = _to_prague(era)
    assert not any(m.endswith("deliver") for m in moves(s, "ann"))
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "move 1 deliver")
    assert err.value.code == "country_closed"
    assert err.value.params == {"country": "cz", "era": 3}


def test_czech_republic_accepts_deliveries_in_era_3() -> None:
    s = apply(_to_prague(3), "ann", "move 1 deliver")
    assert "cz" in s.players["ann"].delivered


@pytest.mark.parametrize("era", [1, 2])
def test_poland_refuses_deliveries_before_era_3(era: int) -> None:
    s = turn_of(step="move", colour="yellow", era=era)
    s = with_truck(built(s, "y9.1", "y9.2"), "ann", "y9.2", "chemicals")
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "move 1 deliver")
    assert err.value.params == {"country": "pl", "era": 3}
    s = at(s, "ann", "move", "yellow", era=3)
    assert "pl" in apply(s, "ann", "move 1 deliver").players["ann"].delivered
