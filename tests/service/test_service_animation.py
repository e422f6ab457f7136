"""`/replay`: the whole game as one animated image, made from the log in one pass."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from service_testutil import first_choice_game, record_of

import render
from service import CONSOLE, GameService
from service.errors import GameNotStarted


async def test_replay_animation_has_a_frame_per_turn_of_the_game(service: GameService) -> None:
    log = first_choice_game()[:40]
    game = await service.import_record(CONSOLE, "ann", record_of(log))
    gif = await service.replay_animation(game.id, "de")
    image = Image.open(io.BytesIO(gif))
    assert image.format == "GIF" and image.n_frames > 1
    # Its frames are the map view of the board.
    last = render.board(await service.state_at(game.id), view="map", lang="de")
    assert Image.open(io.BytesIO(last)).size == image.size


async def test_replay_animation_of_a_game_in_the_lobby_is_refused(
        service: GameService) -> None:
    game = await service.create_game(CONSOLE, "zoe", "Zoe", seed=3)
    with pytest.raises(GameNotStarted):
        await service.replay_animation(game.id)
