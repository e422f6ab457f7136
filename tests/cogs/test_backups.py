"""The bot's backup schedule: settings from the environment, a loop that never dies."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from cogs.backups import BackupLoop
from cogs.settings import Settings


def test_backups_are_off_unless_a_folder_is_set() -> None:
    assert Settings.load(env={}, dotenv=None).backup_dir is None
    settings = Settings.load(env={"AUTOBAHN_BACKUP_DIR": "/var/backups/autobahn",
                                  "AUTOBAHN_BACKUP_HOURS": "6", "AUTOBAHN_BACKUP_KEEP": "3"},
                             dotenv=None)
    assert (settings.backup_dir, settings.backup_every_s, settings.backup_keep) == (
        "/var/backups/autobahn", 6 * 3600.0, 3)


async def test_a_failed_backup_is_logged_and_the_loop_goes_on(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    calls: list[tuple[Path, int]] = []

    class Service:
        async def backup_now(self, folder: Path, keep: int) -> Path:
            calls.append((folder, keep))
            if len(calls) == 1:
                raise OSError("disk full")
            return folder / "autobahn-1.sqlite3"

    loop = BackupLoop(Service(), tmp_path, every_s=3600, keep=5)
    with caplog.at_level(logging.ERROR, logger="autobahn.discord.backups"):
        assert await loop.run_once() is None
    assert "backup to" in caplog.records[0].getMessage()
    assert await loop.run_once() == tmp_path / "autobahn-1.sqlite3"
    assert calls == [(tmp_path, 5), (tmp_path, 5)]
