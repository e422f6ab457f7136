"""Computer players for empty seats, stalled seats and hints (issues 16 and 33).

    from ai import bot
    action = bot("strong", seed=7).choose(state, "ann")

Three levels, all `Bot`s in the sense of `rules/bots.py`. The AI reads only what a player at
the table sees (ai.view) and uses only the public rules API. Every level is bounded by
counted work, never by the clock: a choice is a pure function of the public position and
the seed (ai.view.position_rng), so an undo cannot re-roll it and a restarted bot makes the
move it would have made.
"""

from __future__ import annotations

import dataclasses
from typing import Protocol

from ai.evaluate import DEFAULT, Weights, evaluate, player_value
from ai.plan import Option, PlanBot, PlanBudget
from ai.plan.weights import PLAN_WEIGHTS
from ai.search import Budget, SearchBot
from rules import Action, State


class Player(Protocol):
    """What every level offers: a choice, and the ranking `/hint` reads."""

    def choose(self, state: State, player: str) -> Action: ...

    def rank(self, state: State, player: str) -> list[tuple[Action, float]]: ...

    def plan(self, state: State, player: str) -> list[Option]: ...


# easy: judges four actions by their immediate effect, with errors of up to ten points (the
# turn-deep player of issue 16, a beginner beats it);
# normal: plans one more own turn ahead for its best candidates (ai.plan);
# strong: more candidates, played on in more worlds. Figures: bench/RESULTS.md, issue 33.
LEVELS: dict[str, Budget | PlanBudget] = {
    "easy": Budget(sample=4, noise=10.0, follow=4),
    "normal": PlanBudget(width=6, plans=3, horizon=1, worlds=1, policy_width=2),
    "strong": PlanBudget(width=8, plans=4, horizon=1, worlds=1, policy_width=3),
}


def bot(level: str, seed: int = 0, **budget: object) -> Player:
    """A computer player of `level`; keyword arguments override its budget (tests and the
    service's thinker use small ones)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
    base = LEVELS[level]
    if isinstance(base, PlanBudget):
        return PlanBot(dataclasses.replace(base, **budget),  # type: ignore[arg-type]
                       seed=seed, weights=PLAN_WEIGHTS, name=level)
    return SearchBot(dataclasses.replace(base, **budget),  # type: ignore[arg-type]
                     seed=seed, name=level)


__all__ = ["DEFAULT", "LEVELS", "Budget", "Option", "PlanBot", "PlanBudget", "Player", "SearchBot",
           "Weights", "bot", "evaluate", "player_value"]
