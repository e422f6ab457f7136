"""Fixtures for the store tests: every test gets its own database under tmp_path."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from store_testutil import started_game

from store import Game, GameStore


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "test.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[GameStore]:
    opened = await GameStore.open(db_path)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
async def game(store: GameStore) -> Game:
    return await started_game(store)
