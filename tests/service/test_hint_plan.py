"""/hint says the planner's next turn in the player's words (issue 33, item 3)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import ai
from locales import translate
from rules import apply, legal_actions, load_edition, new_game, pending_decision
from service.hints import hint_reason, plan_words

EDITION = load_edition()


def _loaded_before_delivery():
    """A 2-player game where the deciding player can load at the orange depot, one section
    from the Netherlands (o1 built): a plan of load now, deliver next turn."""
    state = new_game(EDITION, ["ann", "ben"], 1)
    bot = ai.bot("easy", seed=1)
    while (decision := pending_decision(state)).kind != "main":
        state = apply(state, decision.player, bot.choose(state, decision.player))
    return replace(state, built=state.built | {"o1.1"}), decision.player


@pytest.mark.parametrize(("lang", "words", "delivers"), [
    ("en", "the plan for your next turn", "Netherlands"),
    ("de", "der Plan für deinen nächsten Zug", "Niederlande"),
    ("fr", "le plan pour votre prochain tour", "Pays-Bas"),
])
def test_the_plan_is_said_with_its_delivery(lang, words, delivers):
    state, who = _loaded_before_delivery()
    load = next(str(a) for a in legal_actions(state, who) if str(a).startswith("load d_orange"))
    said = plan_words(state, who, [[load, "move 1 o1.1 deliver"]], lang)
    assert said is not None
    assert said.startswith(words)
    assert delivers in said
    assert "planner." not in said  # every code translated


def test_no_plan_no_words():
    state, who = _loaded_before_delivery()
    assert plan_words(state, who, [], "de") is None
    action = str(legal_actions(state, who)[0])
    with_plan = hint_reason(state, who, action, 0.0, {}, "de", later=[["takeback"]])[1]
    without = hint_reason(state, who, action, 0.0, {}, "de")[1]
    told = translate(str(with_plan), "de", **with_plan.params)
    assert "der Plan für deinen nächsten Zug" in told
    assert "Plan" not in translate(str(without), "de", **without.params)
