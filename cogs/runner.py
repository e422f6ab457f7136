"""Start the Discord side: logging, the store and service, the bot (advanced_startup.py style).

`bot.py` calls `run_discord(settings)` when DISCORD_TOKEN is set and `--console` is not
given. Everything the bot depends on is built here and handed to it, so tests build the
same bot with a temporary database and a fake clock.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import signal
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import aiohttp
import discord
import discord.gateway
import discord.http

from cogs.settings import Settings
from service import Companion
from service.leases import process_owner

log = logging.getLogger("autobahn.discord")


class RedactFilter(logging.Filter):
    """Replaces the token wherever it would reach a log line (message, args, traceback).

    discord.py does not log the token itself; this guards against our own mistakes and
    against exception texts from libraries that echo request headers.
    """

    def __init__(self, *secrets: str) -> None:
        super().__init__()
        self.secrets = tuple(s for s in secrets if s and len(s) >= 8)

    def _clean(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, "[token]")
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.secrets:
            return True
        record.msg = self._clean(record.getMessage())
        record.args = None
        if record.exc_info and record.exc_info[1] is not None:
            # Format the traceback now, cleaned; the handler then uses exc_text as is.
            record.exc_text = self._clean(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        return True


def setup_logging(settings: Settings) -> None:
    root = logging.getLogger()
    if not root.handlers:  # bot.py may have configured logging already; add no duplicate
        discord.utils.setup_logging(level=getattr(logging, settings.log_level or "INFO",
                                                    logging.INFO),
                                    root=True)
    redact = RedactFilter(settings.token)
    for handler in logging.getLogger().handlers:
        handler.addFilter(redact)


def apply_api_base(settings: Settings) -> None:
    """Point discord.py at the loopback test Discord (tests/e2e/README.md) if asked.

    `Route.BASE` is read on every REST request (interaction callbacks included); a plain
    `commands.Bot` never asks `GET /gateway/bot`, so the gateway URL is set on its own.
    Unset: nothing changes.
    """
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base
        log.info("REST API base: %s", settings.api_base)
    if settings.gateway_url:
        import yarl

        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)
        log.info("gateway: %s", settings.gateway_url)


async def build_service(settings: Settings) -> tuple[Any, Any]:
    """The store at settings.db_path and the service over it (which owns rules and
    render). Both are returned: whoever opened the store closes it, and the adapter
    talks only to the service."""
    from service import BoardPool, GameService, GameStore
    from service.editions import Editions

    store = await GameStore.open(settings.db_path)
    # A turn is posted as a card a phone reads (cogs.cards); /board view:full stays.
    return GameService(store, turn_view="card", lease_owner=lease_owner(settings),
                       lease_ttl_s=settings.lease_ttl_s,
                       renderer=BoardPool(workers=settings.render_workers),
                       editions=Editions(settings.editions_dir)), store


def lease_owner(settings: Settings) -> str:
    """This process's name on its leases: the process (host, pid and a random part,
    `service.leases.process_owner`), then the shards it connects, which operators read.
    Never the settings alone: two processes started with the same shards would share one
    name and both do the once-only work (reminders sent twice)."""
    shards = settings.shards
    which = "all" if shards.ids is None else ",".join(map(str, shards.ids))
    return f"{process_owner()}/shards {which} of {shards.count or 'auto'}"


def stop_on_sigterm(loop: asyncio.AbstractEventLoop, bot: discord.Client) -> None:
    """SIGTERM (a service manager stopping us) closes the Discord session and the store
    cleanly instead of killing the process mid-write; every move is already committed."""
    def close() -> None:
        log.info("SIGTERM: closing the Discord session")
        loop.create_task(bot.close())

    with contextlib.suppress(NotImplementedError, RuntimeError):  # not on every platform
        loop.add_signal_handler(signal.SIGTERM, close)


async def start_discord(settings: Settings, companions: Sequence[Companion] = ()) -> None:
    """The bot, and beside it on the same service each of `companions` (bot.py passes
    the web pages when WEB_PORT is set)."""
    from cogs.client import AutobahnBot

    apply_api_base(settings)
    service, store = await build_service(settings)
    stops: list[Callable[[], Awaitable[None]]] = []
    try:
        for companion in companions:
            stops.append(await companion(service))
        async with AutobahnBot(service=service, settings=settings) as bot:
            stop_on_sigterm(asyncio.get_running_loop(), bot)
            await bot.start(settings.token)
    finally:
        for stop in reversed(stops):
            await stop()
        service.close()  # the render pool
        await store.close()


def run_discord(settings: Settings | None = None, *, sync_global: bool = False,
                companions: Sequence[Companion] = ()) -> int:
    """Blocking entry point for bot.py; returns the process exit code."""
    if not isinstance(settings, Settings):
        settings = Settings.load(sync_global=sync_global)
    if sync_global and not settings.sync_global:
        settings = dataclasses.replace(settings, sync_global=True)
    setup_logging(settings)
    if not settings.token:
        log.error("DISCORD_TOKEN is not set; use --console to play locally")
        return 2
    try:
        asyncio.run(start_discord(settings, companions))
    except KeyboardInterrupt:
        return 0
    except discord.LoginFailure:
        log.error("Discord refused the token (LoginFailure); check DISCORD_TOKEN")
        return 1
    except (OSError, aiohttp.ClientError, discord.HTTPException) as error:
        # No traceback: it would say nothing more, and a library's text could hold secrets.
        log.error("could not reach Discord (%s); is the network up?", type(error).__name__)
        return 1
    return 0
