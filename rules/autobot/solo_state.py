"""The Autobot's part of the game state (SOLO.md §15), JSON-serialisable like the rest.

Its pieces that the base game already models (employees, seats, stations, trucks, the
development token, delivery tokens) live in its ordinary `Player`; this holds the rest.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SoloState:
    level: int
    board: str  # "easy" or "hard"
    colour_pile: tuple[str, ...]  # top first; ids: "solo_<colour>", "solo_era3" or a card id
    colour_used: tuple[str, ...]
    task_pile: tuple[str, ...]  # top first
    task_queue: tuple[str, ...]  # highest order value first (T-4)
    task_used: tuple[str, ...]
    task_reserve: tuple[str, ...]  # the B cards not yet taken (T-3)
    destinations: tuple[str, ...]  # per truck: its destination country, "" when off the map
    slots_filled: int = 0  # bonus tiles laid on the solo board (SB-2)
    card: str = ""  # the colour card of the bot's last turn
    colour: str = ""  # the current colour of its last turn (SBB-7)
    task: str = ""  # the task card carried out in its last turn
