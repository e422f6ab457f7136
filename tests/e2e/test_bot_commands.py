"""The real bot.py against the loopback Discord: start-up, command registration, a first turn."""

from __future__ import annotations

import json
import random
from importlib import resources

from botproc import GUILD_COMMANDS, BotProcess
from fake_discord import FakeDiscord
from table import Table

COMMANDS = {"game", "act", "build", "upgrade", "load", "station", "research", "bonus", "move",
            "promote", "takeback", "grant", "pass", "undo", "board", "status", "log", "rules",
            "export", "replay", "remind", "hint", "stats"}
GAME_SUBCOMMANDS = {"new", "join", "leave", "start", "abandon", "list", "settings",
                    "add-bot", "replace", "reclaim", "history", "autopass"}


def catalogue() -> dict[str, dict[str, str]]:
    text = resources.files("locales").joinpath("commands.json").read_text(encoding="utf-8")
    return json.loads(text)


async def test_commands_registered_in_three_languages(fd: FakeDiscord, bot: BotProcess) -> None:
    (put,) = fd.recorder.find("PUT", GUILD_COMMANDS)
    assert put.status == 200 and put.path.endswith(f"/guilds/{fd.world.guild.id}/commands")
    registered = {c["name"]: c for c in fd.world.commands[fd.world.guild.id]}
    assert set(registered) == COMMANDS
    game = registered["game"]
    assert {o["name"] for o in game["options"]} == GAME_SUBCOMMANDS
    words = catalogue()
    for lang in ("de", "fr"):
        table = words[lang]
        for name, command in registered.items():
            # English is the default name and description; de and fr come from the catalogue.
            assert command["description"], name
            assert command["name_localizations"][lang] == table[f"cmd.{name}"], (lang, name)
            assert command["description_localizations"][lang] == table[f"cmd.{name}.desc"]
        for sub in game["options"]:
            key = f"cmd.game.{sub['name']}"
            assert sub["name_localizations"][lang] == table[key]
            assert sub["description_localizations"][lang] == table[key + ".desc"]
    assert registered["act"]["name_localizations"] == {"de": "zug", "fr": words["fr"]["cmd.act"]}
    action = registered["act"]["options"][0]
    assert action["name"] == "action" and action["autocomplete"] is True


async def test_a_game_opens_and_a_turn_is_played(table: Table) -> None:
    await table.open_game()
    start = table.turn_messages()
    assert len(start) == 1
    table.check_board(start[0], 10 * 2**20)
    rng = random.Random(1)
    while not (await table.decide(rng, weights=(1, 0, 0))).turn_passed:
        pass
    assert len(table.turn_messages()) == 2
    table.assert_log_dense()
    assert all(s.ack_seconds is not None and s.ack_seconds < 3 for s in table.sent)
