"""Fixtures that tests of more than one layer share.

`backend` and `db_target`: a test that takes `db_target` runs twice, on a SQLite file under
tmp_path and on a PostgreSQL schema of its own (a real server: $AUTOBAHN_TEST_POSTGRES or
a throwaway cluster, see tests/store/pg_cluster.py), one server per test process. Without
a server the PostgreSQL half is skipped with the reason, unless CI_REQUIRE_POSTGRES=1,
where it fails. `@pytest.mark.sqlite_only` keeps a test about SQLite's files and pragmas
to the SQLite half.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules.model import Edition
from rules.registry import register_edition
from tests.rules.test_edition import load_changed
from tests.store.pg_cluster import ENV_REQUIRE, ENV_URL, Server, Unavailable, local_cluster


@pytest.fixture(scope="session")
def reloading(tmp_path_factory: pytest.TempPathFactory) -> Edition:
    """The classic edition read with `[trucks] load = "reload"` (RULES §7.3), whatever the
    classic file says: the reload tests keep their reading when the classic changes."""
    path: Path = tmp_path_factory.mktemp("reload")
    return register_edition(load_changed(path, ("trucks.load", "reload")))


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
