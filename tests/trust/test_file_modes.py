"""Issue 30 item 9: the database, its WAL and SHM files and backups are readable by their
owner only (0600), backup folders 0700: a game's seed and hidden cards are in them."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from service import GameService
from store import GameStore
from tests.service.service_testutil import FixedClock, fake_png


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def open_umask() -> object:
    """The usual umask 022 would give 0644 files: the store must not rely on the caller's."""
    old = os.umask(0o022)
    yield
    os.umask(old)


async def test_database_wal_shm_and_backups_are_private(
        tmp_path: Path, open_umask: object) -> None:
    path = tmp_path / "autobahn.sqlite3"
    store = await GameStore.open(path)
    service = GameService(store, clock=FixedClock(), renderer=fake_png)
    try:
        await store.create_game(host_id="ann", edition="c", edition_hash="h", seed=1)
        for name in ("autobahn.sqlite3", "autobahn.sqlite3-wal", "autobahn.sqlite3-shm"):
            assert mode(tmp_path / name) == 0o600, name
        folder = tmp_path / "backups" / "daily"
        written = await service.backup_now(folder, keep=3)
        assert mode(written) == 0o600
        assert mode(folder) == 0o700
    finally:
        service.close()
        await store.close()
