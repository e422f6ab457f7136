"""The one `.env` parser (service.settings), shared by bot.py and the Discord settings."""

from __future__ import annotations

import dataclasses
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from service.settings import Settings, load_env, read_dotenv

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
    code = ("import sys, bot, console; bot.settings(); "
            "sys.exit('discord' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_read_dotenv_understands_inline_comments_as_python_dotenv_does(tmp_path: Path) -> None:
    path = tmp_path / ".env"
    path.write_text(
        "A=abc # comment\n"
        'D = "quoted" # c\n'
        "E='a # inside quotes stays'\n"
        "F=abc#no-space-is-no-comment\n"
        "G=pa$word ${A}\n"  # taken literally: a token or password may hold a `$`
        "H=\n", encoding="utf-8")
    assert read_dotenv(path) == {"A": "abc", "D": "quoted", "E": "a # inside quotes stays",
                                 "F": "abc#no-space-is-no-comment", "G": "pa$word ${A}",
                                 "H": ""}


def test_settings_are_one_typed_frozen_object(tmp_path: Path) -> None:
    path = tmp_path / ".env"
    path.write_text("DISCORD_TOKEN=secret # the bot's\nDEV_GUILD_ID=42 # dev server\n"
                    "AUTOBAHN_BACKUP_HOURS=6\nREMINDER_POLL_S=x\nLOG_LEVEL=debug\n", "utf-8")
    settings = Settings.load({"AUTOBAHN_DB": "env.sqlite3"}, path)
    assert settings == Settings(token="secret", db_path="env.sqlite3", dev_guild_id=42,
                                log_level="DEBUG", backup_every_s=6 * 3600.0)
    assert "secret" not in repr(settings)
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.token = "other"  # type: ignore[misc]
    unset = Settings.load({}, None)
    assert unset == Settings() and unset.log_level is None and unset.token == ""


def test_the_discord_adapter_uses_the_settings_it_is_given(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import cogs
    import cogs.runner

    given: list[object] = []
    monkeypatch.setattr(cogs.runner, "run_discord",
                        lambda settings, **kw: given.append(settings) or 0)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    settings = Settings(token="only-in-the-object", db_path="injected.sqlite3")
    assert cogs.run(settings) == 0
    assert given == [settings] and given[0] is settings  # not read again from the env


def test_bot_py_reads_the_settings_once_and_hands_them_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import bot
    import cogs
    import console

    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=tok # comment\nAUTOBAHN_DB=file.sqlite3\n")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("AUTOBAHN_DB", raising=False)
    loads: list[Settings] = []
    real_load = Settings.load.__func__  # type: ignore[attr-defined]

    def counting_load(cls: type[Settings], *args: object, **kw: object) -> Settings:
        loads.append(real_load(cls, *args, **kw))
        return loads[-1]

    monkeypatch.setattr(Settings, "load", classmethod(counting_load))
    handed: list[Settings] = []
    monkeypatch.setattr(cogs, "run", lambda settings, **kw: handed.append(settings) or 0)

    async def fake_console(settings: Settings, **kw: object) -> int:
        handed.append(settings)
        return 0

    monkeypatch.setattr(console, "run_console", fake_console)
    assert bot.main(["--db", "cli.sqlite3", "--sync-global"]) == 0
    assert handed[-1].token == "tok" and handed[-1].db_path == "cli.sqlite3"
    assert handed[-1].sync_global
    assert bot.main(["--console"]) == 0
    assert handed[-1].token == "tok" and handed[-1].db_path == "file.sqlite3"
    assert len(loads) == 2  # once per start, and nothing below bot.py read them again


async def test_the_console_opens_the_database_of_its_settings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from console import run_console

    monkeypatch.setenv("AUTOBAHN_DB", str(tmp_path / "from-env.sqlite3"))
    settings = Settings(db_path=str(tmp_path / "injected.sqlite3"))
    out = io.StringIO()
    assert await run_console(settings, stdin=io.StringIO("/game list\n"), stdout=out,
                             boards=tmp_path / "boards") == 0
    assert "injected.sqlite3" in out.getvalue() and "Goodbye" in out.getvalue()
    assert (tmp_path / "injected.sqlite3").exists()
    assert not (tmp_path / "from-env.sqlite3").exists()


def test_the_dependencies_include_dotenv_and_zone_data() -> None:
    from importlib.metadata import requires

    names = {re.split(r"[<>=;\[ ]", r, maxsplit=1)[0].lower()
             for r in requires("autobahn-bot") or []}
    assert {"python-dotenv", "tzdata"} <= names
