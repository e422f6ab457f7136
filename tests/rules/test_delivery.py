"""Deliveries (RULES §8) beyond the seed ruling: full spaces, the Trade count, tiles."""

from __future__ import annotations

from dataclasses import replace

from rules import apply
from rules.registry import register_edition
from rules.state import DeliveryRowState, State
from tests.rules.helpers_part2 import (
    ED,
    built,
    money,
    moves,
    row,
    set_player,
    set_row,
    turn_of,
    with_truck,
)


def at_kolding(goods: str, board: int = 1, spaces: DeliveryRowState | None = None,
               tile: str | None = None) -> State:
    """Ann's truck on k1.1, next to Kolding (DK), black played, 10 DM."""
    s = built(turn_of(step="move", colour="black"), "k1.1")
    s = set_player(with_truck(s, "ann", "k1.1", goods), "ann", board=board)
    tiles = s.country_tiles.without("dk") if tile is None else s.country_tiles.set("dk", tile)
    s = replace(s, country_tiles=tiles)
    return s if spaces is None else set_row(s, "ann", "dk", spaces)


def test_a_truck_next_to_the_trading_city_delivers_with_its_first_step() -> None:
    s = at_kolding("chemicals")
    assert "move 1 deliver" in moves(s, "ann")
    assert apply(s, "ann", "move 1 deliver").players["ann"].trucks == (None, None)


def test_preferred_goods_with_the_icon_taken_go_to_the_dm_space() -> None:
    s = at_kolding("appliances", spaces=DeliveryRowState(goods="used"))
    s = apply(s, "ann", "move 1 deliver")
    assert row(s, "ann", "dk") == DeliveryRowState(goods="used", dm=True)
    assert money(s, "ann") == 12


def test_preferred_goods_with_every_space_taken_earn_nothing() -> None:
    full = DeliveryRowState(goods="unused", dm=True)
    s = apply(at_kolding("appliances", spaces=full), "ann", "move 1 deliver")
    assert row(s, "ann", "dk") == full
    assert money(s, "ann") == 10
    assert s.goods["appliances"] == 4


def test_other_goods_with_the_dm_space_taken_earn_nothing() -> None:
    s = apply(at_kolding("chemicals", spaces=DeliveryRowState(dm=True)), "ann", "move 1 deliver")
    assert money(s, "ann") == 10
    assert row(s, "ann", "dk") == DeliveryRowState(dm=True)


def test_the_dm_amount_comes_from_the_players_board() -> None:
    # Board 4 gives Denmark Switzerland's row of board 1: 6 DM (the pictured board, issue 34),
    # appliances preferred.
    s = apply(at_kolding("chemicals", board=4), "ann", "move 1 deliver")
    assert money(s, "ann") == 16


def test_trade_counts_distinct_countries_once() -> None:
    s = apply(at_kolding("chemicals"), "ann", "move 1 deliver")
    assert s.players["ann"].delivered == ("dk",)
    s2 = replace(s, turn=replace(s.turn, player="ann", step="move", played_colour="black"))
    s2 = apply(with_truck(s2, "ann", "k1.1", "automotive"), "ann", "move 1 deliver")
    assert s2.players["ann"].delivered == ("dk",)


def test_without_a_tile_the_delivery_still_counts() -> None:
    s = apply(at_kolding("chemicals"), "ann", "move 1 deliver")
    assert "dk" not in s.country_tiles
    assert money(s, "ann") == 12


def test_the_taken_tile_is_not_replaced_before_the_next_era() -> None:
    s = apply(at_kolding("chemicals", tile="money 3"), "ann", "move 1 deliver")
    assert money(s, "ann") == 15
    assert "dk" not in s.country_tiles


def test_only_the_mover_is_paid() -> None:
    s = apply(at_kolding("chemicals"), "ann", "move 1 deliver")
    assert (money(s, "ben"), money(s, "cem")) == (10, 10)


def test_later_pharmaceuticals_never_take_the_goods_icon() -> None:
    # Seed ruling p. 13: later pharmaceutical deliveries "can only earn DM", even on a
    # board (of an edition) whose row prefers pharmaceuticals.
    rows = tuple(replace(r, goods="pharmaceuticals") if r.country == "dk" else r
                 for r in ED.delivery_board)
    edition = register_edition(replace(ED, delivery_board=rows, hash="pharma-preferred"))
    s = at_kolding("pharmaceuticals", spaces=DeliveryRowState(pharma=True))
    s = apply(replace(s, era=3, edition_hash=edition.hash), "ann", "move 1 deliver")
    assert row(s, "ann", "dk") == DeliveryRowState(pharma=True, dm=True)
    assert money(s, "ann") == 10 + 2
