"""Message catalogues: English, German and French, keyed by the codes of `RuleError`,
`ServiceError` and the adapters' own texts.

    translate("cannot_pay", "de", cost=3, money=2)  ->  "Das kostet 3 DM; du hast 2 DM."

`translate` never raises: an unknown language falls back to English, an unknown code to
the code itself, and a missing parameter is shown as `{name}` instead of failing — an error
message that itself crashes would hide the error the player needs to see.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable, Iterable
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from babel import Locale
from babel.numbers import format_decimal

SUPPORTED = ("en", "de", "fr")  # the one list of languages: the adapters read it from here
DEFAULT = "en"


def language_name(lang: str) -> str:
    """A language by its own name ("Deutsch", "Français"), as a player looks for it."""
    name = Locale.parse(lang).get_display_name(lang) or lang
    return name[:1].upper() + name[1:]


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The catalogue of `lang` (one of SUPPORTED), read once from the package."""
    if lang not in SUPPORTED:
        raise ValueError(f"unsupported language {lang!r}; supported: {', '.join(SUPPORTED)}")
    return read_catalogue(resources.files("locales"), lang)


def read_catalogue(root: Traversable, lang: str) -> dict[str, str]:
    """`<lang>.json` in `root` and every fragment `<lang>/<area>.json` beside it, in name
    order: one file per feature area, so that features written side by side do not edit the
    same file. A code defined twice is an error, never a silent override."""
    sources = [root.joinpath(f"{lang}.json")]
    folder = root.joinpath(lang)
    if folder.is_dir():
        sources += sorted((f for f in folder.iterdir() if f.name.endswith(".json")),
                          key=lambda f: f.name)
    found: dict[str, str] = {}
    for source in sources:
        data = json.loads(source.read_text(encoding="utf-8"))
        for k, v in data.items():
            if k in found:
                raise ValueError(f"{lang}: the code {k!r} is defined twice ({source.name})")
            found[str(k)] = str(v)
    return found


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


class Named(str):
    """A parameter naming a thing of the game by its id (a section, a depot, a card, a
    truck's place...): shown by its label in the message's language, made by `name(lang)`
    only when a message is written. As a `str` it is the id itself, so logs, tests and
    equality see the machine form (issue 13)."""

    name: Callable[[str], str]

    def __new__(cls, ident: str, name: Callable[[str], str], /) -> Named:
        named = super().__new__(cls, ident)
        named.name = name
        return named

    def in_lang(self, lang: str) -> str:
        try:
            return self.name(lang)
        except Exception:  # a label that fails must not hide the error it is part of
            return str(self)

    @classmethod
    def joined(cls, items: Iterable[str]) -> Named:
        """Several names as one parameter ("possible instead: A; B"), each language's
        separator between them (French puts a space before the semicolon)."""
        items = tuple(items)
        return cls(", ".join(items), lambda lang: translate("word.separator", lang).join(
            i.in_lang(lang) if isinstance(i, Named) else i for i in items))


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


PLURAL_FORMS = ("zero", "one", "two", "few", "many", "other")


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def plural_key(code: str, lang: str, count: object) -> str:
    """`code.one`, `code.few`...: the form CLDR's plural rule of `lang` picks for `count`
    (French counts 0 as singular, English and German do not). A message with a count is
    written as `code` (the general, "other" form) plus one key per further form that the
    language needs, so every code stays a key of its own."""
    if isinstance(count, bool) or not isinstance(count, int | float):
        return code
    form = _locale(lang).plural_form(abs(count))
    return code if form == "other" else f"{code}.{form}"


def ordinal(n: int, lang: str | None = DEFAULT) -> str:
    """'2nd', '2.', '2e' (and '1er' in French): by CLDR's ordinal rule of `lang`."""
    short = normalise(lang)
    form = _locale(short).ordinal_form(n)
    words = catalogue(short)
    template = words.get(f"word.nth.{form}") or words.get("word.nth.other", "{n}")
    return template.replace("{n}", str(n))


def number(n: int | float, lang: str | None = DEFAULT) -> str:
    """A number as `lang` writes it: 12,345 / 12.345 / 12 345."""
    return format_decimal(n, locale=normalise(lang))


def _template(code: str, lang: str, params: dict[str, Any]) -> str | None:
    words = catalogue(lang)
    if "count" in params:
        found = words.get(plural_key(code, lang, params["count"]))
        if found is not None:
            return found
    return words.get(code)


# Parameters that carry a game word by its id (colours, goods, countries...): shown in the
# message's language, so "black" never reaches a German sentence (issue 13).
WORD_PARAMS = {"colour": "colour", "actual": "colour", "colours": "colour",
               "goods": "goods", "offered": "goods", "country": "country",
               "department": "department", "slot": "slot"}
_LIST = re.compile(r"(, |/| )")
# What a `country` parameter given by its id also fills in: the name after "to" and "of"
# (`word.country_to.<id>`, `word.country_of.<id>`).
COUNTRY_FORMS = ("country_to", "country_of")


def country_forms(country: str, lang: str | None = DEFAULT) -> dict[str, str]:
    """A country's name after "to" and "of", with the article and case `lang` needs ("in
    die Schweiz", "aux Pays-Bas"), by its id; {} for anything that is no country id."""
    words = catalogue(normalise(lang))
    return {form: found for form in COUNTRY_FORMS
            if (found := words.get(f"word.{form}.{country}")) is not None}


def _word(kind: str, value: str, words: dict[str, str]) -> str:
    return "".join(words.get(f"word.{kind}.{part}", part) if part.strip(", /") else part
                   for part in _LIST.split(value))


# French elides "de" and "que" before a vowel: "le plateau d’Ann", "d’Ordinateur 2". No
# template has one before a vowel of its own, so this touches only what was filled in.
_ELISION = re.compile(r"\b([Dd]|[Qq]u)e (?=[AEIOUYÀÂÉÈÊËÎÏÔÛÙaeiouyàâéèêëîïôûù])")


def _elided(text: str, lang: str) -> str:
    return _ELISION.sub(r"\1’", text) if lang == "fr" else text


def translate(code: str, lang: str | None = DEFAULT, /, **params: Any) -> str:
    """The message for `code` in `lang` with `params` filled in; never raises. A message
    written in plural forms (`code`, `code.one`...) is chosen by the `count` parameter,
    which is then shown as `lang` writes numbers."""
    short = normalise(lang)
    template = _template(code, short, params)
    if template is None:
        template = _template(code, DEFAULT, params)
    if template is not None and isinstance(params.get("count"), int) \
            and not isinstance(params.get("count"), bool):
        params = {**params, "count": number(params["count"], short)}
    if template is None:
        shown = ", ".join(f"{k}={v}" for k, v in params.items())
        return f"{code} ({shown})" if shown else code
    own = catalogue(short)
    words = {k: translate(v, lang, **v.params) if isinstance(v, Phrase)
             else v.in_lang(short) if isinstance(v, Named)
             else _word(WORD_PARAMS[k], v, own)
             if k in WORD_PARAMS and type(v) is str and not code.startswith(("label.", "place."))
             else v
             for k, v in params.items()}
    country = params.get("country")
    if type(country) is str:
        # A country after a preposition needs its article and case; a template never
        # builds them (a refusal of the rules carries the country's id).
        for form, found in country_forms(country, short).items():
            words.setdefault(form, found)
    try:
        return _elided(string.Formatter().vformat(template, (), _Lenient(words)), short)
    except (ValueError, IndexError, AttributeError, KeyError):
        return template


def has(code: str) -> bool:
    return code in catalogue(DEFAULT)
