"""Live updates: one watcher per game with open pages, however many pages are open.

A page holds a server-sent event stream; the stream waits on its game's `Watch`, which
wakes every waiter when the game's version changes. The version is learnt two ways: this
process's own commits tell the hub at once (`GameService.on_game_changed`), and while a
game has watchers one task per game polls its row every `poll_s` (a move made by another
bot process sharing the database, an abandon). So 200 pages on one game cost one poll,
not 200, and a game nobody watches costs nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from service import GameService, ServiceError

log = logging.getLogger("autobahn.web")


@dataclass(slots=True)
class Watch:
    version: int
    moves: int
    status: str
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    watchers: int = 0
    poller: asyncio.Task[None] | None = None


class Hub:
    def __init__(self, service: GameService, poll_s: float = 2.0) -> None:
        self.service = service
        self.poll_s = poll_s
        self.watches: dict[int, Watch] = {}
        self.closed = False
        service.on_game_changed(self._committed)

    def _committed(self, game: Any, _next_player: str | None) -> None:
        self.update(game.id, game.version, game.action_count, game.status)

    def update(self, game_id: int, version: int, moves: int, status: str) -> None:
        """Wake every page of the game when its version moved on."""
        watch = self.watches.get(game_id)
        if watch is None or version == watch.version:
            return
        watch.version, watch.moves, watch.status = version, moves, status
        watch.changed.set()
        watch.changed = asyncio.Event()  # later waiters wait for the next change

    async def follow(self, game_id: int, version: int, moves: int,
                     status: str) -> AsyncIterator[Watch | None]:
        """Yield the game's watch now and at every change; None every heartbeat period
        without one (`heartbeat_s`), so a dead connection is found by the write."""
        watch = self.watches.get(game_id)
        if watch is None:
            watch = self.watches[game_id] = Watch(version, moves, status)
        watch.watchers += 1
        if watch.poller is None:
            watch.poller = asyncio.create_task(self._poll(game_id))
        try:
            yield watch
            while True:
                waiting = watch.changed
                try:
                    await asyncio.wait_for(waiting.wait(), self.heartbeat_s)
                except TimeoutError:
                    yield None
                    continue
                if self.closed:  # the server stops: end the stream, the page comes back
                    return
                yield watch
        finally:
            watch.watchers -= 1
            if watch.watchers == 0:
                self.watches.pop(game_id, None)
                if watch.poller is not None:
                    watch.poller.cancel()

    heartbeat_s = 20.0

    async def _poll(self, game_id: int) -> None:
        while True:
            await asyncio.sleep(self.poll_s)
            try:
                game = await self.service.game(game_id)
            except ServiceError:
                continue  # gone or busy: the next round tries again
            except Exception:
                log.exception("could not poll game %s", game_id)
                continue
            self.update(game_id, game.version, game.action_count, game.status)

    async def close(self) -> None:
        """End every stream (their pages reconnect to the next server) and every poll."""
        self.closed = True
        for watch in list(self.watches.values()):
            watch.changed.set()
            if watch.poller is not None:
                watch.poller.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await watch.poller
        self.watches.clear()
