"""SOLO.md §1 (setup) and §3 (the decks), one test per rule, named after it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import RuleError, apply, legal_actions, new_game, pending_decision
from rules.autobot import decks
from rules.autobot.bonuses import take_card
from rules.effects import next_era
from rules.state import Effect
from tests.rules.solo_helpers import (
    A_CARDS,
    BOT,
    EDITION,
    HUMAN,
    bot_turn,
    solo,
    solo_start,
    with_player,
    with_solo,
)
from tests.rules.solo_helpers import decks as set_decks

SOLO = EDITION.solo
assert SOLO is not None


def fresh(level: int = 1, seed: int = 1):  # type: ignore[no-untyped-def]
    return new_game(EDITION, [HUMAN], seed=seed, solo_level=level)


def test_s1_two_player_configuration() -> None:
    state = fresh()
    assert len(state.order) == 2
    assert EDITION.seats(len(state.order), "black") == 3
    two = new_game(EDITION, ["ann", "ben"], seed=1)
    assert state.players[HUMAN].hand == two.players["ann"].hand
    assert len(state.display) == EDITION.display_size


def test_s2_autobot_has_25_employees_8_stations_and_a_development_token() -> None:
    bot = fresh().players[BOT]
    assert bot.supply + sum(s.count(BOT) for s in fresh().offices.values()) == 25
    assert bot.stations_left == 8 and bot.development == 0


def test_s3_two_trucks_of_the_unused_colours() -> None:
    state = fresh()
    assert state.players[BOT].trucks == (None, None)
    assert solo(state).destinations == ("", "")


@pytest.mark.parametrize(("level", "board"), [(1, "easy"), (6, "easy"), (7, "hard"),
                                              (12, "hard")])
def test_s4_the_easy_board_up_to_level_6_the_hard_board_above(level: int, board: str) -> None:
    assert solo(fresh(level)).board == board


def test_s5_the_bots_delivery_board_differs_from_the_humans() -> None:
    for seed in range(8):
        state = fresh(seed=seed)
        assert state.players[BOT].board != state.players[HUMAN].board


def test_s6_pieces_at_the_start() -> None:
    bot = fresh().players[BOT]
    assert bot.supply == 24 and bot.lobby == 0 and bot.development == 0


def test_s7_the_bot_starts_and_sits_first_in_the_black_office() -> None:
    state = fresh()
    assert state.order == (BOT, HUMAN)
    assert state.offices["black"] == (BOT, HUMAN)
    state = apply(state, HUMAN, legal_actions(state, HUMAN)[0])
    assert pending_decision(state).player == BOT  # type: ignore[union-attr]


def test_s8_the_human_keeps_one_of_two_route_cards_and_the_bot_has_none() -> None:
    state = fresh()
    assert pending_decision(state).player == HUMAN  # type: ignore[union-attr]
    assert len(legal_actions(state, HUMAN)) == 2
    assert legal_actions(state, BOT) == []
    state = apply(state, HUMAN, legal_actions(state, HUMAN)[0])
    assert state.players[HUMAN].route is not None and state.players[BOT].route is None
    assert state.phase == "play"


def test_s9_no_money() -> None:
    state = solo_start()
    assert state.players[BOT].money == 0
    after, _ = bot_turn(state)
    assert after.players[BOT].money == 0


def test_s10_the_decks_come_from_the_seed() -> None:
    assert solo(fresh(seed=4)) == solo(fresh(seed=4))
    piles = {solo(fresh(seed=s)).task_pile for s in range(6)}
    assert len(piles) > 1


def test_s12_the_bot_only_ever_takes_its_turn() -> None:
    state = solo_start()
    (action,) = legal_actions(state, BOT)
    assert str(action).startswith("autobot ")
    assert state.players[BOT].hand == () and state.players[BOT].keys == ()


@pytest.mark.parametrize(("players", "level", "code"), [
    (["ann"], 0, "solo_level"), (["ann"], 13, "solo_level"),
    (["ann", "ben"], 1, "solo_players"), ([BOT], 1, "solo_players"), ([""], 1, "solo_players"),
])
def test_a_bad_solo_setup_is_refused_with_a_code(players: list[str], level: int,
                                                 code: str) -> None:
    with pytest.raises(RuleError) as info:
        new_game(EDITION, players, seed=1, solo_level=level)
    assert info.value.code == code


# ----- the colour deck -----

def test_c1_six_single_colour_cards() -> None:
    s = solo(fresh())
    assert sorted(s.colour_pile) == sorted(f"solo_{c}" for c in SOLO.colour_deck)
    assert s.colour_used == ()


def test_c2_the_yellow_card_tops_the_pile_when_era_3_begins() -> None:
    state = replace(solo_start(), era=2, era_supply=0)
    before = solo(state).colour_pile
    after = next_era(state, EDITION, Effect("next_era"))
    assert after.era == 3
    assert solo(after).colour_pile == (decks.ERA3_CARD, *before)
    assert decks.extra_build_colour(EDITION, decks.ERA3_CARD) == "yellow"
    era2 = next_era(replace(solo_start(), era=1, era_supply=0), EDITION, Effect("next_era"))
    assert decks.ERA3_CARD not in solo(era2).colour_pile


def test_c3_a_taken_card_joins_the_draw_pile_keeping_its_colours() -> None:
    state = replace(solo_start(), display=("i01", "i02", "i03", "i04"), deck=("i05",))
    after = take_card(state, EDITION)
    assert "i01" in solo(after).colour_pile and len(solo(after).colour_pile) == 7
    assert solo(after).colour_used == solo(state).colour_used
    assert decks.card_colours(after, EDITION, "i01") == ("black", "red")
    assert after.display == ("i05", "i02", "i03", "i04")


def test_c3_a_wild_card_stands_for_every_open_colour_and_only_yellow_cards_build() -> None:
    state = solo_start()
    assert decks.card_colours(state, EDITION, "a13") == (
        "black", "red", "green", "orange", "purple", "white")
    assert decks.card_colours(replace(state, era=3), EDITION, "a13")[-1] == "yellow"
    assert decks.extra_build_colour(EDITION, "a03") == "yellow"  # yellow+black, extra build
    assert decks.extra_build_colour(EDITION, "a08") is None  # green+orange: ignored
    assert decks.extra_build_colour(EDITION, "i16") is None


def test_c4_one_colour_card_per_turn_from_the_top() -> None:
    state = set_decks(solo_start(), ("red", "black"), ("1a", "2a", "3a", "5a", "7a"))
    top = solo(state).colour_pile[0]
    after, _ = bot_turn(state)
    assert solo(after).card == top
    assert solo(after).colour_used == (top,)


def test_c5_after_a_completed_turn_the_card_is_used_and_an_empty_pile_reshuffles() -> None:
    state = with_solo(solo_start(), colour_pile=("solo_red", "solo_black"),
                      colour_used=("solo_green", "solo_orange", "solo_purple", "solo_white"),
                      task_pile=("1a", "2a", "3a", "5a", "7a"))
    after, _ = bot_turn(state)
    assert solo(after).colour_pile == ("solo_black",)
    assert solo(after).colour_used[-1] == "solo_red"


def test_c6_a_skipped_turn_puts_its_own_card_back() -> None:
    state = with_solo(solo_start(), colour_pile=("solo_white",),
                      colour_used=tuple(f"solo_{c}" for c in SOLO.colour_deck[:-1]),
                      task_pile=("7a", "1a", "5a", "3a", "2a"))
    after, text = bot_turn(state)
    assert text.endswith("skip")
    assert len(solo(after).colour_pile) == 6


# ----- the task deck -----

def test_t1_eight_task_cards() -> None:
    assert [(t.id, t.order, t.level, t.main, t.bonus) for t in SOLO.tasks.values()] == [
        ("1a", 1, "A", "build", ""), ("2a", 2, "A", "build", "discard"),
        ("3a", 3, "A", "build", "develop 1"), ("4b", 4, "B", "build", "develop 1"),
        ("5a", 5, "A", "load", ""), ("6b", 6, "B", "load", "develop 1"),
        ("7a", 7, "A", "station", ""), ("8b", 8, "B", "station", "develop 1")]


def test_t2_five_a_cards_in_the_pile_three_b_cards_in_reserve() -> None:
    s = solo(fresh())
    assert sorted(s.task_pile) == sorted(A_CARDS)
    assert sorted(s.task_reserve) == ["4b", "6b", "8b"]
    assert s.task_queue == () and s.task_used == ()


def test_t3_the_capacity_space_brings_a_b_card_into_the_pile() -> None:
    from rules.autobot.bonuses import develop

    state = with_player(solo_start(), BOT, development=5)  # next: space 6, capacity
    after = develop(state, EDITION, 1, "red")
    assert after.players[BOT].development == 6
    assert solo(after).task_reserve == solo(state).task_reserve[1:]
    assert solo(state).task_reserve[0] in solo(after).task_pile
    empty = with_solo(state, task_reserve=())
    assert solo(develop(empty, EDITION, 1, "red")).task_pile == solo(empty).task_pile


def test_t4_the_queue_is_sorted_highest_first() -> None:
    state = solo_start()
    for card in ("3a", "7a", "1a", "5a"):
        state = decks.to_queue(state, EDITION, card)
    assert solo(state).task_queue == ("7a", "5a", "3a", "1a")


def test_t5_the_first_task_is_the_queue_head() -> None:
    state = with_solo(solo_start(), task_queue=("5a", "2a"), task_pile=("1a",))
    state, first = decks.draw_first(state)
    assert first == "5a" and solo(state).task_queue == ("2a",)
    state = with_solo(state, task_queue=())
    _state, first = decks.draw_first(state)
    assert first == "1a"


def test_t6_a_further_task_comes_from_the_pile_reshuffling_if_empty() -> None:
    state = with_solo(solo_start(), task_queue=("7a", "5a"), task_pile=(), task_used=("1a",))
    after, card = decks.draw_from_pile(state)
    assert card in ("1a", "5a") and solo(after).task_queue == ("7a",)


def test_t7_reshuffle_keeping_the_highest_queued_card() -> None:
    state = with_solo(solo_start(), task_queue=("7a", "5a", "3a"), task_pile=(),
                      task_used=("1a", "2a"))
    after = decks.reshuffle_tasks_keeping_highest(state)
    assert solo(after).task_queue == ("7a",)
    assert sorted(solo(after).task_pile) == ["1a", "2a", "3a", "5a"]
    assert solo(after).task_used == ()


def test_t8_a_full_reshuffle_empties_the_queue() -> None:
    state = with_solo(solo_start(), task_queue=("7a", "5a"), task_pile=("1a",),
                      task_used=("2a", "3a"))
    after = decks.reshuffle_tasks_fully(state)
    assert solo(after).task_queue == () and sorted(solo(after).task_pile) == sorted(A_CARDS)


def test_t9_the_task_carried_out_goes_to_the_used_pile() -> None:
    state = with_solo(solo_start(), colour_pile=("solo_red", "solo_black"),
                      task_pile=("1a", "2a", "3a", "5a", "7a"))
    after, text = bot_turn(state)
    assert text == "autobot red 1a build r2.1"
    assert solo(after).task_used == ("1a",)
