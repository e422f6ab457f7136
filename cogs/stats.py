"""`/stats player`, `/stats server` and `/game history` (issue 35): a server's memory.

Answers are personal (ephemeral) and in the reader's language; the figures come from the
service (`service.history`), worded by `service.history_text` as the console words them.
`/game history` is a subcommand of the `/game` group that cogs.pace adds at load.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.context import (
    Interaction,
    WidgetCog,
    begin,
    board_link,
    note,
    place_of,
    reply,
    service_of,
    user_id,
)
from cogs.i18n import join_lines, t
from service.history import NoSuchPlayer, PastGame
from service.history_text import history_lines, server_lines, stats_lines

if TYPE_CHECKING:
    from cogs.client import AutobahnBot


def record_link(past: PastGame) -> str:
    """The game's last board post (its final card), else its channel or thread."""
    return board_link(past.game)


def discord_date(ts: float) -> str:
    return f"<t:{int(ts)}:d>"  # each reader sees it in their own zone and format


async def show_history(interaction: Interaction, page: int | None) -> None:
    await begin(interaction)
    lang = note(interaction)
    found = await service_of(interaction).game_history(place_of(interaction), page)
    await reply(interaction, join_lines(history_lines(found, lang, discord_date, record_link),
                                        1900))


@app_commands.guild_only()
class Stats(WidgetCog, commands.GroupCog, group_name="stats",
            group_description="Games, wins and ratings on this server"):
    """Posts no buttons."""

    @app_commands.command(name="player", description="A player's games, wins and rating here")
    @app_commands.describe(player="Whose stats (default: yours)",
                           versus="Head-to-head against this player")
    async def player(self, interaction: Interaction, player: discord.Member | None = None,
                     versus: discord.Member | None = None) -> None:
        await begin(interaction)
        lang = note(interaction)
        who = str(player.id) if player is not None else user_id(interaction)
        try:
            found = await service_of(interaction).player_stats(
                place_of(interaction), who, str(versus.id) if versus is not None else None)
        except NoSuchPlayer as err:
            if err.params.get("player") != who:
                raise  # the other player of the head-to-head: the error names them
            # A member with no finished game here: named as the server shows them.
            shown = (player or interaction.user).display_name
            await reply(interaction, t("pace.stats.none", lang, player=shown))
            return
        await reply(interaction, join_lines(stats_lines(found, lang), 1900))

    @app_commands.command(name="server", description="The leaderboard of this server")
    async def server(self, interaction: Interaction) -> None:
        await begin(interaction)
        lang = note(interaction)
        found = await service_of(interaction).server_stats(place_of(interaction))
        await reply(interaction, join_lines(server_lines(found, lang), 1900))


async def setup(bot: AutobahnBot) -> None:
    await bot.add_cog(Stats(bot))
