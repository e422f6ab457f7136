"""Fixtures for the store tests: every test gets its own database, on each backend.

A test that takes `store`, `game` or `db_target` runs twice, on SQLite and on PostgreSQL
(`backend`, `db_target` and the server are in tests/conftest.py, shared with the other
layers' tests that must hold on both). `db_path` is always a SQLite file.
"""

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
async def store(db_target: Path | str) -> AsyncIterator[GameStore]:
    opened = await GameStore.open(db_target)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
async def game(store: GameStore) -> Game:
    return await started_game(store)
