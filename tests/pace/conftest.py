"""Fixtures of the pace tests (issue 35): a fake clock and a service on SQLite; a test
taking `db_target` (tests/conftest.py) runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
for folder in ("service",):
    if str(HERE.parent / folder) not in sys.path:
        sys.path.append(str(HERE.parent / folder))

from service_testutil import FixedClock, fake_png  # noqa: E402

from service import GameService  # noqa: E402
from service.computer import Thinker  # noqa: E402
from store import GameStore  # noqa: E402

FAST = {"sample": 2, "width": 0, "follow": 1, "seconds": None, "noise": 0.0}


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock()


@pytest.fixture
async def service(tmp_path: Path, clock: FixedClock) -> AsyncIterator[GameService]:
    """One service on a SQLite file, computers thinking in a thread with a tiny budget."""
    store = await GameStore.open(tmp_path / "pace.sqlite3", clock=clock)
    svc = GameService(store, clock=clock, renderer=fake_png)
    svc.use_thinker(Thinker(processes=False, budget=FAST, hint_budget=FAST))
    try:
        yield svc
    finally:
        svc.close()
        await store.close()
