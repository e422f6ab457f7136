"""Thin discord.py adapters over the service: slash commands, buttons, reminders.

`bot.py` calls `run(settings)` when DISCORD_TOKEN is set and `--console` is not given.
"""

from __future__ import annotations

from service.settings import Settings


def run(settings: Settings | None = None, *, sync_global: bool = False) -> int:
    """Start the Discord bot (blocking) with bot.py's `settings` as they are: they are
    read once, there; None reads them from the environment and `.env` (for callers other
    than bot.py)."""
    from cogs.runner import run_discord

    return run_discord(settings if settings is not None else Settings.load(),
                       sync_global=sync_global)
