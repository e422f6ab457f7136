"""Promotions (RULES §10.1) and the employees they move."""

from __future__ import annotations

from dataclasses import replace

from rules import Decision, apply, employees, pending_decision
from rules.flow import settle
from rules.state import Effect
from tests.rules.helpers import (
    EDITION,
    at_main,
    refused,
    texts,
    with_links,
    with_player,
    with_seats,
)


def owed(state, pid: str, **player):
    """`pid` is active and owes one promotion."""
    s = with_player(at_main(state, pid), pid, **player) if player else at_main(state, pid)
    return settle(replace(s, queue=(Effect("promote", pid, source="test"),)), EDITION)


def test_promotion_from_a_seat_goes_to_the_lobby_and_the_seats_slide_left(game):
    s = owed(with_seats(game, "black", "ben", "ann", "cem", "ann"), "ann")
    after = apply(s, "ann", "promote seat:black lobby")
    assert after.offices["black"] == ("ben", "cem", "ann")  # ann's leftmost employee left
    assert after.players["ann"].lobby == 1


def test_promotion_from_the_lobby_goes_to_floor_one_of_any_department(game):
    s = owed(game, "ann", lobby=1)
    assert [t for t in texts(s, "ann") if t.startswith("promote lobby")] == [
        "promote lobby network1", "promote lobby trade1", "promote lobby service1",
        "promote lobby finance1"]
    after = apply(s, "ann", "promote lobby service1")
    assert after.players["ann"].lobby == 0
    assert after.players["ann"].floors["service"] == (1, 0, 0)


def test_promotion_to_floor_two_needs_that_floors_lock(game):
    floors = {**game.players["ann"].floors, "trade": (1, 0, 0)}
    s = owed(game, "ann", floors=floors)
    refused(s, "ann", "promote trade1 trade2", "promotion_illegal")
    s = owed(game, "ann", floors=floors, keys=("trade2",))
    after = apply(s, "ann", "promote trade1 trade2")
    assert after.players["ann"].floors["trade"] == (0, 1, 0)


def test_promotion_to_floor_three_needs_the_floor_three_lock(game):
    floors = {**game.players["ann"].floors, "finance": (0, 1, 0)}
    refused(owed(game, "ann", floors=floors, keys=("finance2",)), "ann",
            "promote finance2 finance3", "promotion_illegal")
    s = owed(game, "ann", floors=floors, keys=("finance2", "finance3"))
    after = apply(s, "ann", "promote finance2 finance3")
    assert after.players["ann"].floors["finance"] == (0, 0, 1)


def test_a_lock_of_another_department_does_not_open_a_floor(game):
    floors = {**game.players["ann"].floors, "network": (1, 0, 0)}
    s = owed(game, "ann", floors=floors, keys=("trade2",))
    assert "promote network1 network2" not in texts(s, "ann")


def test_there_is_no_step_beyond_the_top_floor(game):
    floors = {**game.players["ann"].floors, "network": (0, 0, 1)}
    s = owed(game, "ann", floors=floors, keys=("network2", "network3"))
    assert not any(t.startswith("promote network3") for t in texts(s, "ann"))


def test_a_promotion_must_be_taken(game):
    refused(owed(game, "ann", lobby=1), "ann", "pass", "pass_not_allowed")


def test_a_promotion_with_no_legal_step_is_lost(game):
    s = with_seats(game, "black", "cem", "ben")  # ann has no seat, lobby or floor
    s = owed(s, "ann")
    assert pending_decision(s) == Decision("main", "ann")
    assert s.queue == ()


def test_promotions_keep_the_employee_count(game):
    s = owed(game, "ann", lobby=1, supply=game.players["ann"].supply - 1)
    before = sum(employees(s, "ann").values())
    after = apply(s, "ann", "promote lobby network1")
    assert sum(employees(after, "ann").values()) == before == 25


def _era_end_with_route_for(game, owner: str):
    """Ann builds the era's last section; `owner`'s route (Flensburg–Frankfurt) is joined."""
    s = with_links(game, "k2", "p1", "p2")
    s = with_player(s, "ann", route="hamburg-muenchen", lobby=1)
    s = with_player(s, owner, route="flensburg-frankfurt", lobby=1)
    s = replace(at_main(s, "ann"), era_supply=1)
    s = apply(s, "ann", "build r1.1 with red")
    return apply(s, "ann", "promote lobby network1")  # ann's era-end promotion


def test_promotion_owed_to_a_player_who_is_not_active_is_kept_pending(game):
    # Seat order cem, ann, ben: after ann comes ben, so cem's promotion must wait.
    s = _era_end_with_route_for(game, "cem")
    assert pending_decision(s) == Decision("main", "ben")
    cem = s.players["cem"]
    assert cem.pending_promotions == 1
    assert cem.route_rewards == ("complete",)
    # Black cities: Flensburg 2, Hamburg 4, Hannover 2, Kassel 2, Bad Hersfeld 4 (purple
    # too), Würzburg 2, Crailsheim 2 = 18 → 6 each; the route card adds 5 DM.
    assert cem.money == 10 + 6 + 5
    assert cem.lobby == 1 and cem.floors == game.players["cem"].floors


def test_pending_promotion_is_resolved_at_the_start_of_that_players_next_turn(game):
    s = _era_end_with_route_for(game, "cem")
    s = apply(s, "ben", "grant")
    assert pending_decision(s) == Decision("promote", "cem", source="pending")
    assert s.players["cem"].pending_promotions == 0
    s = apply(s, "cem", "promote lobby trade1")
    assert s.players["cem"].floors["trade"] == (1, 0, 0)
    assert pending_decision(s) == Decision("main", "cem")


def test_route_promotion_of_the_next_player_is_resolved_as_their_turn_starts(game):
    s = _era_end_with_route_for(game, "ben")
    assert pending_decision(s) == Decision("promote", "ben", source="pending")
    s = apply(s, "ben", "promote lobby finance1")
    assert pending_decision(s) == Decision("main", "ben")


def test_route_promotion_of_the_builder_is_resolved_at_once(game):
    s = with_links(game, "k2", "p1", "p2")
    s = with_player(s, "ann", route="flensburg-frankfurt", lobby=2)
    s = apply(replace(at_main(s, "ann"), era_supply=1), "ann", "build r1.1 with red")
    s = apply(s, "ann", "promote lobby network1")  # era end step 1
    assert pending_decision(s) == Decision("promote", "ann", source="route")
    s = apply(s, "ann", "promote lobby network1")
    assert s.players["ann"].floors["network"] == (2, 0, 0)
    assert s.players["ann"].pending_promotions == 0
