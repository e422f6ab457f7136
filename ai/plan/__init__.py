"""The planning player (issue 33): it judges a move by playing its own next turns.

`ai.search.SearchBot` looks to the end of its own turn; a delivery takes a load, then the
right colour of card a turn or two later, and money scores only once it is turned into
points before the end. `PlanBot` (ai.plan.search) plays each of its best candidates on
through the other players' turns and its own next turns, with a fast turn policy, and
judges the position it reaches.
"""

from __future__ import annotations

from ai.plan.search import Option, PlanBot, PlanBudget

__all__ = ["Option", "PlanBot", "PlanBudget"]
