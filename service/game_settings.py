"""Game settings as users type them (`/game settings seats:3`) and as adapters pass them
at creation: each key known, each value of its type and range, refused with BadOption."""

from __future__ import annotations

from typing import Any

import rules
from locales import Phrase

from .errors import BadOption
from .results import Table
from .validation import digits, display_name, flag, language, mapping, shown

SETTINGS = {"seats": int, "language": str, "reminders": bool}
# What an adapter may set when it creates a game; "seats" is the checked argument instead.
CREATE_SETTINGS = {"reminders": bool, "name": str}


def checked_language(lang: Any) -> str:
    return language(lang)


def create_settings(settings: Any) -> dict[str, Any]:
    """The adapter's extra settings for a new game, each of a known key and type."""
    checked: dict[str, Any] = {}
    for key, value in mapping(settings, "settings").items():
        kind = CREATE_SETTINGS.get(key) if isinstance(key, str) else None
        if kind is None:
            raise BadOption(name="setting", value=shown(key), expected=", ".join(CREATE_SETTINGS))
        if kind is bool:
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
    if raw.lower() not in ("on", "off", "true", "false", "yes", "no"):
        raise BadOption(name=key, value=shown(raw), expected="on | off")
    return raw.lower() in ("on", "true", "yes")
