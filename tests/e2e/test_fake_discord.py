"""The loopback Discord against a real discord.py bot: login, sync, interactions, faults.

The bot is a small `commands.Bot` (demo_bot.py) started with `bot.start(token)` in the
test's own event loop: one process keeps each test at a few hundred milliseconds past the
connect, and discord.py still talks real HTTP and a real (compressed) websocket to the fake.
The only change it makes to reach the fake is `point_discord_py_at`, the contract in
tests/e2e/README.md that bot.py will implement.
"""

from __future__ import annotations

import asyncio
import io
import json
import time
import zlib
from collections.abc import AsyncIterator
from typing import Any

import discord
import discord.gateway
import discord.http
import pytest
from demo_bot import CATALOGUE, DemoBot, PickCity, Press, point_discord_py_at
from discord import app_commands
from fake_discord import SEND_MESSAGE, FakeDiscord, Recorder
from fake_discord.gateway import Codec
from PIL import Image

FOLLOWUP = "/webhooks/{application_id}/{token}"
CALLBACK = "/interactions/{interaction_id}/{token}/callback"
GUILD_COMMANDS = "/applications/{application_id}/guilds/{guild_id}/commands"


# --- fixtures ------------------------------------------------------------------------------


@pytest.fixture
async def fd(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(heartbeat_interval_ms=500) as fake:
        # Register both class attributes for restoring before the contract changes them.
        monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
        gateway_cls = discord.gateway.DiscordWebSocket
        monkeypatch.setattr(gateway_cls, "DEFAULT_GATEWAY", gateway_cls.DEFAULT_GATEWAY)
        point_discord_py_at(
            {"DISCORD_API_BASE": fake.base_url, "DISCORD_GATEWAY_URL": fake.gateway_url}
        )
        yield fake


@pytest.fixture
async def bot(fd: FakeDiscord) -> AsyncIterator[DemoBot]:
    """The demo bot, started as bot.py will be (`start(token)`), connected to the fake."""
    demo = DemoBot(fd.world.guild.id, CATALOGUE)
    task = asyncio.create_task(demo.start(fd.token))
    try:
        await fd.wait_connected()
        # The fake has sent GUILD_CREATE; wait until the client has parsed it too.
        async with asyncio.timeout(5):
            while demo.get_channel(fd.world.channel.id) is None and not task.done():
                await asyncio.sleep(0.01)
        yield demo
    finally:
        await asyncio.wait_for(demo.close(), 10)
        await asyncio.wait_for(task, 10)  # re-raises whatever killed the client


def text_channel(bot: DemoBot, fd: FakeDiscord) -> discord.TextChannel:
    channel = bot.get_channel(fd.world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


# --- tests ---------------------------------------------------------------------------------


async def test_login_identify_and_ready(fd: FakeDiscord, bot: DemoBot) -> None:
    await asyncio.wait_for(bot.wait_until_ready(), 10)
    assert bot.user is not None and bot.user.id == fd.world.bot.id
    assert bot.application_id == fd.world.application_id
    assert [g.id for g in bot.guilds] == [fd.world.guild.id]
    # Without the members intent Discord sends (and discord.py caches) only the bot itself.
    assert bot.guilds[0].member_count == 4 and [m.id for m in bot.guilds[0].members] == [
        bot.user.id
    ]
    assert fd.recorder.find("GET", "/users/@me") and fd.recorder.find(
        "GET", "/oauth2/applications/@me"
    )
    conn = fd.gateway.connections[0]
    # The client asks for the compression its environment decodes; the fake answers in it.
    expected = discord.utils._ActiveDecompressionContext.COMPRESSION_TYPE
    assert conn.query == {"v": "10", "encoding": "json", "compress": expected}
    sent = [f.t for f in fd.recorder.frames if f.direction == "send" and f.op == 0]
    assert sent[:2] == ["READY", "GUILD_CREATE"]
    heartbeats = await fd.wait_for(
        lambda r: [f for f in r.frames if f.direction == "recv" and f.op == 1], 3
    )
    assert heartbeats and fd.recorder.unknown == []


async def test_sync_records_localized_commands(fd: FakeDiscord, bot: DemoBot) -> None:
    put = fd.recorder.find("PUT", GUILD_COMMANDS)
    assert len(put) == 1 and put[0].status == 200
    route = next(c for c in put[0].json if c["name"] == "route")
    assert route["name_localizations"]["de"] == "strecke"
    assert route["name_localizations"]["fr"] == "trajet"
    assert route["description_localizations"]["fr"] == "Choisis une ville"
    assert route["options"][0]["name_localizations"] == {"de": "stadt", "fr": "ville"}
    assert route["options"][0]["autocomplete"] is True
    fetched = await bot.tree.fetch_commands(guild=discord.Object(fd.world.guild.id))
    assert {c.name for c in fetched} == {"ping", "route"}
    assert all(c.id for c in fetched)
    assert fetched[0].name_localizations[discord.Locale.german]


async def test_sync_refused_for_an_invalid_localized_name(fd: FakeDiscord) -> None:
    bad = {"de": {"route": "Strecke wählen"}}  # upper case and a space: Discord says 50035
    bot = DemoBot(fd.world.guild.id, bad)
    try:
        with pytest.raises(app_commands.CommandSyncFailure):
            await bot.login(fd.token)
    finally:
        await bot.close()
    assert fd.recorder.find("PUT", GUILD_COMMANDS)[0].status == 400


async def test_slash_defers_then_followup_carries_png(fd: FakeDiscord, bot: DemoBot) -> None:
    ann = fd.world.user_named("ann")
    sent = await fd.send_slash(ann, "ping", locale="de")
    ack = await sent.wait_ack()
    assert ack["type"] == 5
    assert sent.ack_seconds is not None and sent.ack_seconds < 3
    followup = await fd.recorder.wait_request("POST", FOLLOWUP)
    assert followup.status == 200
    assert followup.headers["Content-Type"].startswith("multipart/form-data")
    assert followup.json["content"] == "pong (de)"
    assert followup.json["attachments"][0]["filename"] == "board.png"
    (upload,) = followup.files
    assert upload.field == "files[0]" and upload.filename == "board.png"
    with Image.open(io.BytesIO(upload.data)) as image:
        assert image.format == "PNG" and image.size == (4, 3)
    # After a type-5 deferral the first followup fills the "thinking" message.
    original = sent.original()
    assert original is not None and original.payload["content"] == "pong (de)"
    assert original.payload["attachments"][0]["content_type"] == "image/png"


async def test_autocomplete_answers_with_choices(fd: FakeDiscord, bot: DemoBot) -> None:
    ann = fd.world.user_named("ann")
    typing = await fd.send_autocomplete(ann, "route", {"city": "Ha"}, focused="city")
    ack = await typing.wait_ack()
    assert ack["type"] == 8
    assert [c["value"] for c in ack["data"]["choices"]] == ["Hamburg", "Hannover", "Hanau"]
    chosen = await fd.send_slash(ann, "route", {"city": "Hanau"}, locale="fr")
    reply = await chosen.wait_ack()
    assert reply == {"type": 4, "data": reply["data"]}
    assert reply["data"]["content"] == "route to Hanau" and reply["data"]["flags"] == 64


async def test_button_press_is_answered(fd: FakeDiscord, bot: DemoBot) -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(Press(7))
    message = await text_channel(bot, fd).send("your turn", view=view)
    stored = fd.world.messages[message.id]
    pressed = await fd.press_button(fd.world.user_named("ben"), "press:7", stored)
    ack = await pressed.wait_ack()
    assert ack["type"] == 7
    assert stored.payload["content"] == "game 7: ben"
    assert pressed.record.payload["data"] == {"custom_id": "press:7", "component_type": 2}
    # A button on a message from before a restart: the DynamicItem still answers it.
    button = {"type": 2, "style": 1, "label": "Go", "custom_id": "press:9"}
    old = fd.bot_message(fd.world.channel, "old turn", [{"type": 1, "components": [button]}])
    again = await fd.press_button(fd.world.user_named("ann"), "press:9", old)
    assert (await again.wait_ack())["type"] == 7 and old.payload["content"] == "game 9: ann"


async def test_select_is_deferred_then_its_message_edited(fd: FakeDiscord, bot: DemoBot) -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(PickCity())
    message = await text_channel(bot, fd).send("where to?", view=view)
    stored = fd.world.messages[message.id]
    picked = await fd.press_button(
        fd.world.user_named("cem"), "pick-city", stored, values=["Hanau"]
    )
    assert (await picked.wait_ack())["type"] == 6
    edit = await fd.recorder.wait_request("PATCH", FOLLOWUP + "/messages/{message_id}")
    assert edit.path.endswith("/messages/@original")
    assert stored.payload["content"] == "picked Hanau"


async def test_rate_limited_send_is_retried_once(fd: FakeDiscord, bot: DemoBot) -> None:
    fd.faults.rate_limit(SEND_MESSAGE, retry_after=0.3, scope="shared")
    started = time.monotonic()
    await text_channel(bot, fd).send("board posted")
    assert time.monotonic() - started >= 0.3
    attempts = fd.recorder.find("POST", "/channels/{channel_id}/messages")
    assert [a.status for a in attempts] == [429, 200]
    assert [m.payload["content"] for m in fd.world.channel_messages(fd.world.channel)] == [
        "board posted"
    ]


async def test_server_error_is_retried(fd: FakeDiscord, bot: DemoBot) -> None:
    fd.faults.server_error(SEND_MESSAGE, status=500)
    await text_channel(bot, fd).send("after a 500")
    attempts = fd.recorder.find("POST", "/channels/{channel_id}/messages")
    assert [a.status for a in attempts] == [500, 200]
    assert len(fd.world.channel_messages(fd.world.channel)) == 1


async def test_unknown_interaction_does_not_crash_the_bot(fd: FakeDiscord, bot: DemoBot) -> None:
    ann = fd.world.user_named("ann")
    fd.faults.unknown_interaction()
    await fd.send_slash(ann, "ping")
    refused = await fd.recorder.wait_request("POST", CALLBACK)
    assert refused.status == 404 and refused.response["code"] == 10062
    await fd.wait_for(lambda _: bot.errors, 3)
    assert isinstance(bot.errors[0].__cause__ or bot.errors[0], discord.NotFound)
    # The client is still alive: the next interaction is answered normally.
    again = await fd.send_slash(ann, "ping")
    assert (await again.wait_ack())["type"] == 5
    await fd.recorder.wait_request("POST", FOLLOWUP)


@pytest.mark.parametrize("compress", ["zlib-stream", "zstd-stream", None])
def test_codec_frames_decode_as_discord_py_decodes_them(compress: str | None) -> None:
    """Both compressions, whichever one this environment's discord.py picks."""
    if compress == "zstd-stream":
        zstandard = pytest.importorskip("zstandard")
    codec = Codec(compress)
    payloads = [{"op": 10, "d": {"heartbeat_interval": 500}}, {"op": 11, "d": None}]
    if compress is None:
        assert [json.loads(codec.encode(p)) for p in payloads] == payloads
        return
    inflate: Any = (
        zlib.decompressobj()
        if compress == "zlib-stream"
        else zstandard.ZstdDecompressor().decompressobj()
    )
    for payload in payloads:
        frame = codec.encode(payload)
        assert isinstance(frame, bytes)
        if compress == "zlib-stream":
            assert frame.endswith(b"\x00\x00\xff\xff")  # discord.py waits for this marker
        assert json.loads(inflate.decompress(frame)) == payload


def identifies(rec: Recorder) -> int:
    return sum(1 for f in rec.frames if f.direction == "recv" and f.op == 2)


async def test_gateway_close_then_resume_replays_without_duplicates(
    fd: FakeDiscord, bot: DemoBot
) -> None:
    ann = fd.world.user_named("ann")
    async with fd.gateway_held():
        await fd.close_gateway(4000)
        # Dispatched while the client is away: it must arrive through the RESUME replay.
        missed = await fd.send_slash(ann, "ping")
        await fd.wait_for(lambda _: len(fd.gateway.connections) == 1 or None, 1)
    resume = await fd.wait_for(
        lambda r: next((f for f in r.frames if f.direction == "recv" and f.op == 6), None), 5
    )
    assert resume.d["seq"] < missed.seq
    await missed.wait_ack()
    await fd.recorder.wait_request("POST", FOLLOWUP)
    await fd.wait_for(lambda r: any(f.t == "RESUMED" for f in r.frames), 3)
    assert fd.gateway.connections[-1].path == "/resume"  # used resume_gateway_url
    assert identifies(fd.recorder) == 1
    # Still live after the resume, and nothing was handled twice.
    later = await fd.send_slash(ann, "ping")
    await later.wait_ack()
    await fd.recorder.wait_request("POST", FOLLOWUP, count=2)
    await fd.sleep_until_idle()
    assert bot.pings == 2
    assert len(fd.recorder.find("POST", CALLBACK)) == 2
    assert bot.ws is not None and bot.ws.sequence == fd.gateway.session.seq


async def test_reconnect_opcode_resumes_the_session(fd: FakeDiscord, bot: DemoBot) -> None:
    await fd.reconnect()
    await fd.wait_for(lambda r: any(f.t == "RESUMED" for f in r.frames), 5)
    assert identifies(fd.recorder) == 1 and len(fd.gateway.connections) == 2
    sent = await fd.send_slash(fd.world.user_named("cem"), "ping")
    assert (await sent.wait_ack())["type"] == 5


async def test_invalid_session_identifies_again_at_the_default_gateway(
    fd: FakeDiscord, bot: DemoBot
) -> None:
    # discord.py goes back to DEFAULT_GATEWAY here: why DISCORD_GATEWAY_URL is in the contract.
    # It waits 5 s before a non-initial IDENTIFY (Client.before_identify_hook): a slow test.
    await fd.gateway.invalidate(resumable=False)
    await fd.wait_for(lambda r: identifies(r) == 2, 10)
    assert fd.gateway.connections[-1].path == "/gateway"
    await fd.wait_connected()
    sent = await fd.send_slash(fd.world.user_named("ben"), "ping", locale="fr")
    assert (await sent.wait_ack())["type"] == 5


async def test_threads_dms_and_unknown_routes(fd: FakeDiscord, bot: DemoBot) -> None:
    channel = text_channel(bot, fd)
    thread = await channel.create_thread(name="Partie 1", type=discord.ChannelType.public_thread)
    await thread.send("Spiel beginnt")
    started = await channel.send("board")
    from_message = await started.create_thread(name="Partie 2")
    assert from_message.id == started.id  # Discord gives such a thread its message's id
    user = await bot.fetch_user(fd.world.user_named("ben").id)
    dm = await user.send("À toi de jouer")
    assert isinstance(dm.channel, discord.DMChannel)
    assert [m.payload["content"] for m in fd.world.channel_messages(dm.channel.id)] == [
        "À toi de jouer"
    ]
    with pytest.raises(discord.NotFound):
        await bot.fetch_guild_preview(fd.world.guild.id)
    assert [r.path for r in fd.recorder.unknown] == [f"/guilds/{fd.world.guild.id}/preview"]


async def test_late_acknowledgement_is_refused(fd: FakeDiscord, bot: DemoBot) -> None:
    fd.world.ack_deadline = 0.0  # any callback is late now, as after 3 s on Discord
    await fd.send_slash(fd.world.user_named("ann"), "ping")
    refused = await fd.recorder.wait_request("POST", CALLBACK)
    assert refused.status == 404 and refused.response["code"] == 10062


def test_waits_are_scaled_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.patience import MAX_FACTOR, scaled

    monkeypatch.setenv("AUTOBAHN_E2E_SLOWDOWN", "3")
    assert scaled(15) == 45
    monkeypatch.setenv("AUTOBAHN_E2E_SLOWDOWN", "0.5")  # never shorter than on an idle machine
    assert scaled(15) == 15
    monkeypatch.delenv("AUTOBAHN_E2E_SLOWDOWN")
    assert 15 <= scaled(15) <= 15 * MAX_FACTOR
