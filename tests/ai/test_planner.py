"""The planning player's contracts (issue 33): a legal answer in games of 1-4 players, the
same answer to the same position and seed (an undo cannot re-roll it, a restarted bot makes
the same move), and a decision bounded by counted work, not by the clock."""

from __future__ import annotations

import random

import pytest

import ai
from ai.plan import PlanBot, PlanBudget
from rules import SearchContext, apply, legal_actions, load_edition, new_game, pending_decision
from rules.bots import RandomBot

# Small enough for unit tests; every stage still runs (stage 3 over one more own turn).
SMALL = PlanBudget(sample=10, width=2, plans=2, horizon=1, worlds=2, follow=3, policy_width=1,
                   reply_follow=3)


def _game(players: int, seed: int):
    names = ["ann", "ben", "cem", "dan"][:players]
    if players == 1:
        return new_game(load_edition(), names, seed=seed, solo_level=1 + seed % 12)
    return new_game(load_edition(), names, seed=seed)


def _positions(players: int, seed: int, every: int = 9):
    """Positions of a seeded random game (every `every`-th decision with a choice)."""
    state = _game(players, seed)
    rng = RandomBot(seed)
    n = 0
    while (decision := pending_decision(state)) is not None:
        actions = legal_actions(state, decision.player)
        if len(actions) > 1:
            n += 1
            if n % every == 0:
                yield state, decision.player, actions
        state = apply(state, decision.player, rng.choose(state, decision.player))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_choice_is_a_legal_action(players):
    bot = PlanBot(SMALL, seed=players)
    looked = 0
    for state, player, actions in _positions(players, 40 + players, every=7 * players):
        assert bot.choose(state, player) in actions
        looked += 1
    assert looked >= 5


def test_the_same_position_and_seed_give_the_same_move():
    for state, player, _actions in list(_positions(2, 7, every=31))[:4]:
        first = PlanBot(SMALL, seed=5).choose(state, player)
        again = PlanBot(SMALL, seed=5).choose(state, player)  # a restarted bot
        assert first == again
        ranked = PlanBot(SMALL, seed=5).rank(state, player)
        assert ranked[0][0] == first


def test_a_decision_is_bounded_by_work(monkeypatch):
    """The counts bound the positions applied: stage 1 applies the sampled actions, each
    later stage a bounded number of turns; the clock is never read."""
    applied = []
    real = SearchContext.apply_listed

    def counting(self, state, player, action):
        applied.append(1)
        return real(self, state, player, action)

    monkeypatch.setattr(SearchContext, "apply_listed", counting)
    import time

    monkeypatch.setattr(time, "perf_counter", lambda: pytest.fail("the clock was read"))
    monkeypatch.setattr(time, "monotonic", lambda: pytest.fail("the clock was read"))
    tiny = PlanBudget(sample=6, width=2, plans=1, horizon=1, worlds=1, follow=2,
                      policy_width=1, reply_follow=2)
    for state, player, _actions in list(_positions(2, 11, every=17))[:3]:
        applied.clear()
        PlanBot(tiny, seed=1).choose(state, player)
        # stage 1: 6; each turn played on: at most 12 choices of (follow + deliveries) tries
        assert 0 < len(applied) < 6 + 2 * 12 * 40 + 1 * 3 * 60 * 40


def test_the_levels_are_planners_that_accept_the_old_budget_words():
    """`ai.bot(level, seed=..., **budget)`: the service's budgets (sample, width, follow,
    seconds, noise) still apply; seconds is accepted and never read."""
    bot = ai.bot("strong", seed=3, sample=2, width=0, follow=1, seconds=None, noise=0.0)
    state, player, actions = next(iter(_positions(2, 3, every=5)))
    assert bot.choose(state, player) in actions
    for level in ("normal", "strong"):
        assert isinstance(ai.bot(level), PlanBot)


def test_a_choice_does_not_depend_on_the_hidden_orders():
    """Two games that differ only in the bag and deck orders look the same to the player,
    so the planner answers them the same (it redraws the hidden orders itself)."""
    import dataclasses

    state, player, _actions = list(_positions(2, 19, every=29))[1]
    rng = random.Random(4)
    bag = list(state.bag)
    deck = list(state.deck)
    rng.shuffle(bag)
    rng.shuffle(deck)
    other = dataclasses.replace(state, bag=tuple(bag), deck=tuple(deck), seed=state.seed + 1)
    assert PlanBot(SMALL, seed=2).choose(state, player) == PlanBot(SMALL, seed=2).choose(
        other, player)


def test_the_list_offered_never_puts_a_move_above_one_it_projects_higher():
    """/hint offers the first option: no option below it was projected higher, whatever
    stage judged it (a shallower judgement that came out higher is lowered)."""
    for state, player, _actions in list(_positions(2, 23, every=19))[:4]:
        options = PlanBot(SMALL, seed=1).plan(state, player)
        values = [o.value for o in options]
        assert values == sorted(values, reverse=True)
        stages = [o.stage for o in options]
        assert stages == sorted(stages, reverse=True)  # deeper judgements first


def test_a_plan_names_the_players_next_turn():
    """Stage 3 keeps the next turn it judged the move with: the player's own actions, legal
    in turn (they were applied by the rules' fast path)."""
    state, player, _actions = list(_positions(1, 5, every=5))[2]
    best = PlanBot(SMALL, seed=1).plan(state, player)[0]
    assert best.stage == 3
    assert best.later and best.later[0]
