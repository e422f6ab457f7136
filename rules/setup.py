"""Setting up a new game (RULES §4, SOLO.md §1): the table's setup or the solo one.

The solo setup builds on the table's, so both live below this module, which only chooses
between them.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.autobot.setup import new_solo_game
from rules.model import Edition
from rules.state import State
from rules.table_setup import table_game


def new_game(edition: Edition, players: Sequence[str], seed: int,
             solo_level: int | None = None) -> State:
    """A new game for `players` (in seat order), everything random drawn from `seed`.

    With `solo_level` (1–12), one human plays against the Autobot (SOLO.md), which joins
    as the start player. The state returned waits for the first decision: the route draft.
    """
    if solo_level is not None:
        return new_solo_game(edition, players, seed, solo_level)
    return table_game(edition, players, seed)
