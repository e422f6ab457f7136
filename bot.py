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

SETTINGS = ("DISCORD_TOKEN", "AUTOBAHN_DB", "DEV_GUILD_ID", "LOG_LEVEL")


def read_dotenv(path: Path) -> dict[str, str]:
    """KEY=VALUE lines (comments, blank lines, `export ` and quotes allowed); no dependency."""
    values: dict[str, str] = {}
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return values
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.removeprefix("export ").partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def settings(env_file: Path = Path(".env")) -> dict[str, str]:
    """The settings: the environment wins over `.env`; empty values count as unset."""
    dotenv = read_dotenv(env_file)
    return {k: v for k in SETTINGS if (v := os.environ.get(k) or dotenv.get(k) or "")}


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
        import cogs

        run = getattr(cogs, "run", None)
        if run is None:
            print("DISCORD_TOKEN is set, but Discord support arrives with issue 7. "
                  "Run `python bot.py --console` to play locally.", file=sys.stderr)
            return 2
        return int(run(config, db=db, sync_global=args.sync_global) or 0)
    from service.console import run_console

    try:
        return asyncio.run(run_console(db, lang=args.lang, boards=args.boards))
    except BrokenPipeError:  # the reader went away (`| head`): the game is saved, stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
