"""The turn card's parts for the table's pace (issue 35): the deadline line and the final
card's Rematch button. A leaf beside cogs.prompts: cogs.posting draws the card with these,
and a press reaches the rematch flow in cogs.pace at run time."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from cogs.context import public_lang
from cogs.i18n import t
from cogs.prompts import guarded
from service import GameService, Table
from service.rematch import humans

log = logging.getLogger("autobahn.discord.pace")


async def deadline_line(service: GameService, game: Table, lang: str) -> str:
    """The turn card's deadline, as a Discord timestamp each reader sees in their own zone
    ("in 23 hours"), with the date; "" when the turn has none."""
    try:
        due = await service.deadline_of(game.id)
    except Exception:  # the card goes out without it rather than not at all
        log.exception("could not read the deadline of game %s", game.id)
        return ""
    if due is None:
        return ""
    return t("pace.deadline.card", lang, when=f"<t:{int(due)}:R> (<t:{int(due)}:f>)")


class RematchButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"ab:again:(?P<game>\d{1,12})"):
    """On a finished game's final card: the players ask for the same table again; the
    press that completes the set opens and deals the new game (service.rematch)."""

    def __init__(self, game_id: int, label: str = "") -> None:
        self.game_id = game_id
        super().__init__(discord.ui.Button(
            label=(label or "Rematch")[:80], style=discord.ButtonStyle.success, emoji="🔁",
            custom_id=f"ab:again:{game_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> RematchButton:
        return cls(int(match["game"]), getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        # The flow lives in the Pace cog (cogs.pace), reached at run time: a widget
        # imports no flow.
        cog: Any = interaction.client.get_cog("Pace")
        await guarded(interaction, cog.rematch_press(interaction, self.game_id))


def rematch_row(game: Table) -> list[discord.ui.Item[Any]]:
    """The final card's row: the Rematch button (a finished game with people in it)."""
    if game.status != "finished" or not humans(game):
        return []
    return [RematchButton(game.id, t("pace.rematch.button", public_lang(game)))]


