"""Scheduled backups: a self-contained copy through SQLite's backup API, old ones pruned."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from service_testutil import FixedClock

from service import GameService
from store import Game


async def test_a_backup_holds_every_game_and_only_the_newest_are_kept(
        service: GameService, running: Game, clock: FixedClock, tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    written = []
    for _ in range(4):
        written.append(await service.backup_now(folder, keep=2))
        clock.now += 3600
    assert sorted(folder.glob("*.sqlite3")) == written[-2:]
    with sqlite3.connect(written[-1]) as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        (count,) = copy.execute("SELECT count(*) FROM games WHERE id = ?",
                                (running.id,)).fetchone()
    assert count == 1
