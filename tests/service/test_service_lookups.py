"""The small reads the adapters use instead of reaching into the store: the game row,
who decides now, and the latest action."""

from __future__ import annotations

import pytest

from service import GameService
from service.errors import GameNotStarted, GameOver, UnknownGame
from store import Game


async def test_game_deciding_and_last_action(service: GameService, lobby: Game) -> None:
    assert (await service.game(lobby.id)).players == lobby.players
    with pytest.raises(UnknownGame):
        await service.game(999)
    with pytest.raises(GameNotStarted):
        await service.deciding(lobby.id)
    assert await service.last_action(lobby.id) is None
    started = await service.start(lobby.id, lobby.host_id)
    player = await service.deciding(lobby.id)
    assert player == started.first_player
    legal = await service.legal(lobby.id)
    await service.act(lobby.id, player, legal.actions[0])
    last = await service.last_action(lobby.id)
    assert last is not None and (last.seq, last.player_id) == (1, player)
    assert last.notation == legal.actions[0]
    await service.abandon(lobby.id, lobby.host_id)
    with pytest.raises(GameOver):
        await service.deciding(lobby.id)
