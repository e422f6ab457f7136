"""A game's settings as players read them: each name and value from the catalogue
("Plätze: 3, Sprache: Deutsch, Erinnerungen: an"), never `key=value` (issue 13)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from locales import SUPPORTED, translate

# what players set and see; the rest (computer seats, replaced seats) is the table's own
SHOWN = ("name", "seats", "language", "reminders", "solo_level",
         "deadline", "deadline_action", "deadline_level", "deadline_stall", "autopass")
PACE = SHOWN[5:]  # the table's pace (service.pace_settings words them)


def setting_value(key: str, value: Any, lang: str) -> str:
    if key in PACE:
        from service.pace_settings import pace_text

        return pace_text(key, value, lang)
    if isinstance(value, bool):
        return translate("word.on" if value else "word.off", lang)
    if key == "language" and value in SUPPORTED:
        return translate(f"word.language.{value}", lang)
    return str(value)


def settings_text(settings: Mapping[str, Any], lang: str) -> str:
    return ", ".join(
        translate("setting.item", lang, name=translate(f"setting.{key}", lang),
                  value=setting_value(key, settings[key], lang))
        for key in SHOWN if settings.get(key) is not None)
