"""Thin discord.py adapters over the service: slash commands, buttons, reminders.

`bot.py` calls `run(config, db=...)` when DISCORD_TOKEN is set and `--console` is not given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def run(config: Mapping[str, str] | None = None, *, db: str | None = None,
        sync_global: bool = False) -> int:
    """Start the Discord bot (blocking); `config` is bot.py's settings, which the full
    `cogs.settings.Settings` (environment + .env) already contains."""
    import dataclasses

    from cogs.runner import run_discord
    from cogs.settings import Settings

    settings: Any = Settings.load(sync_global=sync_global)
    if db:
        settings = dataclasses.replace(settings, db_path=db)
    return run_discord(settings)
