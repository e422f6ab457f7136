"""Who holds a seat, read from a game's settings: the computer seats ("cpu1", ...) and their
levels, the humans' seats a computer plays for now, and a computer seat's name.

Plain functions of the settings, with no use case behind them: the repository, the
adapters and the use cases (`service.computer`, votes, history) all read seats here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from locales import translate

from .errors import BadOption

LEVELS = ("easy", "normal", "strong")
DEFAULT_LEVEL = "normal"


def computer_seats(settings: Mapping[str, Any]) -> dict[str, str]:
    """Computer seats of a game: player id -> level (those that joined as computers)."""
    return dict(settings.get("computer") or {})


def replaced_seats(settings: Mapping[str, Any]) -> dict[str, str]:
    """Humans' seats a computer plays for now: player id -> level."""
    return dict(settings.get("replaced") or {})


def computer_level(settings: Mapping[str, Any], player: str | None) -> str | None:
    """The level playing `player`'s seat, None when a human plays it."""
    if player is None:
        return None
    return computer_seats(settings).get(player) or replaced_seats(settings).get(player)


def checked_level(level: Any) -> str:
    if level is None:
        return DEFAULT_LEVEL
    if not isinstance(level, str) or level.lower() not in LEVELS:
        raise BadOption(name="level", value=str(level)[:30], expected=" | ".join(LEVELS))
    return level.lower()


def computer_name(number: int, level: str, lang: str) -> str:
    """The seat's display name, in the game's language (stored once, like any name)."""
    return translate("computer.name", lang, number=number,
                     level=translate(f"computer.level.{level}", lang))
