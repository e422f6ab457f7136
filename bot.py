"""Entry point: settings from the environment and `.env`, then Discord or the console.

    python bot.py              # Discord when DISCORD_TOKEN is set, else the local console
    python bot.py --console    # always the console (--lang de|fr, --boards DIR, --db FILE)
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from pathlib import Path

# Discord-free: the console path never imports discord.py.
from service.settings import load_env

SETTINGS = ("DISCORD_TOKEN", "AUTOBAHN_DB", "DEV_GUILD_ID", "LOG_LEVEL")


def settings(env_file: Path = Path(".env")) -> dict[str, str]:
    """bot.py's own settings (the environment wins over `.env`; empty values are unset).
    The Discord side reads its fuller `cogs.settings.Settings` with the same parser."""
    return load_env(SETTINGS, dotenv=env_file)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Autobahn play-by-chat bot")
    parser.add_argument("--console", action="store_true", help="play in the local console")
    parser.add_argument("--lang", choices=("en", "de", "fr"), default="en")
    parser.add_argument("--boards", type=Path, default=Path("boards"),
                        help="folder for the board images (default ./boards)")
    parser.add_argument("--db", help="SQLite file (default $AUTOBAHN_DB or autobahn.sqlite3)")
    parser.add_argument("--sync-global", action="store_true",
                        help="Discord: sync slash commands globally (takes up to an hour)")
    args = parser.parse_args(argv)
    config = settings()
    logging.basicConfig(level=config.get("LOG_LEVEL", "WARNING").upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    db = args.db or config.get("AUTOBAHN_DB")
    if config.get("DISCORD_TOKEN") and not args.console:
        from cogs import run

        return int(run(config, db=db, sync_global=args.sync_global) or 0)
    from service.console import run_console

    try:
        return asyncio.run(run_console(db, lang=args.lang, boards=args.boards))
    except KeyboardInterrupt:  # Ctrl-C: the console said goodbye; every move is saved
        return 130
    except BrokenPipeError:  # the reader went away (`| head`): the game is saved, stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
