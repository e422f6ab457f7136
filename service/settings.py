"""The bot's settings, read once from the environment and a git-ignored `.env` into one
typed, frozen `Settings`, which `bot.py` hands to whichever adapter it starts (the console
or `cogs.run`): nothing below it reads the environment again.

Discord-free on purpose: `bot.py` reads its settings before it knows whether Discord is
wanted, and the console path must not import discord.py. `.env` is parsed by
python-dotenv (inline `# comments`, quotes, `export`), not by a parser of our own.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import dotenv_values

from .sharding import Shards, parse_shards


def read_dotenv(path: str | os.PathLike[str]) -> dict[str, str]:
    """KEY=VALUE lines of a `.env` file, as python-dotenv reads them: `#` comments (also
    after a value), blank lines, an `export ` prefix and quotes are understood. A line
    without `=` is no setting. Values are taken literally (no `${VAR}` expansion: a token
    or password may hold a `$`). A missing or unreadable file is no settings at all (a
    deployment may have none)."""
    if not Path(path).is_file():
        return {}
    try:
        values = dotenv_values(path, interpolate=False, encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    return {key: value for key, value in values.items() if value is not None}


def load_env(
    keys: Iterable[str] | None = None,
    env: Mapping[str, str] | None = None,
    dotenv: str | os.PathLike[str] | None = ".env",
) -> dict[str, str]:
    """The raw settings: the environment wins over `.env` (a deployment overrides a
    developer's file), and an empty value counts as unset, so `DISCORD_TOKEN=` in the
    environment neither hides a token in `.env` nor counts as one. `keys` None keeps every
    key of both; `dotenv` None reads no file."""
    environ = os.environ if env is None else env
    from_file = read_dotenv(dotenv) if dotenv is not None else {}
    wanted = (set(environ) | set(from_file)) if keys is None else set(keys)
    merged: dict[str, str] = {}
    for key in wanted:
        value = (environ.get(key) or "").strip() or from_file.get(key, "").strip()
        if value:
            merged[key] = value
    return merged


def _int_or_none(text: str | None) -> int | None:
    text = (text or "").strip()
    return int(text) if text.isdigit() else None


def _port(text: str | None) -> int | None:
    """A TCP port (0: any free one, for tests), None when unset or not a port."""
    value = _int_or_none(text)
    return value if value is not None and value <= 65535 else None


def _seconds(text: str | None, default: float) -> float:
    text = (text or "").strip()
    return float(text) if text.replace(".", "", 1).isdigit() else default


@dataclass(frozen=True)
class Settings:
    """Everything the bot is configured with. The token is excluded from `repr`, so
    printing or logging a `Settings` never shows it."""

    token: str = field(default="", repr=False)
    db_path: str = "autobahn.sqlite3"
    dev_guild_id: int | None = None
    # None: not set; the console then logs warnings, Discord informational lines.
    log_level: str | None = None
    # The loopback test Discord (tests/e2e) points the REST client here; None = discord.com.
    api_base: str | None = None
    gateway_url: str | None = None  # likewise for the gateway (tests/e2e/README.md)
    sync_global: bool = False
    reminder_poll_s: float = 30.0
    backup_dir: str | None = None  # scheduled online backups go here when set
    backup_every_s: float = 24 * 3600.0
    backup_keep: int = 7
    # discord.py sleeps through a 429 up to this long, and raises beyond it, so one
    # rate-limited channel cannot stall a turn for minutes (discord.py's minimum is 30).
    max_ratelimit_timeout: float = 30.0
    # Which gateway shards this process connects (service.sharding): all by default.
    shards: Shards = field(default_factory=Shards)
    # How long a process holds the lease of the once-only work without renewing it: the
    # longest a dead holder's work waits before another process takes it over.
    lease_ttl_s: float = 60.0
    # The games' web pages (issue 36): served by this process on WEB_HOST:WEB_PORT when
    # WEB_PORT is set (off otherwise); links start with WEB_BASE_URL when the pages are
    # reached through a reverse proxy, else with http://WEB_HOST:WEB_PORT.
    web_port: int | None = None
    web_host: str = "127.0.0.1"
    web_base_url: str | None = None
    # Render worker processes (RENDER_WORKERS); None: one per core, at most four
    # (service.render_pool.default_workers).
    render_workers: int | None = None
    # Groups' own editions this server offers (`/game new edition:<name>`): a folder of
    # `<name>.toml` files (service.editions, docs/editions.md); None: the classic only.
    editions_dir: str | None = None

    @classmethod
    def load(
        cls,
        env: Mapping[str, str] | None = None,
        dotenv: str | os.PathLike[str] | None = ".env",
        *,
        sync_global: bool = False,
    ) -> Settings:
        """The settings from `env` (default the process environment) over `dotenv`.
        Raises ShardSettingError for a SHARD_COUNT or SHARD_IDS the bot cannot start with."""
        merged = load_env(None, env, dotenv)
        level = merged.get("LOG_LEVEL", "").strip().upper()
        return cls(
            token=merged.get("DISCORD_TOKEN", "").strip(),
            db_path=merged.get("AUTOBAHN_DB", "").strip() or "autobahn.sqlite3",
            dev_guild_id=_int_or_none(merged.get("DEV_GUILD_ID")),
            log_level=level or None,
            api_base=merged.get("DISCORD_API_BASE", "").strip().rstrip("/") or None,
            gateway_url=merged.get("DISCORD_GATEWAY_URL", "").strip() or None,
            sync_global=sync_global or merged.get("SYNC_GLOBAL", "") in ("1", "true", "yes"),
            reminder_poll_s=_seconds(merged.get("REMINDER_POLL_S"), 30.0),
            backup_dir=merged.get("AUTOBAHN_BACKUP_DIR", "").strip() or None,
            backup_every_s=3600.0 * (_int_or_none(merged.get("AUTOBAHN_BACKUP_HOURS")) or 24),
            backup_keep=_int_or_none(merged.get("AUTOBAHN_BACKUP_KEEP")) or 7,
            shards=parse_shards(merged.get("SHARD_COUNT"), merged.get("SHARD_IDS")),
            lease_ttl_s=_seconds(merged.get("LEASE_TTL_S"), 60.0) or 60.0,
            web_port=_port(merged.get("WEB_PORT")),
            web_host=merged.get("WEB_HOST", "").strip() or "127.0.0.1",
            web_base_url=merged.get("WEB_BASE_URL", "").strip().rstrip("/") or None,
            render_workers=_int_or_none(merged.get("RENDER_WORKERS")) or None,
            editions_dir=merged.get("AUTOBAHN_EDITIONS_DIR", "").strip() or None,
        )
