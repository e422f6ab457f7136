"""Checks every public service call makes on its input before anything reaches the store.

A value the store cannot keep (an int beyond 64 bits, a lone surrogate), a wrong type, or a
name that would break how others see the table (control characters, bidi overrides) is
refused here with a typed `ServiceError` naming the field, never with an OverflowError or
a TypeError from deep inside, and before any write.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Mapping
from typing import Any

from locales import Phrase

from .errors import BadOption, BadRecord, UnknownGame

INT64_MAX = 2**63 - 1
ID_LIMIT = 64  # Discord ids are ~20 digits; console names are short words
NAME_LIMIT = 64
TEXT_LIMIT = 500  # notation, interaction ids, setting values: far beyond any real one
SHOWN = 30  # how much of a refused value an error message repeats
# Embeddings, overrides and isolates reorder the text around a name (U+202A-E, U+2066-9).
BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))


def instance_of(value: Any, kind: type, name: str) -> None:
    """`value` is a `kind` (an object the service handed out, passed back)."""
    if not isinstance(value, kind):
        raise BadOption(name=name, value=shown(value), expected=Phrase("expect.text"))


def seconds(value: Any, name: str, high: float = 366 * 86_400.0) -> float:
    """A finite duration in seconds within [0, high]."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(
            value) or not 0 <= value <= high:
        raise BadOption(name=name, value=shown(value),
                        expected=Phrase("expect.range", low=0, high=int(high)))
    return float(value)


def shown(value: Any) -> str:
    """A short, printable rendering of a refused value for the error's parameters."""
    text = value if isinstance(value, str) else repr(value)
    text = "".join(c if _printable(c) else "\ufffd" for c in text[:SHOWN])
    return text + ("…" if len(text) >= SHOWN else "")


def _printable(char: str) -> bool:
    return unicodedata.category(char) not in ("Cc", "Cs") and char not in BIDI_CONTROLS


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def game_id(value: Any) -> int:
    """A game id: an int the store can hold. A number no game can have is UnknownGame."""
    if not is_int(value):
        raise BadOption(name="game", value=shown(value), expected=Phrase("expect.number"))
    if not 1 <= value <= INT64_MAX:
        raise UnknownGame(game=shown(value))
    return int(value)


def integer(value: Any, name: str, low: int = 0, high: int = INT64_MAX) -> int:
    if not is_int(value) or not low <= value <= high:
        raise BadOption(name=name, value=shown(value),
                        expected=Phrase("expect.range", low=low, high=high))
    return int(value)


def optional_integer(value: Any, name: str, low: int = 0, high: int = INT64_MAX) -> int | None:
    return None if value is None else integer(value, name, low, high)


def digits(raw: Any, name: str, low: int, high: int) -> int:
    """A number typed as text: ASCII digits only ("²".isdigit() is True, int("²") fails)."""
    if not isinstance(raw, str) or not raw.isascii() or not raw.isdigit() or len(raw) > 19:
        raise BadOption(name=name, value=shown(raw), expected=Phrase("expect.range",
                                                                   low=low, high=high))
    return integer(int(raw), name, low, high)


def moment(value: Any, name: str) -> float:
    """A unix time: a finite number of a plausible size (the year 9999 at most)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(
            value) or not 0 <= value <= 253_402_300_799:
        raise BadOption(name=name, value=shown(value), expected=Phrase("expect.time"))
    return float(value)


def optional_moment(value: Any, name: str) -> float | None:
    return None if value is None else moment(value, name)


def _clean_chars(value: str) -> bool:
    return all(_printable(c) for c in value)


def player_id(value: Any, name: str = "player") -> str:
    """A player's id: 1..64 characters, no spaces, controls, bidi overrides or surrogates."""
    if (not isinstance(value, str) or not 1 <= len(value) <= ID_LIMIT
            or not _clean_chars(value) or any(c.isspace() for c in value)):
        raise BadOption(name=name, value=shown(value), expected=Phrase("expect.player_id",
                                                                       limit=ID_LIMIT))
    return value


def display_name(value: Any, name: str = "name") -> str:
    """A name shown to others: 1..64 characters, not blank, nothing that hides or
    reorders the text around it."""
    if (not isinstance(value, str) or not 1 <= len(value) <= NAME_LIMIT
            or not value.strip() or not _clean_chars(value)):
        raise BadOption(name=name, value=shown(value), expected=Phrase("expect.display_name",
                                                                       limit=NAME_LIMIT))
    return value


def printable_name(value: str, fallback: str) -> str:
    """`value` without the characters `display_name` refuses, cut to the limit; `fallback`
    if nothing visible is left. For names an adapter takes from elsewhere (a Discord
    display name the player cannot easily change), where refusing would lock them out."""
    kept = "".join(c for c in value if _printable(c))[:NAME_LIMIT].strip()
    return kept or fallback[:NAME_LIMIT]


def text(value: Any, name: str, limit: int = TEXT_LIMIT) -> str:
    """Free text such as notation: bounded, and storable (no lone surrogate, no NUL)."""
    if not isinstance(value, str) or len(value) > limit or not _clean_chars(value):
        raise BadOption(name=name, value=shown(value), expected=Phrase("expect.text"))
    return value


def interaction(value: Any) -> str | None:
    """An adapter's interaction id (None: none): 1..100 characters, no spaces or controls."""
    if value is None:
        return None
    if not isinstance(value, str) or not 1 <= len(value) <= 100 or not _clean_chars(value) or (
            any(c.isspace() for c in value)):
        raise BadOption(name="interaction", value=shown(value), expected=Phrase("expect.text"))
    return value


def flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise BadOption(name=name, value=shown(value), expected="on | off")
    return value


def place(value: Any) -> Any:
    """A `Place`: guild, channel and thread ids that are None or 64-bit non-negative ints."""
    for part in ("guild_id", "channel_id", "thread_id"):
        raw: Any = getattr(value, part, ...)
        if raw is not None and (not is_int(raw) or not 0 <= raw <= INT64_MAX):
            raise BadOption(name="place", value=shown(value if raw is ... else raw),
                            expected=Phrase("expect.place"))
    return value


def language(value: Any, name: str = "language") -> str:
    from locales import SUPPORTED

    if not isinstance(value, str) or value not in SUPPORTED:
        raise BadOption(name=name, value=shown(value), expected=", ".join(SUPPORTED))
    return value


def optional_language(value: Any, name: str = "language") -> str | None:
    return None if value is None else language(value, name)


def mapping(value: Any, name: str) -> Mapping[Any, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise BadOption(name=name, value=shown(value), expected=Phrase("expect.settings"))
    return value


# -- records, before they are parsed ----------------------------------------------------------

MAX_RECORD_BYTES = 2_000_000  # a 5,000-action record is ~0.5 MB; a real game ~15 KB
MAX_RECORD_DEPTH = 8  # a record nests three deep ({"actions": [[...]]})


def record_depth(data: str, limit: int = MAX_RECORD_DEPTH) -> int:
    """The deepest nesting of `[`/`{` outside strings, stopping once past `limit` (so a
    100,000-level file costs one scan and never reaches json's recursion)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in data:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        elif char in "]}":
            depth -= 1
    return deepest


def check_record_bounds(data: bytes | str) -> None:
    """Refuse (BadRecord) a record file too large or nested too deep for the JSON parser.
    Bytes that are no UTF-8 are left to the decoder to name."""
    if len(data) > MAX_RECORD_BYTES:
        raise BadRecord(reason=Phrase("record.too_big", limit=MAX_RECORD_BYTES // 1000))
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    if record_depth(text) > MAX_RECORD_DEPTH:
        raise BadRecord(reason=Phrase("record.too_deep", limit=MAX_RECORD_DEPTH))


def parse_record(data: bytes | str) -> Any:
    """Decode a record file's content with its size and nesting bounded *before* the JSON
    parser sees it. Raises BadRecord."""
    import json

    check_record_bounds(data)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise BadRecord(reason=Phrase("record.not_text")) from None
    try:
        return json.loads(data)
    except (ValueError, RecursionError):
        raise BadRecord(reason=Phrase("record.not_json")) from None
