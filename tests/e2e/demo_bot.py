"""The small real discord.py bot the harness tests drive, and the endpoint contract.

`point_discord_py_at` is, line for line, what bot.py must do (tests/e2e/README.md); the bot
changes nothing else to reach the fake. Its commands cover the interaction kinds the game
uses: a deferred slash command with a PNG followup, autocomplete, a persistent button
(DynamicItem) and a select, with names and descriptions translated to de and fr.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands
from PIL import Image


def point_discord_py_at(env: Mapping[str, str]) -> None:
    """Exactly what bot.py does before `bot.start()` (tests/e2e/README.md), nothing more."""
    if base := env.get("DISCORD_API_BASE"):
        discord.http.Route.BASE = base.rstrip("/")
    if gateway := env.get("DISCORD_GATEWAY_URL"):
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


CATALOGUE = {
    "de": {"ping": "ping", "Is the bot there?": "Ist der Bot da?", "route": "strecke",
           "Pick a city": "Wähle eine Stadt", "city": "stadt", "The city": "Die Stadt"},
    "fr": {"ping": "ping", "Is the bot there?": "Le bot est-il là ?", "route": "trajet",
           "Pick a city": "Choisis une ville", "city": "ville", "The city": "La ville"},
}  # fmt: skip
CITIES = ["Hamburg", "Hannover", "Hanau", "Berlin", "Bremen", "München"]


class Translator(app_commands.Translator):
    def __init__(self, catalogue: Mapping[str, Mapping[str, str]]) -> None:
        self.catalogue = catalogue

    async def translate(
        self, string: locale_str, locale: discord.Locale, context: app_commands.TranslationContext
    ) -> str | None:
        return self.catalogue.get(locale.value, {}).get(string.message)


def tiny_png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (4, 3), (200, 30, 30)).save(out, format="PNG")
    return out.getvalue()


class Press(discord.ui.DynamicItem[discord.ui.Button], template=r"press:(?P<game>\d+)"):
    """A persistent button: its state is in the custom_id, so it works after a restart."""

    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(label="Go", custom_id=f"press:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any
    ) -> Press:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"game {self.game}: {interaction.user}")


class PickCity(discord.ui.Select):
    """A select answered by a deferred update (type 6), then an edit of @original."""

    def __init__(self) -> None:
        options = [discord.SelectOption(label=c, value=c) for c in CITIES[:3]]
        super().__init__(custom_id="pick-city", options=options)

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"picked {self.values[0]}")


class DemoBot(commands.Bot):
    def __init__(self, guild_id: int, catalogue: Mapping[str, Mapping[str, str]]) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.guild_id = guild_id
        self.catalogue = catalogue
        self.pings = 0
        self.errors: list[BaseException] = []

        @app_commands.command(name=locale_str("ping"), description=locale_str("Is the bot there?"))
        async def ping(interaction: discord.Interaction) -> None:
            self.pings += 1
            await interaction.response.defer(thinking=True)
            file = discord.File(io.BytesIO(tiny_png()), filename="board.png")
            await interaction.followup.send(f"pong ({interaction.locale.value})", file=file)

        @app_commands.command(name=locale_str("route"), description=locale_str("Pick a city"))
        @app_commands.describe(city=locale_str("The city"))
        @app_commands.rename(city=locale_str("city"))
        async def route(interaction: discord.Interaction, city: str) -> None:
            await interaction.response.send_message(f"route to {city}", ephemeral=True)

        @route.autocomplete("city")
        async def city_choices(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=c, value=c) for c in CITIES if c.startswith(current)]

        self.tree.add_command(ping)
        self.tree.add_command(route)
        self.tree.on_error = self._tree_error  # type: ignore[method-assign]

    async def _tree_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        self.errors.append(error)  # the bot lives on; a real bot logs and apologises here

    async def setup_hook(self) -> None:
        await self.tree.set_translator(Translator(self.catalogue))
        self.add_dynamic_items(Press)
        # As with DEV_GUILD_ID (DESIGN §4): a guild sync takes effect at once.
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)
