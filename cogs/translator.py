"""Command names and descriptions in German and French: a discord.py `Translator`.

English is written in the code (the default Discord shows); `locales/commands.json` holds
the German and French. Keys follow where a string sits, so the cogs need no key noise:
`cmd.<group>.<command>` and `.desc` for commands and groups, `cmd.<command>.<param>.desc`
for a parameter description specific to one command, else the shared `param.<name>` and
`param.<name>.desc`, and `choice.<value>` for choices. A string without an entry stays
English (Discord then shows the default), so a missing key degrades, never fails a sync.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from locales import DEFAULT, SUPPORTED

LANGUAGES = tuple(lang for lang in SUPPORTED if lang != DEFAULT)  # English is in the code


@cache
def catalogue() -> dict[str, dict[str, str]]:
    text = resources.files("locales").joinpath("commands.json").read_text(encoding="utf-8")
    data = json.loads(text)
    return {lang: {str(k): str(v) for k, v in data.get(lang, {}).items()} for lang in LANGUAGES}


def key_of(location: Where, data: Any) -> list[str]:
    """The catalogue keys to try, most specific first, for a string at `location`."""
    if location in (Where.command_name, Where.group_name):
        return ["cmd." + data.qualified_name.replace(" ", ".")]
    if location in (Where.command_description, Where.group_description):
        return ["cmd." + data.qualified_name.replace(" ", ".") + ".desc"]
    if location is Where.parameter_name:
        return [f"param.{data.name}"]
    if location is Where.parameter_description:
        command = data.command.qualified_name.replace(" ", ".")
        return [f"cmd.{command}.{data.name}.desc", f"param.{data.name}.desc"]
    if location is Where.choice_name:
        return [f"choice.{data.value}"]
    return []


class CatalogueTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        lang = locale.value.split("-")[0]
        if lang not in LANGUAGES:
            return None
        table = catalogue()[lang]
        explicit = string.extras.get("key")
        keys = [explicit] if explicit else key_of(context.location, context.data)
        for key in keys:
            if key in table:
                return table[key]
        return None
