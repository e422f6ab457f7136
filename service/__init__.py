"""The application layer, Discord-free (DESIGN §1): used by the console and the cogs.

    service = GameService(await GameStore.open(), clock=time.time, renderer=render_board)
    game = await service.create_game(CONSOLE, "ann", "ann", seats=3, seed=7)
    result = await service.act(game.id, "ann", "route hamburg-muenchen")
"""

from rules import RuleError, UnknownActionError

# GameStore and StoreError for the composition roots (bot.py, the runners), which open
# the store the service is given.
from store import GameStore, Player, Reminder, ReminderSettings, StoreError

from .errors import ServiceError, message
from .game_service import Companion, GameService
from .render_pool import BoardPool, render_board
from .repository import CONSOLE, Place
from .results import (
    AbandonResult,
    ActResult,
    Change,
    GameView,
    Legal,
    Seat,
    StartResult,
    Table,
    TurnPost,
    UndoResult,
    VoteResult,
    WebBoard,
)

# The store's records and the rules' errors the adapters read, re-exported so that they
# import nothing from `store` or `rules` (the service's own types replace these here).
__all__ = [
    "CONSOLE",
    "AbandonResult",
    "ActResult",
    "BoardPool",
    "Change",
    "Companion",
    "GameService",
    "GameStore",
    "GameView",
    "Legal",
    "Place",
    "Player",
    "Reminder",
    "ReminderSettings",
    "RuleError",
    "Seat",
    "ServiceError",
    "StartResult",
    "StoreError",
    "Table",
    "TurnPost",
    "UndoResult",
    "UnknownActionError",
    "VoteResult",
    "WebBoard",
    "message",
    "render_board",
]
