"""Settings, logging without the token, intents, extension loading and command sync."""

from __future__ import annotations

import logging
from pathlib import Path

import discord.gateway
import discord.http
import pytest

from cogs.client import AutobahnBot, intents
from cogs.runner import RedactFilter, apply_api_base
from cogs.settings import Settings
from tests.cogs.conftest import Table
from tests.cogs.harness import GUILD_ID

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gabcde.fake-token-for-tests-only"


def test_settings_from_dotenv_with_the_environment_winning(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(f'# comment\nDISCORD_TOKEN="{TOKEN}"\nDEV_GUILD_ID=42\n'
                        "AUTOBAHN_DB=from-file.sqlite3\nexport LOG_LEVEL=debug\n")
    settings = Settings.load({"AUTOBAHN_DB": "from-env.sqlite3",
                              "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10/"}, env_file)
    assert settings.token == TOKEN and settings.dev_guild_id == 42
    assert settings.db_path == "from-env.sqlite3" and settings.log_level == "DEBUG"
    assert settings.api_base == "http://127.0.0.1:9/api/v10" and not settings.sync_global
    assert TOKEN not in repr(settings) and TOKEN not in str(settings)
    assert Settings.load({}, tmp_path / "missing").token == ""


def test_the_token_never_reaches_a_log_line(caplog: pytest.LogCaptureFixture) -> None:
    logger = logging.getLogger("autobahn.test.redact")
    redact = RedactFilter(TOKEN)
    logger.addFilter(redact)
    try:
        with caplog.at_level(logging.INFO, logger="autobahn.test.redact"):
            logger.info("connecting with %s", TOKEN)
            try:
                raise RuntimeError(f"Authorization: Bot {TOKEN}")
            except RuntimeError:
                logger.exception("failed")
    finally:
        logger.removeFilter(redact)
    text = caplog.text + "".join(r.exc_text or "" for r in caplog.records)
    assert TOKEN not in text and "[token]" in text


def test_api_base_points_rest_at_the_test_discord(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    settings = Settings.load({"DISCORD_API_BASE": "http://127.0.0.1:8123/api/v10/",
                              "DISCORD_GATEWAY_URL": "ws://127.0.0.1:8123/gateway"}, None)
    apply_api_base(settings)
    assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:8123/gateway"
    url = discord.http.Route("GET", "/gateway/bot").url
    assert url == "http://127.0.0.1:8123/api/v10/gateway/bot"


def test_minimal_intents_and_safe_defaults() -> None:
    wanted = intents()
    assert wanted.guilds and not wanted.members and not wanted.message_content
    assert not wanted.presences and not wanted.guild_messages
    bot = AutobahnBot(service=None, settings=Settings(max_ratelimit_timeout=45.0))
    assert bot.http.max_ratelimit_timeout == 45.0
    assert bot.allowed_mentions is not None and not bot.allowed_mentions.everyone
    assert not bot.allowed_mentions.roles


async def test_setup_hook_loaded_everything_and_synced_nothing(table: Table) -> None:
    assert set(table.bot.extensions) == {"cogs.games", "cogs.turns", "cogs.computer",
                                         "cogs.boards",
                                         "cogs.reminders", "cogs.stats", "cogs.pace"}
    assert table.recorder.of("sync") == []  # no DEV_GUILD_ID, no --sync-global
    # Each feature cog registered the buttons it posts: every kind of custom id the bot
    # posts dispatches to its widget (undo and abandon answers share one).
    registered = table.bot._connection._view_store._dynamic_items
    posted = {"ab:act:1:2:3": "ActButton", "ab:pick:1:2:build": "ActSelect",
              "ab:undo:1:2:yes": "VoteButton", "ab:quit:1:2:no": "VoteButton",
              "ab:seat:1:2:yes": "VoteButton", "ab:cpu:1:123456789012345678:7": "HandOverButton",
              "ab:back:1:2:1577227118436368397": "UndoButton", "ab:again:1": "RematchButton"}
    for custom_id, widget in posted.items():
        assert [f.__name__ for p, f in registered.items() if p.fullmatch(custom_id)] == [widget]
    # the four of the turns, one for the stall notice, the final card's Rematch
    assert len(registered) == 6


async def test_sync_to_the_dev_guild_and_globally_only_on_request(table: Table) -> None:
    table.bot.settings = Settings(dev_guild_id=GUILD_ID)
    await table.bot.sync_commands()
    paths = [s.path for s in table.recorder.of("sync")]
    assert paths == ["/applications/{application_id}/guilds/{guild_id}/commands"]
    table.bot.settings = Settings(sync_global=True)
    await table.bot.sync_commands()
    assert table.recorder.of("sync")[-1].path == "/applications/{application_id}/commands"
    synced = table.recorder.of("sync")[-1].body["commands"]
    assert any(c.get("name_localizations", {}).get("de") == "spielplan" for c in synced)


async def test_a_widget_two_cogs_post_stays_until_both_are_unloaded(table: Table) -> None:
    def widgets() -> set[str]:
        return {f.__name__ for f in table.bot._connection._view_store._dynamic_items.values()}

    await table.bot.unload_extension("cogs.pace")  # the final card's Rematch
    await table.bot.unload_extension("cogs.games")  # abandon votes: VoteButton
    # undo votes (and seat votes) still need it
    assert widgets() == {"ActButton", "ActSelect", "UndoButton", "VoteButton", "HandOverButton"}
    await table.bot.unload_extension("cogs.turns")
    assert widgets() == {"VoteButton", "HandOverButton"}  # seat votes, the stall notice
    await table.bot.unload_extension("cogs.computer")
    assert widgets() == set()
    await table.bot.load_extension("cogs.games")
    assert widgets() == {"VoteButton"}
