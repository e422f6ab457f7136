"""Where a turn began (service.turn_start.TurnStarts): kept for every active game up to its
capacity, the games used least recently leaving first, and a turn found by a replay is
remembered as the one that ended, so its post does not replay the log a second time."""

from __future__ import annotations

import rules
from service.turn_start import TurnStarts, turn_start_state

EDITION = rules.load_edition()


def _state(seed: int) -> rules.State:
    return rules.new_game(EDITION, ["ann", "ben", "cem"], seed)


def test_a_turn_found_by_a_replay_is_the_ended_turn_of_the_post() -> None:
    starts = TurnStarts()
    begun, after = _state(1), _state(2)
    starts.remember(7, 12, 20, after, ended=(9, begun))  # the table had forgotten game 7
    assert starts.ended(7, 12, 20) == (9, begun)
    assert starts.get(7, 12, 20) == (12, after)
    assert starts.ended(7, 13, 21) is None  # a move later it is no longer the post's turn


def test_the_game_used_least_recently_leaves_first() -> None:
    starts = TurnStarts(capacity=2)
    one, two, three = _state(1), _state(2), _state(3)
    starts.remember(1, 5, 5, one)
    starts.remember(2, 5, 5, two)
    assert starts.get(1, 6, 6) == (5, one)  # game 1 played on: used now
    starts.remember(3, 5, 5, three)
    assert starts.get(2, 5, 5) is None  # game 2 left, not game 1
    assert starts.get(1, 6, 6) == (5, one)
    assert starts.get(3, 5, 5) == (5, three)


def test_turn_start_state_says_how_many_moves_came_before_the_turn() -> None:
    state = _state(4)
    log: list[tuple[str, str]] = []
    passed_at = None
    while passed_at is None or len(log) < passed_at + 2:
        pid = rules.current_player(state)
        assert pid is not None
        action = str(rules.legal_actions(state, pid)[0])
        after = rules.apply(state, pid, action)
        log.append((pid, action))
        if rules.current_player(after) != pid and passed_at is None and len(log) > 3:
            passed_at = len(log)
        state = after
    at, begun = turn_start_state(_state(4), log)
    replayed = _state(4)
    for pid, action in log[:at]:
        replayed = rules.apply(replayed, pid, action)
    assert 0 < at <= len(log) and begun == replayed
