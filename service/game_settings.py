"""Game settings as users type them (`/game settings seats:3`) and as adapters pass them
at creation: each key known, each value of its type and range, refused with BadOption."""

from __future__ import annotations

from typing import Any

import rules
from locales import Phrase

from .errors import BadOption
from .pace_settings import PACE_SETTINGS, pace_value
from .results import Table
from .validation import digits, display_name, flag, language, mapping, shown

SETTINGS = {"seats": int, "language": str, "reminders": bool,
            **{key: str for key in PACE_SETTINGS}}  # the table's pace: service.pace_settings
# What an adapter may set when it creates a game; "seats" is the checked argument instead.
CREATE_SETTINGS = {"reminders": bool, "name": str, **{key: str for key in PACE_SETTINGS}}


def checked_language(lang: Any) -> str:
    return language(lang)


def create_settings(settings: Any) -> dict[str, Any]:
    """The adapter's extra settings for a new game, each of a known key and type."""
    checked: dict[str, Any] = {}
    for key, value in mapping(settings, "settings").items():
        kind = CREATE_SETTINGS.get(key) if isinstance(key, str) else None
        if kind is None:
            raise BadOption(name="setting", value=shown(key), expected=", ".join(CREATE_SETTINGS))
        if key in PACE_SETTINGS:
            checked[key] = pace_value(key, value)
        elif kind is bool:
            checked[key] = flag(value, key)
        else:
            checked[key] = display_name(value, key)
    return checked


def setting(game: Table, key: Any, raw: Any) -> Any:
    if not isinstance(key, str) or key not in SETTINGS:
        raise BadOption(name="setting", value=shown(key), expected=", ".join(SETTINGS))
    if not isinstance(raw, str):
        raise BadOption(name=key, value=shown(raw), expected=Phrase("expect.text"))
    if key == "seats":
        edition = rules.edition_by_hash(game.edition_hash)
        low = max(edition.players_min, len(game.players))
        if game.status != "lobby":
            raise BadOption(name="seats", value=shown(raw),
                            expected=Phrase("expect.seats_in_lobby"))
        try:
            return digits(raw, "seats", low, edition.players_max)
        except BadOption:
            raise BadOption(name="seats", value=shown(raw),
                            expected=Phrase("expect.seats_in_lobby")) from None
    if key == "language":
        return language(raw)
    if key in PACE_SETTINGS:
        return pace_value(key, raw)
    if raw.lower() not in ("on", "off", "true", "false", "yes", "no"):
        raise BadOption(name=key, value=shown(raw), expected="on | off")
    return raw.lower() in ("on", "true", "yes")
