"""The search's fast path (rules.search) plays exactly as the specification does.

`SearchContext.legal_actions` must list what `rules.legal_actions` lists, in its order, and
`apply_listed` must make the state `rules.apply` makes, at every decision of random and bot
games, with one context kept across many games (its caches must never carry an answer
from one position to another that differs).
"""

from __future__ import annotations

import random

import pytest

from rules import (
    NotYourDecisionError,
    Position,
    SearchContext,
    State,
    apply,
    current_player,
    legal_actions,
    new_game,
    pending_decision,
)
from rules.actions import Move, Play
from rules.bots import GreedyBot
from rules.errors import GameOverError, IllegalActionError
from tests.rules.helpers import EDITION, NAMES, drafted


def lockstep(state: State, context: SearchContext, choose: random.Random) -> int:
    """Play to the end both ways, comparing every listing and state; the decisions."""
    decisions = 0
    while (pid := current_player(state)) is not None:
        assert context.current_player(state) == pid
        assert context.pending_decision(state) == pending_decision(state)
        listed = context.legal_actions(state, pid)
        assert listed == legal_actions(state, pid)
        action = choose.choice(listed)
        after = context.apply_listed(state, pid, action)
        assert after == apply(state, pid, str(action))
        assert after.to_json() == apply(state, pid, action).to_json()
        state = after
        decisions += 1
    assert context.pending_decision(state) is None
    return decisions


def test_random_games_list_and_apply_the_same_on_both_paths() -> None:
    context = SearchContext()  # one context for every game: its caches must carry nothing
    decisions = 0
    for seed in range(12):
        players = 1 + seed % 4
        level = 1 + seed % 12 if players == 1 else None
        state = new_game(EDITION, list(NAMES[:players]), seed=300 + seed, solo_level=level)
        decisions += lockstep(state, context, random.Random(seed))
    assert decisions > 2000


def test_a_bot_game_lists_and_applies_the_same_on_both_paths() -> None:
    bots = {name: GreedyBot(seed=i) for i, name in enumerate(NAMES[:3])}
    context = SearchContext()
    state = new_game(EDITION, list(NAMES[:3]), seed=41)
    while (pid := current_player(state)) is not None:
        assert context.legal_actions(state, pid) == legal_actions(state, pid)
        action = bots[pid].choose(state, pid)
        after = context.apply_listed(state, pid, action)
        assert after == apply(state, pid, str(action))
        state = after


def test_a_checking_context_refuses_an_action_it_did_not_list() -> None:
    state = drafted()
    pid = current_player(state)
    assert pid is not None
    plays = [a for a in legal_actions(state, pid) if isinstance(a, Play)]
    unlisted = Move(1, ("k3.1",), False)  # a move where a main action is due
    with pytest.raises(IllegalActionError):
        SearchContext(check=True).apply_listed(state, pid, unlisted)
    assert SearchContext(check=True).apply_listed(state, pid, plays[0]) == apply(
        state, pid, plays[0])


def test_the_fast_path_still_asks_whose_decision_it_is() -> None:
    state = drafted()
    pid = current_player(state)
    other = next(p for p in state.order if p != pid)
    action = legal_actions(state, pid)[0]
    with pytest.raises(NotYourDecisionError):
        SearchContext().apply_listed(state, other, action)
    assert SearchContext().legal_actions(state, other) == []


def test_a_position_plays_to_the_end_and_its_clone_goes_its_own_way() -> None:
    position = Position(new_game(EDITION, list(NAMES[:2]), seed=5))
    choose = random.Random(5)
    for _ in range(40):
        position.apply_action(choose.choice(position.legal_actions()))
    copy = position.clone()
    assert copy.state is position.state and copy.context is position.context
    before = position.state
    copy.apply_action(copy.legal_actions()[0])
    assert position.state is before and copy.state is not before
    while not position.is_terminal():
        assert position.current_player() == current_player(position.state)
        position.apply_action(choose.choice(position.legal_actions()))
    assert position.legal_actions() == [] and position.current_player() is None
    with pytest.raises(GameOverError):
        position.apply_action(before and legal_actions(before, current_player(before) or "")[0])
