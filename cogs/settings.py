"""Settings of the Discord adapter, from the environment and a git-ignored `.env`.

The environment wins over `.env`, so a deployment can override a developer's file (the
parser is `service.settings`, shared with bot.py's console path). The
token is kept in a field that is excluded from `repr`, so printing or logging a `Settings`
never shows it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from service.settings import load_env


def _int_or_none(text: str | None) -> int | None:
    text = (text or "").strip()
    return int(text) if text.isdigit() else None


@dataclass(frozen=True)
class Settings:
    token: str = field(default="", repr=False)
    db_path: str = "autobahn.sqlite3"
    dev_guild_id: int | None = None
    log_level: str = "INFO"
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

    @classmethod
    def load(
        cls,
        env: Mapping[str, str] | None = None,
        dotenv: str | os.PathLike[str] | None = ".env",
        *,
        sync_global: bool = False,
    ) -> Settings:
        merged = load_env(None, env, dotenv)
        poll = merged.get("REMINDER_POLL_S", "").strip()
        return cls(
            token=merged.get("DISCORD_TOKEN", "").strip(),
            db_path=merged.get("AUTOBAHN_DB", "").strip() or "autobahn.sqlite3",
            dev_guild_id=_int_or_none(merged.get("DEV_GUILD_ID")),
            log_level=(merged.get("LOG_LEVEL", "").strip() or "INFO").upper(),
            api_base=merged.get("DISCORD_API_BASE", "").strip().rstrip("/") or None,
            gateway_url=merged.get("DISCORD_GATEWAY_URL", "").strip() or None,
            sync_global=sync_global or merged.get("SYNC_GLOBAL", "") in ("1", "true", "yes"),
            reminder_poll_s=float(poll) if poll.replace(".", "", 1).isdigit() else 30.0,
            backup_dir=merged.get("AUTOBAHN_BACKUP_DIR", "").strip() or None,
            backup_every_s=3600.0 * (_int_or_none(merged.get("AUTOBAHN_BACKUP_HOURS")) or 24),
            backup_keep=_int_or_none(merged.get("AUTOBAHN_BACKUP_KEEP")) or 7,
        )
