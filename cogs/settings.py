"""The Discord adapter's settings are the bot's one `Settings` (service.settings), read
once by bot.py and injected through `cogs.run`; this name stays for the cogs' imports."""

from __future__ import annotations

from service.settings import Settings

__all__ = ["Settings"]
