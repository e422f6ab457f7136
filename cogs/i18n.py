"""Messages in the player's language, and safe text for Discord.

Texts come from the catalogues in `locales/` (`locales.translate`). Every parameter is
treated as untrusted — player names and echoed input can hold markdown or `@everyone` — so
it is escaped before it is put into a template; player ids become mentions only after that,
and `SAFE_MENTIONS` lets a message ping users but never @everyone, @here or roles.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import discord

from locales import Named, Phrase, normalise, translate

SAFE_MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True,
                                        replied_user=False)
NO_MENTIONS = discord.AllowedMentions.none()

# Parameters that hold player ids (Discord user ids as text) rather than free text.
PLAYER_PARAMS = frozenset({"player", "current", "host", "by"})
PLAYER_LIST_PARAMS = frozenset({"players", "waiting", "winners"})
_SNOWFLAKE = re.compile(r"^\d{15,21}$")
MESSAGE_LIMIT = 2000


def lang_of(interaction: discord.Interaction, override: str | None = None) -> str:
    """The player's own setting if any, else the locale of their Discord client."""
    if override:
        return normalise(override)
    return normalise(interaction.locale.value if interaction.locale else None)


def clean(text: Any, limit: int = 200) -> str:
    """Untrusted text made inert: no markdown, no mentions, bounded length."""
    shown = str(text)
    if len(shown) > limit:
        shown = shown[: limit - 1] + "…"
    shown = discord.utils.escape_mentions(shown)
    return discord.utils.escape_markdown(shown)


class Safe(str):
    """Text the bot composed itself from escaped parts: not escaped a second time."""


def mention(player_id: Any) -> str:
    """`<@id>` for a Discord user id, the escaped name for anything else (console players)."""
    text = str(player_id)
    return f"<@{text}>" if _SNOWFLAKE.match(text) else clean(text, 80)


def _escaped(value: Named) -> Named:
    """A board name, escaped when written: an unknown id is echoed input."""
    return Named(value, lambda lang: clean(value.in_lang(lang)))


def _param(key: str, value: Any) -> Any:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value  # a number stays one: `count` picks the plural form (CLDR)
    if isinstance(value, Named):
        return _escaped(value)
    if isinstance(value, Safe | Phrase):  # a Phrase is a catalogue key, ours: translated later
        return value
    if key in PLAYER_PARAMS and value is not None:
        return mention(value)
    if key in PLAYER_LIST_PARAMS and isinstance(value, list | tuple | set | frozenset):
        return ", ".join(mention(v) for v in value)
    if isinstance(value, list | tuple):
        if any(isinstance(v, Named) for v in value):
            return Named.joined([_escaped(v) if isinstance(v, Named) else clean(v, 100)
                                 for v in value])
        return ", ".join(clean(v, 100) for v in value)
    return clean(value)


def t(code: str, lang: str, /, **params: Any) -> str:
    """The catalogue text for `code` with every parameter escaped."""
    return translate(code, lang, **{k: _param(k, v) for k, v in params.items()})


def join_lines(lines: Iterable[str], limit: int = MESSAGE_LIMIT) -> str:
    """Lines joined up to Discord's message limit, with a marker when cut."""
    out: list[str] = []
    size = 0
    for line in lines:
        if size + len(line) + 1 > limit - 2:
            out.append("…")
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(out)
