"""Settings from the environment and a git-ignored `.env`: the one parser both entry
points use (`bot.py` for the console, `cogs.settings` for Discord).

Discord-free and dependency-free on purpose: `bot.py` reads its settings before it knows
whether Discord is wanted, and the console path must not import discord.py.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path


def read_dotenv(path: str | os.PathLike[str]) -> dict[str, str]:
    """KEY=VALUE lines of a `.env` file; `#` comments, blank lines, an `export ` prefix and
    matching single or double quotes around the value are tolerated. A missing or
    unreadable file is no settings at all (a deployment may have none)."""
    values: dict[str, str] = {}
    try:
        text = Path(path).read_text(encoding="utf-8")
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


def load_env(
    keys: Iterable[str] | None = None,
    env: Mapping[str, str] | None = None,
    dotenv: str | os.PathLike[str] | None = ".env",
) -> dict[str, str]:
    """The settings: the environment wins over `.env` (a deployment overrides a
    developer's file), and an empty value counts as unset, so `DISCORD_TOKEN=` in the
    environment neither hides a token in `.env` nor counts as one. `keys` None keeps every
    key of both; `dotenv` None reads no file."""
    environ = os.environ if env is None else env
    from_file = read_dotenv(dotenv) if dotenv is not None else {}
    wanted = (set(environ) | set(from_file)) if keys is None else set(keys)
    merged: dict[str, str] = {}
    for key in wanted:
        value = (environ.get(key) or "").strip() or from_file.get(key, "").strip()
        if value:
            merged[key] = value
    return merged
