"""The names of the turn machine: phases of the game, steps of a turn, kinds of decision.

String enums, so a stored state and the log keep their plain words ("play", "main") and
compare equal to them, while the code names a step the type checker knows.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    DRAFT = "draft"  # the route cards (RULES §4.7)
    PLAY = "play"  # the eras
    FINAL = "final"  # every player once more after the last era (RULES §10.3)
    SCORING = "scoring"  # pending promotions resolved before the final scoring
    OVER = "over"


class Step(StrEnum):
    """Where the active player's turn is. A state rests only at BONUS, MAIN, MOVE and
    AUTOBOT (or with a decision in the queue); the others are passed through."""

    START = "start"
    BONUS = "bonus"  # phase 1: claim a delivery bonus
    MAIN = "main"  # phase 2: the main action
    MOVE = "move"  # phase 3: move trucks
    END = "end"
    ERA_END = "era_end"  # the era's end effects are queued, then the next turn
    AUTOBOT = "autobot"  # the Autobot's whole turn, one action (SOLO.md §4)


class Kind(StrEnum):
    """What a pending decision asks for (`rules.decisions.RULES` has one rule for each)."""

    ROUTE = "route"
    BONUS = "bonus"
    MAIN = "main"
    MOVE = "move"
    PROMOTE = "promote"
    PICK = "pick"
    SLOT = "slot"
    KEY = "key"
    EXTRA = "extra"
    AUTOBOT = "autobot"
