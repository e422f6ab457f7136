"""Fixtures of the pace tests (issue 35): a fake clock, and services over a database on
each backend (SQLite, PostgreSQL: the store suite's throwaway cluster or
$AUTOBAHN_TEST_POSTGRES). A test taking `db_target` runs on both."""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
for folder in ("service", "store"):
    if str(HERE.parent / folder) not in sys.path:
        sys.path.append(str(HERE.parent / folder))

from pg_cluster import ENV_REQUIRE, ENV_URL, Server, Unavailable, local_cluster  # noqa: E402
from service_testutil import FixedClock, fake_png  # noqa: E402

from service import GameService  # noqa: E402
from service.computer import Thinker  # noqa: E402
from store import GameStore  # noqa: E402

BACKENDS = ("sqlite", "postgresql")
FAST = {"sample": 2, "width": 0, "follow": 1, "seconds": None, "noise": 0.0}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", list(BACKENDS))


def _unavailable(reason: str) -> None:
    if os.environ.get(ENV_REQUIRE) == "1":
        pytest.fail(f"PostgreSQL is required here ({ENV_REQUIRE}=1) but {reason}")
    pytest.skip(f"no PostgreSQL server: {reason}")


@pytest.fixture(scope="session")
def pace_pg(worker_id: str) -> Iterator[Server]:
    database = f"autobahn_pace_{worker_id}_{os.getpid()}".lower()
    given = os.environ.get(ENV_URL)
    if given:
        try:
            server = Server(given, database)
        except Exception as exc:
            _unavailable(f"{ENV_URL}={given} cannot be used: {exc}")
        yield server
        server.close()
        return
    try:
        with local_cluster() as url:
            server = Server(url, database)
            yield server
            server.close()
    except Unavailable as exc:
        _unavailable(str(exc))


@pytest.fixture
def db_target(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Path | str:
    if backend == "sqlite":
        return tmp_path / "pace.sqlite3"
    server: Server = request.getfixturevalue("pace_pg")
    return server.fresh()


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
