"""The frozen baseline: the computer players as they were before issue 33 (`ai/` at
main dea719c), kept unchanged so that every new player is measured against the same
opponent (bench/ai_bench.py, bench/ai_vs_autobot.py).

    from ai.baseline import bot
    action = bot("strong", seed=7).choose(state, "ann")

Do not tune or fix it: a change here changes every figure measured against it. It follows
the rules' public API only, so a change of that API is its only reason to be edited. (Issue
32 moved its simulations onto the rules' fast path, `rules.search.SearchContext`: the same
listings and states, proven equal to `rules.apply` by tests/rules/test_search_context.py and
the rules digest, so the same choices, at the speed it had when it was frozen.)
"""

from __future__ import annotations

import dataclasses

from ai.baseline.evaluate import DEFAULT, Weights, evaluate, player_value
from ai.baseline.search import Budget, SearchBot

# The budgets of dea719c. `seconds` was a clock limit; the benches pass `seconds=None` so
# that a figure does not depend on how loaded the machine was.
LEVELS: dict[str, Budget] = {
    "easy": Budget(sample=4, noise=10.0, follow=4, seconds=0.15),
    "normal": Budget(width=6, follow=12, kinds=True, seconds=1.0),
    "strong": Budget(width=12, replies=4, worlds=2, follow=16, kinds=True, seconds=1.5),
}


def bot(level: str, seed: int = 0, **budget: object) -> SearchBot:
    """The baseline player of `level`; keyword arguments override its budget."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
    chosen = dataclasses.replace(LEVELS[level], **budget)  # type: ignore[arg-type]
    return SearchBot(chosen, seed=seed, name=f"baseline-{level}")


__all__ = ["DEFAULT", "LEVELS", "Budget", "SearchBot", "Weights", "bot", "evaluate",
           "player_value"]
