"""The one `.env` parser (service.settings), shared by bot.py and the Discord settings."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from service.settings import load_env, read_dotenv

ROOT = Path(__file__).resolve().parents[2]
DOTENV = (
    "# a comment, then a blank line\n"
    "\n"
    'DISCORD_TOKEN="double quoted"\n'
    "export AUTOBAHN_DB='single quoted.sqlite3'\n"
    "  LOG_LEVEL = debug  \t\n"  # surrounding spaces are not part of key or value
    "DEV_GUILD_ID=\n"
    "NO_EQUALS_SIGN\n"
    "QUOTE_INSIDE=it's fine\n"
)


def test_read_dotenv_tolerates_comments_blanks_export_and_quotes(tmp_path: Path) -> None:
    path = tmp_path / ".env"
    path.write_text(DOTENV, encoding="utf-8")
    assert read_dotenv(path) == {
        "DISCORD_TOKEN": "double quoted", "AUTOBAHN_DB": "single quoted.sqlite3",
        "LOG_LEVEL": "debug", "DEV_GUILD_ID": "", "QUOTE_INSIDE": "it's fine"}
    assert read_dotenv(tmp_path / "missing") == {}
    assert read_dotenv(tmp_path) == {}  # a directory is no file either


def test_the_environment_wins_and_empty_values_are_unset(tmp_path: Path) -> None:
    path = tmp_path / ".env"
    path.write_text(DOTENV, encoding="utf-8")
    env = {"AUTOBAHN_DB": "from-env.sqlite3", "DISCORD_TOKEN": "", "DEV_GUILD_ID": " ",
           "UNRELATED": "x"}
    merged = load_env(("DISCORD_TOKEN", "AUTOBAHN_DB", "DEV_GUILD_ID", "LOG_LEVEL"), env, path)
    # An empty environment value neither hides the file's value nor counts as one; an empty
    # value in both places is simply not there.
    assert merged == {"DISCORD_TOKEN": "double quoted", "AUTOBAHN_DB": "from-env.sqlite3",
                      "LOG_LEVEL": "debug"}
    everything = load_env(None, env, path)
    assert everything["UNRELATED"] == "x" and "DEV_GUILD_ID" not in everything
    assert load_env(None, {"A": "1"}, None) == {"A": "1"}  # no file read at all


def test_bot_py_console_path_does_not_import_discord() -> None:
    code = ("import sys, bot, service.console; bot.settings(); "
            "sys.exit('discord' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
