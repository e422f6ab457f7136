"""The console's command words: `key:value` options, numbers and score lines."""

from __future__ import annotations

import shlex
from collections.abc import Mapping

from locales import Phrase
from service import ServiceError
from service.errors import BadOption


def options(text: str, command: str, known: tuple[str, ...] | None) -> dict[str, str]:
    """`key:value` words (quotes allowed) into a dict. With `known`, any other word (a
    misspelt key, a bare word) is refused, naming the options the command takes, instead
    of being silently ignored; None takes any key (the service checks settings)."""
    try:
        words = shlex.split(text)
    except ValueError:
        words = text.split()
    opts: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition(":")
        key = key.lower()
        if known is not None and (not sep or key not in known):
            raise ServiceError("console.unknown_option", command=command, option=word,
                               options=", ".join(f"{k}:…" for k in known) or "-")
        if sep:
            opts[key] = value
    return opts


def int_option(opts: dict[str, str], key: str, default: int | None = None) -> int:
    raw = opts.get(key)
    if raw is None and default is not None:
        return default
    try:
        return int(raw or "")
    except ValueError:
        raise BadOption(name=key, value=raw or "", expected=Phrase("expect.number")) from None


def scores_text(scores: Mapping[str, int], names: Mapping[str, str] | None = None) -> str:
    """'ann 52, Computer 1 (normal) 48': best first, each seat by its name."""
    names = names or {}
    return ", ".join(f"{names.get(p, p)} {v}"
                     for p, v in sorted(scores.items(), key=lambda kv: -kv[1]))
