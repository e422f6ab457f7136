"""The application layer, Discord-free (DESIGN §1): used by the console and the cogs.

    service = GameService(await GameStore.open(), clock=time.time, renderer=render_board)
    game = await service.create_game(CONSOLE, "ann", "ann", seats=3, seed=7)
    result = await service.act(game.id, "ann", "route hamburg-muenchen")
"""

from rules import RuleError, UnknownActionError
from store import Game, Player, Reminder, ReminderSettings

from .boards import BoardPool, render_board
from .core import CONSOLE, Place
from .errors import ServiceError, message
from .games import GameService
from .results import (
    AbandonResult,
    ActResult,
    Change,
    GameView,
    Legal,
    StartResult,
    TurnPost,
    UndoResult,
    VoteResult,
)

# The store's records and the rules' errors the adapters read, re-exported so that they
# import nothing from `store` or `rules` (the service's own types replace these here).
__all__ = [
    "CONSOLE", "AbandonResult", "ActResult", "BoardPool", "Change", "Game", "GameService",
    "GameView", "Legal", "Place", "Player", "Reminder", "ReminderSettings", "RuleError",
    "ServiceError", "StartResult", "TurnPost", "UndoResult", "UnknownActionError",
    "VoteResult", "message", "render_board",
]
