"""The backup schedule of the running bot: one guarded asyncio task, like the reminders.

Started in `setup_hook` only when `AUTOBAHN_BACKUP_DIR` is set; a failed backup is logged
and the next one still runs. With several bot processes only the holder of the backups
lease (service/leases.py) writes them: it backs up when it takes the lease (at its start,
or taking over from a process that died) and then every `every_s` while it holds it.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from cogs.loops import BackgroundLoop

if TYPE_CHECKING:
    from service import GameService
    from service.leases import Lease

log = logging.getLogger("autobahn.discord.backups")


class BackupLoop(BackgroundLoop):
    name = "autobahn-backups"

    def __init__(self, service: GameService, folder: str | Path, every_s: float, keep: int,
                 *, lease: Lease | None = None) -> None:
        super().__init__()
        self.service = service
        self.folder = Path(folder)
        self.every_s = every_s
        self.keep = keep
        self.lease = lease  # None: always this process (one bot, or a test)
        self._next: float | None = None  # when this holder's next backup is due

    async def run_once(self) -> Path | None:
        try:
            written = await self.service.backup_now(self.folder, self.keep)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("backup to %s failed; the next one is in %.0f s",
                          self.folder, self.every_s)
            return None
        log.info("backup written: %s", written)
        return written

    async def step(self) -> Path | None:
        """Back up if this process holds the lease and a backup is due; else nothing."""
        if self.lease is not None and not await self.lease.hold():
            self._next = None  # another process has the schedule; ours restarts on taking it
            return None
        now = self.service.clock()
        if self._next is not None and now < self._next:
            return None
        self._next = now + self.every_s
        return await self.run_once()

    def _pause(self) -> float:
        if self.lease is None:
            return self.every_s
        # Often enough to keep the lease renewed (and notice a dead holder's expiry).
        return min(self.every_s, self.lease.ttl / 3)

    async def _run(self) -> None:
        while True:
            try:
                await self.step()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("backup schedule iteration failed; the loop goes on")
            await asyncio.sleep(self._pause())
