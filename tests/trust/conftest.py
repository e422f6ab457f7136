"""Fixtures for the trust tests (issue 30): a service over a database of each backend
(`db_target`, tests/conftest.py), since what must hold across processes and writers must
hold on SQLite and on PostgreSQL alike."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from service import GameService
from store import GameStore
from tests.service.service_testutil import FixedClock, fake_png


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock()


@pytest.fixture
async def store(db_target: Path | str) -> AsyncIterator[GameStore]:
    opened = await GameStore.open(db_target)
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
