"""Message catalogues: English, German and French, keyed by the codes of `RuleError`,
`ServiceError` and the adapters' own texts.

    translate("cannot_pay", "de", cost=3, money=2)  ->  "Das kostet 3 DM; du hast 2 DM."

`translate` never raises: an unknown language falls back to English, an unknown code to
the code itself, and a missing parameter is shown as `{name}` instead of failing — an error
message that itself crashes would hide the error the player needs to see.
"""

from __future__ import annotations

import json
import string
from functools import cache
from importlib import resources
from typing import Any

SUPPORTED = ("en", "de", "fr")
DEFAULT = "en"


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The catalogue of `lang` (one of SUPPORTED), read once from the package."""
    if lang not in SUPPORTED:
        raise ValueError(f"unsupported language {lang!r}; supported: {', '.join(SUPPORTED)}")
    text = resources.files("locales").joinpath(f"{lang}.json").read_text(encoding="utf-8")
    data = json.loads(text)
    return {str(k): str(v) for k, v in data.items()}


def placeholders(template: str) -> set[str]:
    """The `{names}` a template uses."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


class Phrase(str):
    """A parameter that is itself a catalogue key (with its own parameters): translated
    into the message's language before it is filled in. Errors carry these instead of
    English words ("a number"), and a rule error nested in another message travels as one.
    """

    params: dict[str, Any]

    def __new__(cls, key: str, /, **params: Any) -> Phrase:
        phrase = super().__new__(cls, key)
        phrase.params = params
        return phrase


class _Lenient(dict[str, Any]):
    """Formatting parameters that show a missing one as `{name}` instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def normalise(lang: str | None) -> str:
    """'de-DE', 'fr_CH', 'DE' -> 'de'/'fr'; anything unsupported -> 'en'."""
    if not lang:
        return DEFAULT
    short = lang.replace("_", "-").split("-")[0].lower()
    return short if short in SUPPORTED else DEFAULT


def translate(code: str, lang: str | None = DEFAULT, /, **params: Any) -> str:
    """The message for `code` in `lang` with `params` filled in; never raises."""
    template = catalogue(normalise(lang)).get(code)
    if template is None:
        template = catalogue(DEFAULT).get(code)
    if template is None:
        shown = ", ".join(f"{k}={v}" for k, v in params.items())
        return f"{code} ({shown})" if shown else code
    words = {k: translate(v, lang, **v.params) if isinstance(v, Phrase) else v
             for k, v in params.items()}
    try:
        return string.Formatter().vformat(template, (), _Lenient(words))
    except (ValueError, IndexError, AttributeError, KeyError):
        return template


def has(code: str) -> bool:
    return code in catalogue(DEFAULT)
