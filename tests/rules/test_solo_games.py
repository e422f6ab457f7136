"""Whole solo games at every level against a random human: never stuck, the 2-player
invariants hold after every action, and so do the Autobot's own (SOLO.md): it never pays
and is never paid, its promotions respect the era's floor cap, its decks keep their cards,
and the game replays from its record, the Autobot's turns included."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import (
    State,
    apply,
    autobot_seat,
    current_player,
    legal_actions,
    new_game,
    parse_action,
)
from rules.bots import RandomBot
from rules.replay import make_record, replay
from tests.rules.solo_helpers import BOT, EDITION, HUMAN
from tests.rules.test_random_games import check_invariants

ACTION_CAP = 1500
SOLO = EDITION.solo
assert SOLO is not None


def check_autobot(s: State) -> None:
    bot = s.players[BOT]
    assert bot.money == 0  # S-9: never pays, never receives (budget, stations, deliveries)
    assert bot.hand == () and bot.keys == () and bot.route is None  # S-12
    cap = SOLO.floor_cap_by_era[s.era - 1]
    for dept, counts in bot.floors.items():
        top = max((f for f, n in enumerate(counts, start=1) if n), default=0)
        assert top <= cap, (dept, counts, s.era)  # P-1
        if dept not in SOLO.departments:
            assert sum(counts) == 0, dept  # never Finance
    solo = s.solo
    assert solo is not None
    tasks = solo.task_pile + solo.task_queue + solo.task_used + solo.task_reserve
    assert sorted(tasks) == sorted(SOLO.tasks), tasks  # T-1: all eight, once each
    assert list(solo.task_queue) == sorted(solo.task_queue,
                                           key=lambda t: -SOLO.tasks[t].order)  # T-4
    colours = solo.colour_pile + solo.colour_used
    assert len(set(colours)) == len(colours)
    assert {f"solo_{c}" for c in SOLO.colour_deck} <= set(colours)  # C-1, C-6
    assert ("solo_era3" in colours) == (s.era >= SOLO.era3_era)  # C-2
    assert not set(colours) & set(s.display) and not set(colours) & set(s.deck)  # C-3
    assert bot.stations_left + sum(1 for o in s.stations.values() if o == BOT) == SOLO.stations
    for truck, dest in zip(bot.trucks, solo.destinations, strict=True):
        assert (truck is None) == (dest == "")  # L-9


def play_solo(level: int, seed: int) -> None:
    state = new_game(EDITION, [HUMAN], seed=seed, solo_level=level)
    human = RandomBot(seed)
    log: list[tuple[str, str]] = []
    while state.phase != "over":
        assert len(log) < ACTION_CAP, "the game does not end"
        player = current_player(state)
        assert player is not None
        actions = legal_actions(state, player)
        assert actions, "stuck"
        if player == BOT:
            assert len(actions) == 1  # the Autobot's turn has no choice
            action = actions[0]
            assert parse_action(str(action)) == action  # its notation round-trips
        else:
            action = human.choose(state, player)
        state = apply(state, player, action)
        log.append((player, str(action)))
        check_invariants(state)
        check_autobot(state)
    assert any(p == BOT for p, _a in log)
    record = make_record(EDITION, [HUMAN], seed, log, solo_level=level)
    assert replay(record) == state  # the action log is the truth, for the Autobot too


@pytest.mark.parametrize("level", range(1, 13))
def test_a_whole_solo_game_ends_at_every_level(level: int) -> None:
    play_solo(level, seed=1000 + level)


@settings(max_examples=12, deadline=None)
@given(level=st.integers(1, 12), seed=st.integers(0, 2**32 - 1))
def test_random_solo_games_end_and_keep_the_invariants(level: int, seed: int) -> None:
    play_solo(level, seed)


def test_autobot_seat_is_the_start_player_of_a_solo_game_and_nobody_else() -> None:
    """SOLO S-7: the Autobot is the start player; a game of humans has no such seat."""
    solo = new_game(EDITION, [HUMAN], seed=2, solo_level=3)
    assert autobot_seat(solo) == solo.order[0] == BOT
    assert autobot_seat(new_game(EDITION, ["ann", "ben"], seed=2)) is None
