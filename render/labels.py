"""The words drawn on the board, in English, German and French.

They live in the one catalogue (`locales/*.json`, keys `board.*`) beside every message,
so the board, the messages and the labels say the same words (issue 13); this module
only keys into it. An unknown key falls back to the key itself, so a missing entry never
breaks a render.
"""

from __future__ import annotations

from locales import SUPPORTED, catalogue, translate

LANGS = SUPPORTED
PREFIX = "board."


def label(key: str, lang: str = "en", **params: object) -> str:
    """The text for `key` in `lang`, with `{name}` parameters filled in."""
    if PREFIX + key not in catalogue("en"):
        return key
    return translate(PREFIX + key, lang, **params)


def colon(lang: str = "en") -> str:
    """": " between a heading and what follows; French sets a narrow no-break space
    before it ("Route : Saarbrücken – Passau")."""
    return label("colon", lang)


def goods_letter(goods: str, lang: str = "en") -> str:
    """One letter per goods type. The translated names share initials (Cars/Chemicals,
    Autos/Chimie), so the catalogue chooses letters per language to stay distinct rather
    than deriving them."""
    key = f"letter_{goods}"
    return label(key, lang) if PREFIX + key in catalogue("en") else goods[:1].upper()


def tile_text(bonus: str, lang: str = "en") -> str:
    """A bonus in RULES §9.1 vocabulary ('money 3', 'promote') as a short tile label."""
    parts = bonus.split()
    kind = parts[0] if parts else ""
    n = parts[1] if len(parts) > 1 else "1"
    key = f"tile_{kind}"
    return label(key, lang, n=n) if PREFIX + key in catalogue("en") else bonus


def all_keys() -> frozenset[str]:
    """Every board key, for tests that check all languages are complete."""
    return frozenset(k[len(PREFIX):] for k in catalogue("en") if k.startswith(PREFIX))


def has_all_languages(key: str) -> bool:
    return all(PREFIX + key in catalogue(lang) for lang in LANGS)
