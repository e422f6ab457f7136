"""Computer players for empty seats, stalled seats and hints (issue 16).

    from ai import bot
    action = bot("strong", seed=7).choose(state, "ann")

Three levels, all `Bot`s in the sense of `rules/bots.py`. The AI reads only what a player at
the table sees (ai.view) and uses only the public rules API; unlike `rules/` it may use the
clock and its own randomness.
"""

from __future__ import annotations

import dataclasses

from ai.evaluate import DEFAULT, Weights, evaluate, player_value
from ai.search import Budget, SearchBot

# easy: judges four actions by their immediate effect, with errors of up to ten points;
# normal: every action, the best six played to the end of the turn;
# strong: the best twelve to the end of the turn, the best four of those through the other
# players' replies in two worlds. Figures: bench/RESULTS.md.
LEVELS: dict[str, Budget] = {
    "easy": Budget(sample=4, noise=10.0, follow=4, seconds=0.15),
    "normal": Budget(width=6, follow=12, kinds=True, seconds=1.0),
    "strong": Budget(width=12, replies=4, worlds=2, follow=16, kinds=True, seconds=1.5),
}


def bot(level: str, seed: int = 0, **budget: object) -> SearchBot:
    """A computer player of `level`; keyword arguments override its budget (tests use tiny
    ones, and `seconds=None` to be independent of the clock)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
    chosen = dataclasses.replace(LEVELS[level], **budget)  # type: ignore[arg-type]
    return SearchBot(chosen, seed=seed, name=level)


__all__ = ["DEFAULT", "LEVELS", "Budget", "SearchBot", "Weights", "bot", "evaluate",
           "player_value"]
