"""Fixtures for the service tests: each test has its own database, a fixed clock and a
fake renderer, so nothing depends on time, Pillow or another test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from service_testutil import PLAYERS, SEED, FixedClock, fake_png

from service import CONSOLE, GameService
from store import Game, GameStore


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock()


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[GameStore]:
    opened = await GameStore.open(tmp_path / "service.sqlite3")
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
async def service(store: GameStore, clock: FixedClock) -> AsyncIterator[GameService]:
    svc = GameService(store, clock=clock, renderer=fake_png)
    try:
        yield svc
    finally:
        svc.close()


@pytest.fixture
async def lobby(service: GameService) -> Game:
    game = await service.create_game(CONSOLE, PLAYERS[0], "Ann", seats=3, seed=SEED)
    for pid in PLAYERS[1:]:
        game = await service.join(game.id, pid, pid.title())
    return game


@pytest.fixture
async def running(service: GameService, lobby: Game) -> Game:
    started = await service.start(lobby.id, lobby.host_id)
    return started.game
