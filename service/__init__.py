"""The application layer, Discord-free (DESIGN §1): used by the console and the cogs.

    service = GameService(await GameStore.open(), clock=time.time, renderer=render_board)
    game = await service.create_game(CONSOLE, "ann", "ann", seats=3, seed=7)
    result = await service.act(game.id, "ann", "route hamburg-muenchen")
"""

from .errors import ServiceError, message
from .game_service import GameService
from .render_pool import BoardPool, render_board
from .repository import CONSOLE, Place
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

__all__ = [
    "CONSOLE", "AbandonResult", "ActResult", "BoardPool", "Change", "GameService", "GameView",
    "Legal", "Place", "ServiceError", "StartResult", "TurnPost", "UndoResult", "VoteResult",
    "message", "render_board",
]
