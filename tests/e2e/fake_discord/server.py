"""`FakeDiscord`: the loopback Discord a test starts, points a bot at, and drives.

    async with FakeDiscord() as fd:
        # the bot process gets DISCORD_API_BASE=fd.base_url, DISCORD_GATEWAY_URL=fd.gateway_url
        await fd.wait_connected()
        sent = await fd.send_slash(fd.world.user_named("ann"), "ping", {}, locale="de")
        await sent.wait_ack()
        assert sent.ack_seconds < 3

The server binds 127.0.0.1 on a free port (port 0), so tests run in parallel safely.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Any, Self, TypeVar

from aiohttp import web

from .faults import Faults
from .gateway import Gateway
from .messages import Messages
from .payloads import Channel, Guild, User, interaction_payload, message_payload, snowflake
from .recorder import Recorder
from .rest import API_PREFIX, Rest
from .world import InteractionRecord, StoredMessage, World

DEFAULT_TOKEN = "fake.bot.token"
T = TypeVar("T")


class SentInteraction:
    """Handle on one dispatched interaction: wait for its acknowledgement, read its timing."""

    def __init__(self, fd: FakeDiscord, record: InteractionRecord, seq: int) -> None:
        self.fd = fd
        self.record = record
        self.seq = seq  # the gateway sequence number it was dispatched with

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def ack_seconds(self) -> float | None:
        return self.record.ack_seconds

    @property
    def callback(self) -> dict[str, Any] | None:
        return self.record.callbacks[0] if self.record.callbacks else None

    async def wait_ack(self, timeout: float = 5.0) -> dict[str, Any]:
        """The first accepted callback body ({"type": 5, ...}), once it arrives."""
        await self.fd.recorder.wait_for(lambda _: self.record.callbacks, timeout)
        return self.record.callbacks[0]

    def original(self) -> StoredMessage | None:
        mid = self.record.original_message_id
        return None if mid is None else self.fd.world.messages.get(mid)


class FakeDiscord:
    def __init__(
        self,
        *,
        token: str = DEFAULT_TOKEN,
        heartbeat_interval_ms: int = 1000,
        ack_deadline: float = 3.0,
    ) -> None:
        self.token = token
        self.world = World(token)
        self.world.ack_deadline = ack_deadline
        self.recorder = Recorder()
        self.faults = Faults()
        self.gateway = Gateway(self.world, self.recorder, heartbeat_interval_ms)
        self.rest = Rest(self.world, self.recorder, self.faults, self.gateway)
        self.messages = Messages(self.world, self.gateway, origin="")
        self._runner: web.AppRunner | None = None
        self.port = 0

    # lifecycle -------------------------------------------------------------------------------

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def base_url(self) -> str:
        """What the bot puts in discord.http.Route.BASE (env DISCORD_API_BASE)."""
        return self.origin + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """What the bot puts in DiscordWebSocket.DEFAULT_GATEWAY (env DISCORD_GATEWAY_URL)."""
        return self.gateway.url

    async def start(self) -> None:
        app = web.Application(middlewares=[self.rest.middleware], client_max_size=64 * 2**20)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/resume", self.gateway.handle)
        self.rest.add_routes(app)
        self.messages.add_routes(app)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.gateway.url = f"ws://127.0.0.1:{self.port}/gateway"
        self.messages.origin = self.origin

    async def stop(self) -> None:
        await self.gateway.shutdown()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(self, exc_type: object, exc: object, tb: object) -> None:
        await self.stop()
        errors = self.rest.errors + self.gateway.errors
        if exc_type is None and errors:
            raise AssertionError("the fake Discord itself failed:\n" + "\n".join(errors))

    # gateway state ---------------------------------------------------------------------------

    async def wait_connected(self, timeout: float = 10.0) -> None:
        """Until a client identified and got READY plus its GUILD_CREATEs."""

        def ready(rec: Recorder) -> bool:
            session = self.gateway.session
            return bool(session and session.connection and session.ready_sent)

        await self.recorder.wait_for(ready, timeout)

    async def reconnect(self) -> None:
        """Send op 7 RECONNECT; discord.py reconnects to resume_gateway_url and RESUMEs."""
        await self.gateway.reconnect()

    async def close_gateway(self, code: int = 4000) -> None:
        await self.gateway.close(code)

    @contextlib.asynccontextmanager
    async def gateway_held(self) -> AsyncIterator[None]:
        """New gateway connections wait (before HELLO) inside this block, so dispatches made
        here reach the client only through the RESUME replay."""
        self.gateway.accepting.clear()
        try:
            yield
        finally:
            self.gateway.accepting.set()

    # interactions ----------------------------------------------------------------------------

    def _where(self, channel: Channel | None) -> tuple[Channel, Guild | None]:
        channel = channel or self.world.channel
        guild = self.world.guilds.get(channel.guild_id) if channel.guild_id else None
        return channel, guild

    async def _dispatch_interaction(
        self,
        kind: int,
        user: User,
        channel: Channel | None,
        data: dict[str, Any],
        locale: str | None,
        message: StoredMessage | None = None,
    ) -> SentInteraction:
        channel, guild = self._where(channel)
        record = self.world.new_interaction(kind, user, channel)
        record.payload = interaction_payload(
            interaction_id=record.id,
            token=record.token,
            kind=kind,
            application_id=self.world.application_id,
            data=data,
            user=user,
            channel=channel,
            guild=guild,
            users=self.world.users,
            locale=locale or user.locale,
            message=None if message is None else message.payload,
        )
        if message is not None:
            record.message_id = int(message.payload["id"])
        if self.gateway.session is None:
            raise RuntimeError("no gateway session: is the bot connected?")
        seq = await self.gateway.dispatch("INTERACTION_CREATE", record.payload)
        return SentInteraction(self, record, seq)

    async def send_slash(
        self,
        user: User,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        locale: str | None = None,
        channel: Channel | None = None,
    ) -> SentInteraction:
        """A user runs `/name` (subcommands as "game new") with these option values; the
        command must have been synced, and its registered schema types the options."""
        channel_, guild = self._where(channel)
        data = self.world.command_data(name, options or {}, guild)
        return await self._dispatch_interaction(2, user, channel_, data, locale)

    async def send_autocomplete(
        self,
        user: User,
        name: str,
        options: dict[str, Any],
        focused: str,
        *,
        locale: str | None = None,
        channel: Channel | None = None,
    ) -> SentInteraction:
        """A user typing into option `focused`; its value is the partial text so far."""
        channel_, guild = self._where(channel)
        data = self.world.command_data(name, options, guild, focused=focused)
        return await self._dispatch_interaction(4, user, channel_, data, locale)

    async def press_button(
        self,
        user: User,
        custom_id: str,
        message: StoredMessage | dict[str, Any],
        *,
        values: list[str] | None = None,
        component_type: int | None = None,
        locale: str | None = None,
    ) -> SentInteraction:
        """A click on a button (component_type 2) or a choice in a select (3, with `values`)
        of a message the bot sent; the custom_id must be on that message."""
        stored = message if isinstance(message, StoredMessage) else self._stored(message)
        found = _find_component(stored.payload.get("components", []), custom_id)
        if found is None:
            raise LookupError(f"no component {custom_id!r} on message {stored.payload['id']}")
        kind = component_type or found["type"]
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if values is not None or kind == 3:
            data["values"] = values or []
        channel = self.world.channels[int(stored.payload["channel_id"])]
        return await self._dispatch_interaction(3, user, channel, data, locale, stored)

    def _stored(self, message: dict[str, Any]) -> StoredMessage:
        return self.world.messages[int(message["id"])]

    def bot_message(self, channel: Channel, content: str, components: list[Any]) -> StoredMessage:
        """Plant a message as if the bot had sent it earlier (e.g. before a restart)."""
        payload = message_payload(
            message_id=snowflake(),
            channel=channel,
            author=self.world.bot,
            body={"content": content, "components": components},
            attachments=[],
        )
        stored = StoredMessage(payload, [])
        self.world.messages[int(payload["id"])] = stored
        return stored

    async def wait_for(self, predicate: Callable[[Recorder], T | None], timeout: float = 5.0) -> T:
        """Wait until `predicate(fd.recorder)` is truthy; return its value."""
        return await self.recorder.wait_for(predicate, timeout)

    async def sleep_until_idle(self, seconds: float = 0.2) -> None:
        """Give the client a moment to do something it should *not* do (e.g. a duplicate)."""
        await asyncio.sleep(seconds)


def _find_component(components: list[dict[str, Any]], custom_id: str) -> dict[str, Any] | None:
    for component in components:
        if component.get("custom_id") == custom_id:
            return component
        inner = component.get("components") or []
        if component.get("accessory"):
            inner = [*inner, component["accessory"]]
        if (found := _find_component(inner, custom_id)) is not None:
            return found
    return None
