"""The bot's background loops: plain asyncio tasks, started in `setup_hook`.

Not `discord.ext.tasks.loop`: that stops for good on an unexpected exception, and these
must survive any one failure (each subclass guards its own iterations).
"""

from __future__ import annotations

import asyncio
import contextlib


class BackgroundLoop:
    name = "autobahn-loop"

    def __init__(self) -> None:
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name=self.name)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        raise NotImplementedError
