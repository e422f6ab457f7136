"""Every command, group, parameter and choice has a German and a French name/description,
valid for Discord, and no two top-level commands share a name in one language."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest
from discord import app_commands

from cogs.translator import CatalogueTranslator, catalogue
from tests.cogs.conftest import Table

NAME = re.compile(r"^[-_\w]{1,32}$")


async def payloads(table: Table) -> list[dict[str, Any]]:
    translator = CatalogueTranslator()
    return [await c.get_translated_payload(table.bot.tree, translator)
            for c in table.bot.tree.get_commands()]


def walk(payload: dict[str, Any], path: str = "") -> list[tuple[str, dict[str, Any]]]:
    here = f"{path}/{payload['name']}"
    out = [(here, payload)]
    for option in payload.get("options", []):
        out += walk(option, here)
    return out


async def test_every_name_and_description_has_de_and_fr(table: Table) -> None:
    missing = []
    for payload in await payloads(table):
        for path, item in walk(payload):
            for lang in ("de", "fr"):
                name = (item.get("name_localizations") or {}).get(lang)
                desc = (item.get("description_localizations") or {}).get(lang)
                if not name or not NAME.match(name) or name != name.lower():
                    missing.append((path, "name", lang, name))
                if not desc or len(desc) > 100:
                    missing.append((path, "description", lang, desc))
            for choice in item.get("choices", []):
                if choice["value"] in ("en", "de", "fr"):
                    continue  # language names are the same in every language
                for lang in ("de", "fr"):
                    if lang not in (choice.get("name_localizations") or {}):
                        missing.append((path, choice["value"], lang, None))
    assert missing == []


async def test_top_level_names_are_unique_per_language(table: Table) -> None:
    for lang in ("de", "fr"):
        names = [p["name_localizations"][lang] for p in await payloads(table)]
        assert len(names) == len(set(names)), lang


async def test_the_command_list(table: Table) -> None:
    names = sorted(c.qualified_name for c in table.bot.tree.walk_commands()
                   if isinstance(c, app_commands.Command))
    assert names == sorted([
        "game new", "game join", "game leave", "game start", "game abandon", "game list",
        "game settings", "act", "build", "upgrade", "load", "station", "research", "bonus",
        "move", "promote", "takeback", "grant", "pass", "undo", "board", "status", "log",
        "rules", "export", "replay", "remind",
        "game add-bot", "game replace", "game reclaim", "hint",
        "game history", "game autopass", "stats player", "stats server"])


async def test_english_is_left_to_the_default(table: Table) -> None:
    translator = CatalogueTranslator()
    command = table.bot.tree.get_command("board")
    assert command is not None
    context = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_name, command)
    assert await translator.translate(app_commands.locale_str("board"),
                                      discord.Locale.american_english, context) is None
    assert await translator.translate(app_commands.locale_str("board"),
                                      discord.Locale.german, context) == "spielplan"


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_every_command_a_discord_text_names_is_that_languages_command(lang: str) -> None:
    """'Starte eine mit /game new' told a German Discord player a command their client
    calls /partie neu: a text Discord shows names commands by their localised names (a
    text that names the console's command has a discord.* form)."""
    from locales import catalogue as texts

    words = catalogue().get(lang, {})
    keys = [k for k in catalogue()["de"] if k.startswith("cmd.") and not k.endswith(".desc")]
    # "cmd.game.new" -> "game new" in English, "partie neu" in German
    names = {" ".join(words.get(".".join(k.split(".")[:i + 2]), part)
                      for i, part in enumerate(k.split(".")[1:])) for k in keys}
    groups = {n for n in names if any(m.startswith(n + " ") for m in names)}
    shown = texts(lang)
    wrong = {}
    for key, text in shown.items():
        if key.startswith(("console.", "rules.")) or f"discord.{key}" in shown:
            continue
        for first, second in re.findall(r"(?<![\w<])/([^\s/.,;:)]+)(?: ([^\s/.,;:)]+))?", text):
            command = f"{first} {second}" if first in groups else first
            if command not in names:
                wrong[key] = command
    assert not wrong, wrong
