"""Scheduled backups (DESIGN §3): SQLite's online backup API, never a file copy.

Each backup is one self-contained file named by its UTC time, so the newest sorts last and
old ones can be pruned by name; the game store keeps serving while it is written.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from .core import ServiceCore

PREFIX = "autobahn-"
INTERACTIONS_KEPT_S = 86_400.0  # Discord retries an interaction for 15 minutes at most
PRUNE_BATCH = 5_000


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

    async def prune_interactions(self, keep_s: float = INTERACTIONS_KEPT_S) -> int:
        """Forget the ids of interactions processed more than `keep_s` ago (they only
        guard against Discord's retries); returns how many went. In batches, each its own
        short transaction, so a large backlog never holds up a move."""
        older_than = self.clock() - keep_s
        removed = 0
        while True:
            batch = await self.store.prune_interactions(older_than, limit=PRUNE_BATCH)
            removed += batch
            if batch < PRUNE_BATCH:
                return removed
            await asyncio.sleep(0)
