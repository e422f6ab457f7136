"""`/replay` per user: a few per window, one at a time (issue 11, item 9)."""

from __future__ import annotations

import asyncio

import pytest
from service_testutil import FixedClock, first_choice_game, record_of

from service import CONSOLE, GameService
from service.animation import REPLAY_WINDOW_S, REPLAYS_PER_WINDOW
from service.errors import ReplayLimited


async def test_replays_per_user_are_limited_per_window(service: GameService,
                                                       clock: FixedClock) -> None:
    game = await service.import_record(CONSOLE, "ann", record_of(first_choice_game()[:8]))
    for _ in range(REPLAYS_PER_WINDOW):
        assert await service.replay_animation(game.id, user_id="ann")
    with pytest.raises(ReplayLimited) as refused:
        await service.replay_animation(game.id, user_id="ann")
    assert refused.value.code == "replay_limited"
    assert 0 < refused.value.params["seconds"] <= REPLAY_WINDOW_S
    assert await service.replay_animation(game.id, user_id="ben")  # others are not held up
    clock.now += REPLAY_WINDOW_S
    assert await service.replay_animation(game.id, user_id="ann")  # the window moved on


async def test_one_replay_at_a_time_per_user(service: GameService) -> None:
    game = await service.import_record(CONSOLE, "ann", record_of(first_choice_game()[:8]))
    gate = asyncio.Event()
    animate = service.boards.animate

    async def slow(*args: object) -> bytes:
        await gate.wait()
        return await animate(*args)  # type: ignore[arg-type]

    service.boards.animate = slow  # type: ignore[method-assign]
    first = asyncio.create_task(service.replay_animation(game.id, user_id="ann"))
    for _ in range(500):  # until the first one is being drawn
        if "ann" in getattr(service, "_replaying", ()):
            break
        await asyncio.sleep(0.01)
    with pytest.raises(ReplayLimited):
        await service.replay_animation(game.id, user_id="ann")
    gate.set()
    assert await first
