"""Fixtures for cog tests: the real bot, service and store, with the fake Discord edges."""

from __future__ import annotations

import io
import re
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.webhook.async_ import async_context

from cogs.client import AutobahnBot
from cogs.settings import Settings
from service import BoardPool, GameService
from store import GameStore
from tests.cogs.harness import (
    APP_ID,
    BOT_ID,
    CHANNEL_ID,
    PLAYER_PERMS,
    FakeHTTP,
    FakeWebhooks,
    Recorder,
    base_payload,
    command_data,
    guild_payload,
    user_payload,
)

ANN = (100000000000000001, "ann")
BEN = (100000000000000002, "ben")
CEM = (100000000000000003, "cem")
START = 1_800_000_000.0  # a Thursday, 2027-01-15 08:00 UTC


def tiny_png() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (8, 6), "white").save(out, "PNG")
    return out.getvalue()


PNG = tiny_png()


class Clock:
    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Table:
    """One bot with its recorder; methods send interactions as a given user."""

    def __init__(self, bot: AutobahnBot, recorder: Recorder, clock: Clock) -> None:
        self.bot, self.recorder, self.clock = bot, recorder, clock
        self.service: GameService = bot.service
        self.store: GameStore = bot.service.store

    def _interaction(self, payload: dict[str, Any]) -> discord.Interaction:
        return discord.Interaction(data=payload, state=self.bot._connection)  # type: ignore[arg-type]

    async def slash(self, user: tuple[int, str], path: str, *, channel: int = CHANNEL_ID,
                    locale: str = "en-US", dm: bool = False, perms: int = PLAYER_PERMS,
                    in_thread: bool = False, **options: Any) -> discord.Interaction:
        payload = base_payload(*user, kind=2, channel_id=channel, locale=locale, dm=dm,
                               at=self.clock.now,
                               permissions=perms, thread=in_thread)
        payload["data"] = command_data(path, options)
        interaction = self._interaction(payload)
        tree = self.bot.tree
        try:  # what CommandTree._from_interaction runs, awaited instead of a task
            await tree._call(interaction)
        except app_commands.AppCommandError as error:
            await tree._dispatch_error(interaction, error)
        return interaction

    async def complete(self, user: tuple[int, str], path: str, focused: str, *,
                       channel: int = CHANNEL_ID, locale: str = "en-US",
                       **options: Any) -> list[dict[str, Any]]:
        payload = base_payload(*user, kind=4, channel_id=channel, at=self.clock.now,
                               locale=locale)
        payload["data"] = command_data(path, options, focused=focused)
        before = len(self.recorder.sent)
        await self.bot.tree._call(self._interaction(payload))
        answers = [s for s in self.recorder.sent[before:] if s.kind == "callback"]
        assert answers and answers[-1].body["type"] == 8
        return list(answers[-1].body["data"]["choices"])

    def components_with(self, custom_id: str) -> list[dict[str, Any]]:
        return self.message_with(custom_id)[0]

    def message_with(self, custom_id: str) -> tuple[list[dict[str, Any]], int]:
        """The components and flags of the latest message carrying `custom_id`."""
        for sent in reversed(self.recorder.sent):
            if custom_id in sent.custom_ids:
                return sent.components, int(sent.body.get("flags") or 0)
        return [{"type": 1, "components": [{"type": 2, "style": 1, "label": "x",
                                            "custom_id": custom_id}]}], 0

    async def press(self, user: tuple[int, str], custom_id: str, *,
                    values: list[str] | None = None, channel: int = CHANNEL_ID,
                    components: list[dict[str, Any]] | None = None,
                    locale: str = "en-US") -> discord.Interaction:
        payload = base_payload(*user, kind=3, channel_id=channel, at=self.clock.now,
                               locale=locale)
        kind = 3 if values is not None else 2
        payload["data"] = {"custom_id": custom_id, "component_type": kind,
                           **({"values": values} if values is not None else {})}
        from tests.cogs.harness import _message

        found, flags = self.message_with(custom_id)
        payload["message"] = _message(channel, "" if flags else "board",
                                      components=components or found, flags=flags)
        interaction = self._interaction(payload)
        store = self.bot._connection._view_store
        for pattern, factory in store._dynamic_items.items():
            match = pattern.fullmatch(custom_id)
            if match:
                await store.schedule_dynamic_item_call(kind, factory, interaction, custom_id,
                                                       match)
                break
        return interaction

    # -- shortcuts ----------------------------------------------------------------------------

    def cache_guild(self) -> None:
        """The guild in the bot's cache, as after the gateway's GUILD_CREATE: its channels
        and who may see them (harness.guild_payload). Tests of what a game shows to whom
        need it; without it the bot is in no guild (the owed-post filters' tests)."""
        self.bot._connection._add_guild_from_data(guild_payload())  # type: ignore[arg-type]

    def reply_text(self) -> str:
        return self.recorder.last_reply().content

    def posts(self) -> list[Any]:
        return self.recorder.of("message")

    async def game(self, game_id: int = 1) -> Any:
        return await self.store.get_game(game_id)

    async def new_game(self, *players: tuple[int, str], start: bool = True, **options: Any
                       ) -> Any:
        options.setdefault("thread", False)
        await self.slash(players[0], "game new", players=max(2, len(players)), **options)
        game = (await self.store.games_in_channel(CHANNEL_ID))[-1]
        for player in players[1:]:
            await self.slash(player, "game join")
        if start:
            await self.slash(players[0], "game start")
        self.recorder.clear()
        return await self.store.get_game(game.id)

    async def current(self, game_id: int = 1) -> tuple[int, str]:
        game = await self.store.get_game(game_id)
        for user in (ANN, BEN, CEM):
            if str(user[0]) == game.current_player:
                return user
        raise AssertionError(f"nobody of ours is current: {game.current_player}")

    async def legal(self, game_id: int = 1) -> list[str]:
        return (await self.service.legal(game_id)).actions


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def table(tmp_path: Any, clock: Clock) -> AsyncIterator[Table]:
    store = await GameStore.open(tmp_path / "games.sqlite3", clock=clock)
    service = GameService(store, clock=clock, renderer=BoardPool(lambda s, v, lang: PNG))
    recorder = Recorder()
    bot = AutobahnBot(service=service, settings=Settings(), clock=clock, start_loops=False)
    bot.http = FakeHTTP(recorder)
    state = bot._connection
    state.http = bot.http
    bot.tree._http = bot.http  # the tree keeps its own reference, taken at construction
    token = async_context.set(FakeWebhooks(recorder))
    await bot._async_setup_hook()
    bot.http.loop = bot.loop
    state.user = discord.ClientUser(state=state, data=user_payload(BOT_ID, "autobahn", bot=True))
    state.application_id = APP_ID
    await bot.setup_hook()
    try:
        yield Table(bot, recorder, clock)
    finally:
        async_context.reset(token)
        if bot.reminder_loop is not None:
            await bot.reminder_loop.stop()
        service.close()
        await store.close()


MENTION = re.compile(r"<@!?(\d+)>")
