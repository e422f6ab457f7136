"""The table's pace settings (issue 35), as typed in `/game settings` or given to `/game
new`: each checked, refused with BadOption in the player's language, and shown in words.

    deadline         hours a turn may take (0, "off" or "none": no deadline), up to 720
    deadline_action  "computer" (the computer plays the turn) or "pass" (the seat passes)
    deadline_level   the computer's level for it: easy, normal, strong
    deadline_stall   expiries of one seat in a row before the stall notice (0: never)
    autopass         whether players may let the deadline's action play for them while away
"""

from __future__ import annotations

from typing import Any

from locales import Phrase, translate

from .errors import BadOption
from .reminder_limits import MAX_HOURS
from .seat_settings import LEVELS
from .validation import shown

PACE_SETTINGS = ("deadline", "deadline_action", "deadline_level", "deadline_stall", "autopass")
ACTIONS = ("computer", "pass")
MAX_STALL = 20
ON, OFF = ("on", "true", "yes"), ("off", "false", "no")


def _whole(raw: Any, key: str, high: int, none_words: tuple[str, ...] = ()) -> int:
    if isinstance(raw, int) and not isinstance(raw, bool):
        text = str(raw)
    elif isinstance(raw, str):
        text = raw.strip().lower().removesuffix("h").strip()
    else:
        text = ""
    if text in none_words:
        return 0
    if not (text.isascii() and text.isdigit()) or int(text) > high:
        raise BadOption(name=key, value=shown(raw),
                        expected=Phrase("pace.expect.hours" if key == "deadline"
                                        else "expect.range", low=0, high=high))
    return int(text)


def pace_value(key: str, raw: Any) -> Any:
    """The stored value of a pace setting typed as `raw` (text, or a number or flag an
    adapter passes); BadOption naming what is expected."""
    if key == "deadline":
        return _whole(raw, key, MAX_HOURS, ("off", "none", "no"))
    if key == "deadline_stall":
        return _whole(raw, key, MAX_STALL, ("off", "never", "no"))
    if key == "autopass":
        if isinstance(raw, bool):
            return raw
        word = raw.strip().lower() if isinstance(raw, str) else ""
        if word not in ON + OFF:
            raise BadOption(name=key, value=shown(raw), expected="on | off")
        return word in ON
    choices = ACTIONS if key == "deadline_action" else LEVELS
    word = raw.strip().lower() if isinstance(raw, str) else ""
    if word not in choices:
        raise BadOption(name=key, value=shown(raw), expected=" | ".join(choices))
    return word


def pace_text(key: str, value: Any, lang: str) -> str:
    """A pace setting's value in words."""
    if key == "deadline":
        return (translate("pace.hours", lang, count=value) if value
                else translate("remind.none", lang))
    if key == "deadline_action":
        return translate(f"pace.setting.action.{value}", lang)
    if key == "deadline_level":
        return translate(f"computer.level.{value}", lang)
    if key == "deadline_stall":
        return translate("pace.setting.stall", lang, count=value) if value else translate(
            "pace.setting.never", lang)
    return translate("word.on" if value else "word.off", lang)
