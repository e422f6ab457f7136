"""Fixtures for the store tests: every test gets its own database, on each backend.

A test that takes `store`, `game` or `db_target` runs twice: on a SQLite file under
tmp_path and on a PostgreSQL schema of its own (a real server: $AUTOBAHN_TEST_POSTGRES or
a throwaway cluster, see pg_cluster.py). Without a server the PostgreSQL half is skipped
with the reason, unless CI_REQUIRE_POSTGRES=1, where it fails. `@pytest.mark.sqlite_only`
keeps a test about SQLite's files and pragmas to the SQLite half; `db_path` is always a
SQLite file.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from pg_cluster import ENV_REQUIRE, ENV_URL, Server, Unavailable, local_cluster
from store_testutil import started_game

from store import Game, GameStore

BACKENDS = ("sqlite", "postgresql")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        only = metafunc.definition.get_closest_marker("sqlite_only")
        metafunc.parametrize("backend", ["sqlite"] if only else list(BACKENDS))


def _unavailable(reason: str) -> None:
    if os.environ.get(ENV_REQUIRE) == "1":
        pytest.fail(f"PostgreSQL is required here ({ENV_REQUIRE}=1) but {reason}")
    pytest.skip(f"no PostgreSQL server: {reason}")


@pytest.fixture(scope="session")
def pg_server(worker_id: str) -> Iterator[Server]:
    """A database of its own for this test process (xdist worker) on a real server."""
    database = f"autobahn_test_{worker_id}_{os.getpid()}".lower()
    given = os.environ.get(ENV_URL)
    if given:
        try:
            server = Server(given, database)
        except Exception as exc:  # a wrong URL or a stopped server: say which
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
def pg_url(pg_server: Server) -> str:
    """An empty PostgreSQL schema of this test's own."""
    return pg_server.fresh()


@pytest.fixture
def db_target(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Path | str:
    """What GameStore.open takes for this test's database on `backend`."""
    if backend == "sqlite":
        return tmp_path / "test.sqlite3"
    url: str = request.getfixturevalue("pg_url")
    return url


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
