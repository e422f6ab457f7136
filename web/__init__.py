"""The web adapter (issue 36): a read-only page per game, served by the bot's own process.

Like `cogs/` and `console/`, it reaches the game through `service/` only. `WebServer`
serves the pages (aiohttp, the HTTP library discord.py already brings); `make_app` is the
application for tests.
"""

from .app import make_app
from .server import WebServer, companion, serve

__all__ = ["WebServer", "companion", "make_app", "serve"]
