"""Entry point: settings from the environment and `.env`, then Discord or the console.

    python bot.py              # Discord when DISCORD_TOKEN is set, else the local console
    python bot.py --console    # always the console (--lang de|fr, --boards DIR, --db FILE)
    python bot.py --web [PORT] # also serve the games' web pages (WEB_PORT; 8080 by default)
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import logging
import os
import sys
from pathlib import Path

# Discord-free: the console path never imports discord.py.
from locales import DEFAULT, SUPPORTED
from service.settings import Settings

WEB_PORT = 8080  # `--web` without a port


def settings(env_file: Path = Path(".env")) -> Settings:
    """The bot's settings, read once (the environment wins over `.env`; empty values are
    unset) and handed to the console or the Discord adapter."""
    return Settings.load(dotenv=env_file)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Autobahn play-by-chat bot")
    parser.add_argument("--console", action="store_true", help="play in the local console")
    parser.add_argument("--lang", choices=SUPPORTED, default=DEFAULT)
    parser.add_argument("--boards", type=Path, default=Path("boards"),
                        help="folder for the board images (default ./boards)")
    parser.add_argument("--db", help="SQLite file (default $AUTOBAHN_DB or autobahn.sqlite3)")
    parser.add_argument("--web", nargs="?", type=int, const=WEB_PORT, metavar="PORT",
                        help=f"serve the games' web pages on PORT (default {WEB_PORT}; "
                             "WEB_PORT, WEB_HOST and WEB_BASE_URL set them too)")
    parser.add_argument("--sync-global", action="store_true",
                        help="Discord: sync slash commands globally (takes up to an hour)")
    args = parser.parse_args(argv)
    from service.sharding import ShardSettingError

    try:
        config = settings()
    except ShardSettingError as err:  # an operator's setting: one sentence, no traceback
        print(f"bot.py: {err}", file=sys.stderr)
        return 2
    # The command line wins over the environment and `.env`.
    if args.db:
        config = dataclasses.replace(config, db_path=args.db)
    if args.sync_global:
        config = dataclasses.replace(config, sync_global=True)
    if args.web is not None:
        config = dataclasses.replace(config, web_port=args.web)
    companions = []
    if config.web_port is not None:  # the web pages beside the bot or the console
        from web import companion

        companions.append(companion(config))
    logging.basicConfig(level=config.log_level or "WARNING",
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if config.token and not args.console:
        from cogs import run

        return int(run(config, companions=companions) or 0)
    from console import run_console
    from service import StoreError
    from service.errors import ServiceError, message
    from service.repository import storage_error

    try:
        return asyncio.run(run_console(config, lang=args.lang, boards=args.boards,
                                       companions=companions))
    except KeyboardInterrupt:  # Ctrl-C: the console said goodbye; every move is saved
        return 130
    except BrokenPipeError:  # the reader went away (`| head`): the game is saved, stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except StoreError as err:  # opening the database: one clear sentence, no traceback
        known = storage_error(err)
        if not isinstance(known, ServiceError):
            raise
        print(message(known, args.lang), file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
