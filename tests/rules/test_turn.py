"""A turn (RULES §6): phases, action slots, take back, the government grant and `pass`."""

from __future__ import annotations

import re
from dataclasses import replace

from rules import Decision, apply, current_player, legal_actions, money, pending_decision
from rules.actions import USAGE
from rules.flow import EXPECTED, settle
from rules.state import DeliveryRowState, Truck, Turn
from tests.rules.helpers import EDITION, at_main, refused, texts, with_player

WESTERN_HAND = ("black", "red", "green", "orange", "purple", "white")


def _turn_start(state, pid):
    """Settle the state as if `pid`'s turn had just begun."""
    return settle(replace(state, turn=Turn(pid, "start"), queue=()), EDITION)


# ----- phases -----


def test_turns_follow_seat_order_from_the_start_player(game):
    assert game.order == ("cem", "ann", "ben")
    s = game
    seen = []
    for _ in range(3):
        pid = current_player(s)
        seen.append(pid)
        s = apply(s, pid, "grant")
    assert seen == ["cem", "ann", "ben"]
    assert pending_decision(s) == Decision("main", "cem")
    assert s.turn.number == 4


def test_turn_without_a_claimable_bonus_starts_at_the_main_action(game):
    assert pending_decision(game) == Decision("main", "cem")
    assert "pass" not in texts(game, "cem")


def test_turn_with_a_claimable_bonus_starts_with_the_optional_bonus_phase(game):
    s = with_player(game, "ann", deliveries={"dk": DeliveryRowState(goods="unused")})
    s = _turn_start(s, "ann")
    assert pending_decision(s) == Decision("bonus", "ann")
    assert texts(s, "ann") == ["bonus dk", "pass"]
    s = apply(s, "ann", "pass")
    assert pending_decision(s) == Decision("main", "ann")


def test_move_phase_is_skipped_when_no_truck_can_move(game):
    s = apply(at_main(game, "ann"), "ann", "build r1.1 with red")
    assert pending_decision(s) == Decision("main", "ben")


def test_move_phase_follows_a_played_card_when_a_truck_can_move(game):
    s = with_player(at_main(game, "ann"), "ann",
                    trucks=(Truck("d_black_n", "chemicals"), None))
    s = apply(s, "ann", "upgrade k3 with black")
    assert pending_decision(s) == Decision("move", "ann")
    assert "pass" in texts(s, "ann")
    assert "move 1 k3.1" in texts(s, "ann")
    s = apply(s, "ann", "pass")
    assert pending_decision(s) == Decision("main", "ben")


def test_move_phase_needs_a_played_card(game):
    s = with_player(at_main(game, "ann"), "ann", trucks=(Truck("d_black_n", "chemicals"), None),
                    slots={**game.players["ann"].slots, "research": ("red",)},
                    hand=tuple(c for c in WESTERN_HAND if c != "red"))
    s = apply(s, "ann", "takeback")
    assert pending_decision(s) == Decision("main", "ben")


# ----- cards and slots -----


def test_played_card_leaves_the_hand_for_the_slot(game):
    s = apply(at_main(game, "ann"), "ann", "build r1.1 with red")
    ann = s.players["ann"]
    assert ann.slots["build"] == ("red",)
    assert ann.hand == ("black", "green", "orange", "purple", "white")


def test_build_slot_holds_two_cards(game):
    s = with_player(at_main(game, "ann"), "ann", slots={**game.players["ann"].slots,
                                                         "build": ("green",)},
                    hand=("black", "red", "orange", "purple", "white"))
    s = apply(s, "ann", "build r1.1 with red")
    assert s.players["ann"].slots["build"] == ("green", "red")


def test_full_build_slot_is_refused(game):
    s = with_player(at_main(game, "ann"), "ann", slots={**game.players["ann"].slots,
                                                         "build": ("green", "red")},
                    hand=("black", "orange", "purple", "white"))
    refused(s, "ann", "build k2.2 with black", "slot_full")
    assert not any(t.startswith("build ") for t in texts(s, "ann"))


def test_other_slots_hold_one_card(game):
    s = with_player(at_main(game, "ann"), "ann", slots={**game.players["ann"].slots,
                                                         "upgrade": ("red",),
                                                         "research": ("green",)},
                    hand=("black", "orange", "purple", "white"))
    refused(s, "ann", "upgrade k3 with black", "slot_full")
    refused(s, "ann", "research network2 with black", "slot_full")
    assert "station k3.1 with black" in texts(s, "ann")


def test_capacity_bonus_lets_a_slot_hold_one_more(game):
    s = with_player(at_main(game, "ann"), "ann", slots={**game.players["ann"].slots,
                                                         "upgrade": ("red",)},
                    hand=("black", "green", "orange", "purple", "white"),
                    extra_capacity={"upgrade": 1})
    s = apply(s, "ann", "upgrade k3 with black")
    assert s.players["ann"].slots["upgrade"] == ("red", "black")


# ----- take back -----


def test_take_back_returns_all_cards_and_pays_one_dm_each(game):
    slots = {**game.players["ann"].slots, "build": ("red", "green"), "research": ("white",)}
    s = with_player(at_main(game, "ann"), "ann", slots=slots,
                    hand=("black", "orange", "purple"))
    s = apply(s, "ann", "takeback")
    ann = s.players["ann"]
    assert sorted(ann.hand) == sorted(WESTERN_HAND)
    assert all(cards == () for cards in ann.slots.values())
    assert ann.money == 10 + 3


def test_take_back_needs_a_played_card(game):
    refused(at_main(game, "ann"), "ann", "takeback", "nothing_to_take_back")


# ----- the government grant -----


def test_grant_moves_an_employee_out_of_the_game_and_pays_the_eras_grant(old_game):
    game = old_game  # the archived grants 6/8/10 (today's: test_balance_data.py)
    s = apply(at_main(game, "ann"), "ann", "grant")
    ann, before = s.players["ann"], game.players["ann"]
    assert ann.money == 10 + 6
    assert ann.supply == before.supply - 1
    assert ann.granted == 1
    assert ann.grant_eras == (1,)


def test_grant_pays_the_grant_of_the_current_era(old_game):
    game = old_game
    s = apply(replace(at_main(game, "ann"), era=2), "ann", "grant")
    assert money(s, "ann") == 10 + 8
    s = apply(replace(at_main(game, "ann"), era=3), "ann", "grant")
    assert money(s, "ann") == 10 + 10


def test_grant_once_per_era(game):
    s = with_player(at_main(game, "ann"), "ann", grant_eras=(1,))
    refused(s, "ann", "grant", "grant_used")
    assert "grant" in texts(replace(s, era=2), "ann")


def test_grant_needs_an_employee_in_supply(game):
    s = with_player(at_main(game, "ann"), "ann", supply=0, lobby=5)
    refused(s, "ann", "grant", "grant_no_employee")


# ----- pass -----


def test_main_action_cannot_be_passed_while_something_is_possible(game):
    refused(at_main(game, "ann"), "ann", "pass", "pass_not_allowed")


def test_main_action_is_passed_when_nothing_is_possible(game):
    # Broke, nothing on the slots (no take back), grant used, no keys, both trucks out and
    # no goods left to load one of them again (RULES §7.3, "reload").
    s = with_player(at_main(game, "ann"), "ann", money=0, grant_eras=(1,),
                    keys=tuple(EDITION.locks)[:EDITION.keys],
                    trucks=(Truck("d_black_n", "chemicals"), Truck("d_black_s", "appliances")))
    s = replace(s, goods=s.goods.merge({g: 0 for g in s.goods}))
    assert len(EDITION.locks) == EDITION.keys  # every lock open: research impossible
    assert texts(s, "ann") == ["pass"]
    s = apply(s, "ann", "pass")
    assert pending_decision(s) == Decision("main", "ben")


def test_pass_is_refused_in_the_route_draft():
    from rules import load_edition, new_game

    s = new_game(load_edition(), ["ann", "ben"], seed=5)
    pid = current_player(s)
    refused(s, pid, "pass", "pass_not_allowed")
    assert all(t.startswith("route ") for t in texts(s, pid))
    assert legal_actions(s, pid)


def test_a_refusal_names_what_is_expected_in_the_notation_only(game):
    # `expected` is shown to players in their own language: it may hold the notation's
    # words and placeholders, never English prose around them ("a card", "or").
    notation = set(re.findall(r"[a-z]+", re.sub(r"<[^>]*>", "", USAGE)))
    for kind, expected in EXPECTED.items():
        words = set(re.findall(r"[a-z]+", re.sub(r"<[^>]*>", "", expected)))
        assert words <= notation, (kind, words - notation)
    err = refused(at_main(game, "ann"), "ann", "pass", "pass_not_allowed")
    assert err.params == {"expected": EXPECTED["main"]}
