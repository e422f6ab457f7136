"""Scheduled backups (DESIGN §3): SQLite's online backup API, never a file copy.

Each backup is one self-contained file named by its UTC time, so the newest sorts last and
old ones can be pruned by name; the game store keeps serving while it is written.
"""

from __future__ import annotations

import time
from pathlib import Path

from .core import ServiceCore

PREFIX = "autobahn-"


class BackupsMixin(ServiceCore):
    async def backup_now(self, folder: str | Path, keep: int) -> Path:
        """Write a backup into `folder` and delete all but the newest `keep` there."""
        target = Path(folder)
        target.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(self.clock()))
        written = await self.store.backup(target / f"{PREFIX}{stamp}.sqlite3")
        backups = sorted(target.glob(f"{PREFIX}*.sqlite3"))
        for old in backups[: max(0, len(backups) - max(1, keep))]:
            old.unlink(missing_ok=True)
        return written
