"""Looking at a game: `/board`, `/status`, `/log`, `/rules`, `/export`, `/replay`.

All answers are personal (ephemeral): anyone may look at any game of their server, by the
channel it lives in or by its id, without adding noise to the table's channel.
"""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from cogs.context import (
    Interaction,
    WidgetCog,
    begin,
    board_file,
    game_name,
    game_to_show,
    home_id,
    note,
    reply,
    service_of,
    user_id,
)
from cogs.errors import CogError
from cogs.i18n import clean, join_lines, t
from cogs.posting import page_link
from cogs.present import status_lines

if TYPE_CHECKING:
    from cogs.client import AutobahnBot

VIEWS = [app_commands.Choice(name=n, value=n) for n in ("full", "map", "players", "card")]
GAME_DESC = "Game id (default: the game of this channel)"


def check_size(interaction: Interaction, size: int) -> None:
    """Discord refuses attachments over the interaction's limit; say so instead of failing."""
    limit = interaction.filesize_limit or 10 * 1024 * 1024
    if size > limit:
        raise CogError("discord.too_large", size=f"{size // 1024} KB",
                       limit=f"{limit // 1024} KB")


@app_commands.guild_only()
class Boards(WidgetCog):
    """Posts no buttons."""

    @app_commands.command(name="board", description="Show the board, now or at an earlier move")
    @app_commands.describe(at_move="Show the board after this move (0 = the start)",
                           view="map, players, card (phone) or full", game=GAME_DESC)
    @app_commands.choices(view=VIEWS)
    async def board(self, interaction: Interaction,
                    at_move: app_commands.Range[int, 0, 100_000] | None = None,
                    view: str = "full", game: app_commands.Range[int, 1] | None = None) -> None:
        found, lang = await game_to_show(interaction, game)
        png = await service_of(interaction).board(found.id, at_move=at_move, view=view,
                                                   lang=lang)
        check_size(interaction, len(png))
        caption = game_name(found) + (f" · {at_move}" if at_move is not None else "")
        if interaction.channel_id == home_id(found):  # a private channel's link stays there
            link = await page_link(service_of(interaction), found, lang)
            caption += f"\n{link}" if link else ""
        await reply(interaction, caption, file=board_file(png))

    @app_commands.command(name="status", description="The game in words: turn, money, points")
    @app_commands.describe(game=GAME_DESC)
    async def status(self, interaction: Interaction,
                     game: app_commands.Range[int, 1] | None = None) -> None:
        found, lang = await game_to_show(interaction, game)
        view = await service_of(interaction).view(found.id)
        await reply(interaction, join_lines(status_lines(view, lang)))

    @app_commands.command(name="log", description="The moves of the game so far")
    @app_commands.describe(game=GAME_DESC, page="Which page (the latest if left out)",
                           notation="Add each move's notation, as /act takes it")
    async def log(self, interaction: Interaction,
                  game: app_commands.Range[int, 1] | None = None,
                  page: app_commands.Range[int, 1] | None = None,
                  notation: bool = False) -> None:
        found, lang = await game_to_show(interaction, game)
        # the notation is engine words: only whoever asks for it reads it (issue 31, item 3)
        lines = await service_of(interaction).log(found.id, lang, page=page, told=True,
                                                   with_notation=notation)
        text = join_lines([clean(line, 300) for line in lines], 1800)
        every = await service_of(interaction).log(found.id, lang, with_notation=notation)
        if len(every) <= 15:
            await reply(interaction, f"**{game_name(found)}**\n{text}")
            return
        # A long log: this page inline (the latest unless asked), the whole log as a file.
        whole = discord.File(io.BytesIO("\n".join(every).encode()), f"log-{found.id}.txt")
        await reply(interaction, f"**{game_name(found)}**\n{text}", file=whole)

    @app_commands.command(name="rules", description="How to play, and the action notation")
    async def rules(self, interaction: Interaction) -> None:
        await begin(interaction)
        lang = note(interaction)
        # the player aid in the player's language, not the engine's notes (issue 13)
        text = t("rules.aid", lang).encode()
        await reply(interaction, t("discord.rules", lang),
                    file=discord.File(io.BytesIO(text), "RULES.md"))

    @app_commands.command(name="export", description="The game record as JSON")
    @app_commands.describe(game=GAME_DESC)
    async def export(self, interaction: Interaction,
                     game: app_commands.Range[int, 1] | None = None) -> None:
        found, _ = await game_to_show(interaction, game)
        record = await service_of(interaction).export(found.id)
        data = json.dumps(record, ensure_ascii=False, indent=1).encode()
        check_size(interaction, len(data))
        await reply(interaction, game_name(found),
                    file=discord.File(io.BytesIO(data), f"autobahn-{found.id}.json"))

    @app_commands.command(name="replay", description="An animated image of the whole game")
    @app_commands.describe(game=GAME_DESC)
    async def replay(self, interaction: Interaction,
                     game: app_commands.Range[int, 1] | None = None) -> None:
        found, lang = await game_to_show(interaction, game)
        gif = await service_of(interaction).replay_animation(found.id, lang,
                                                             user_id=user_id(interaction))
        check_size(interaction, len(gif))
        await reply(interaction, game_name(found),
                    file=discord.File(io.BytesIO(gif), f"autobahn-{found.id}.gif"))


async def setup(bot: AutobahnBot) -> None:
    await bot.add_cog(Boards(bot))
