"""Scheduled backups (DESIGN §3): SQLite's online backup API, never a file copy.

Each backup is one self-contained file named by its UTC time, so the newest sorts last and
old ones can be pruned by name; the game store keeps serving while it is written.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from locales import Phrase
from store import BackupUnsupportedError

from .errors import BadOption, StorageFault
from .repository import GameRepository
from .validation import INT64_MAX, is_int, seconds, shown, text

PREFIX = "autobahn-"
INTERACTIONS_KEPT_S = 86_400.0  # Discord retries an interaction for 15 minutes at most
PRUNE_BATCH = 5_000


class Maintenance:
    def __init__(self, repo: GameRepository) -> None:
        self.repo = repo

    async def backup_now(self, folder: str | Path, keep: int) -> Path:
        """Write a backup into `folder` and delete all but the newest `keep` there."""
        if not isinstance(folder, str | Path) or not str(folder):
            raise BadOption(name="folder", value=shown(folder), expected=Phrase("expect.text"))
        text(str(folder), "folder", 1024)
        if not is_int(keep) or not 1 <= keep <= 10_000:
            raise BadOption(name="keep", value=shown(keep),
                            expected=Phrase("expect.range", low=1, high=10_000))
        try:
            return await self._backup(Path(folder), keep)
        except OSError as err:  # a folder that cannot be made or written
            raise StorageFault("cannot_open", path=shown(str(folder))) from err
        except BackupUnsupportedError:  # PostgreSQL: pg_dump's job (its URL is not shown)
            raise StorageFault("no_backup") from None

    async def _backup(self, target: Path, keep: int) -> Path:
        if not target.is_dir():
            target.mkdir(mode=0o700, parents=True, exist_ok=True)
            target.chmod(0o700)  # mkdir's mode is narrowed by the umask, never widened
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(self.repo.clock()))
        written = await self.repo.store.backup(target / f"{PREFIX}{stamp}.sqlite3")
        backups = sorted(target.glob(f"{PREFIX}*.sqlite3"))
        for old in backups[: max(0, len(backups) - max(1, keep))]:
            old.unlink(missing_ok=True)
        return written

    async def pack_finished(self) -> int:
        """Pack the games finished or abandoned since the last time (store/packing.py:
        their log and snapshot in one compressed row, read back the same) and refresh the
        planner's statistics; returns how many were packed. Each game is its own short
        transaction, so a backlog never holds up a move."""
        packed = 0
        while (batch := await self.repo.store.pack_finished()) > 0:
            packed += batch
            await asyncio.sleep(0)
        await self.repo.store.tidy()
        return packed

    async def prune_interactions(self, keep_s: float = INTERACTIONS_KEPT_S) -> int:
        """Forget the ids of interactions processed more than `keep_s` ago (they only
        guard against Discord's retries); returns how many went. In batches, each its own
        short transaction, so a large backlog never holds up a move."""
        seconds(keep_s, "keep", float(INT64_MAX))
        older_than = self.repo.clock() - keep_s
        removed = 0
        while True:
            batch = await self.repo.store.prune_interactions(older_than, limit=PRUNE_BATCH)
            removed += batch
            if batch < PRUNE_BATCH:
                return removed
            await asyncio.sleep(0)
