"""Serving the pages: the aiohttp runner beside the bot (or the console) in one process."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from service import Companion, GameService
from service.settings import Settings

from .app import make_app

log = logging.getLogger("autobahn.web")


class WebServer:
    """The pages of one service's games on `host:port` (port 0: any free one). `start`
    tells the service where its links start, so turn cards, `/board` and the console
    can give them."""

    def __init__(self, service: GameService, host: str = "127.0.0.1", port: int = 0,
                 base_url: str | None = None, **options: Any) -> None:
        self.service, self.host, self.port = service, host, port
        self.base_url = base_url
        self.app = make_app(service, **options)
        self._runner: web.AppRunner | None = None

    async def start(self) -> str:
        """Listen, and return the base address of the links."""
        runner = web.AppRunner(self.app, access_log=None, shutdown_timeout=2.0)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port, reuse_address=True)
        await site.start()
        self._runner = runner
        bound = runner.addresses
        if bound:
            self.port = int(bound[0][1])
        if not self.base_url:
            host = self.host if self.host not in ("0.0.0.0", "::", "") else "localhost"
            host = f"[{host}]" if ":" in host else host
            self.base_url = f"http://{host}:{self.port}"
        self.service.set_web_base(self.base_url)
        log.info("web pages at %s", self.base_url)
        return self.base_url

    async def stop(self) -> None:
        self.service.set_web_base(None)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None


async def serve(service: GameService, host: str, port: int,
                base_url: str | None = None) -> WebServer:
    server = WebServer(service, host, port, base_url)
    await server.start()
    return server


def companion(settings: Settings) -> Companion:
    """The pages as a companion of the bot or the console (bot.py): started on the same
    service at WEB_HOST:WEB_PORT, stopped with it."""
    async def start(service: GameService) -> Callable[[], Awaitable[None]]:
        server = WebServer(service, settings.web_host, settings.web_port or 0,
                           settings.web_base_url)
        await server.start()
        return server.stop

    return start
