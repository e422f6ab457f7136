"""The backup schedule of the running bot: one guarded asyncio task, like the reminders.

Started in `setup_hook` only when `AUTOBAHN_BACKUP_DIR` is set; a failed backup is logged
and the next one still runs.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from cogs.loops import BackgroundLoop

if TYPE_CHECKING:
    from service import GameService

log = logging.getLogger("autobahn.discord.backups")


class BackupLoop(BackgroundLoop):
    name = "autobahn-backups"

    def __init__(self, service: GameService, folder: str | Path, every_s: float, keep: int) -> None:
        super().__init__()
        self.service = service
        self.folder = Path(folder)
        self.every_s = every_s
        self.keep = keep

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

    async def _run(self) -> None:
        while True:
            await self.run_once()
            await asyncio.sleep(self.every_s)
