"""The names of the turn machine: phases of the game, steps of a turn, kinds of decision.

Literal types: the type checker refuses a misspelt step, a stored state and the log keep
their plain words, and comparing them costs what comparing strings does (an enum
member's lookup cost ten times that in the engine's inner loops, Python 3.11).
"""

from __future__ import annotations

from typing import Literal, get_args

Phase = Literal[
    "draft",  # the route cards (RULES §4.7)
    "play",  # the eras
    "final",  # every player once more after the last era (RULES §10.3)
    "scoring",  # pending promotions resolved before the final scoring
    "over",
]

# Where the active player's turn is. A state rests only at "bonus", "main", "move" and
# "autobot" (or with a decision in the queue); the others are passed through.
Step = Literal[
    "start",
    "bonus",  # phase 1: claim a delivery bonus
    "main",  # phase 2: the main action
    "move",  # phase 3: move trucks
    "end",
    "era_end",  # the era's end effects are queued, then the next turn
    "autobot",  # the Autobot's whole turn, one action (SOLO.md §4)
]

# What a pending decision asks for (`rules.decisions.RULES` has one rule for each).
Kind = Literal["route", "bonus", "main", "move", "promote", "pick", "slot", "key", "extra",
               "autobot"]

PHASES: tuple[Phase, ...] = get_args(Phase)
STEPS: tuple[Step, ...] = get_args(Step)
KINDS: tuple[Kind, ...] = get_args(Kind)
