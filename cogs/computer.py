"""Computer players on Discord (issue 16): `/game add-bot`, `/game replace`,
`/game reclaim` and `/hint`, and the turns computers play posted like any turn.

The subcommands join the `/game` group of `cogs.games` when this extension loads (it loads
after it), so the cog stays self-contained. A computer's move is committed by the service
off the event loop; its turn post is then owed like any turn's, and posted here through
the owed-post path (claimed first: posted once, and made good by the periodic check when a
post fails). Computers play in the process whose command handed them the decision; the
reminders lease holder catches up what a restart or a dead process left owed.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.context import Interaction, begin, game_here, note, reply, service_of, user_id
from cogs.i18n import t

log = logging.getLogger("autobahn.discord.computer")
LEVELS = [app_commands.Choice(name=n, value=n) for n in ("easy", "normal", "strong")]


@app_commands.command(name="add-bot", description="Seat a computer player in the lobby")
@app_commands.describe(level="How strong it plays")
@app_commands.choices(level=LEVELS)
async def add_bot(interaction: Interaction, level: str = "normal") -> None:
    await begin(interaction)
    game = await game_here(interaction)
    lang = note(interaction, game)
    game = await service_of(interaction).add_bot(game.id, user_id(interaction), level)
    await reply(interaction, t("computer.added", lang, name=game.players[-1].display_name,
                               game=game.id))


@app_commands.command(name="replace", description="Hand a stalled player's seat to a computer")
@app_commands.describe(player="The player whose seat a computer takes", level="How strong")
@app_commands.choices(level=LEVELS)
async def replace(interaction: Interaction, player: discord.Member,
                  level: str = "normal") -> None:
    await begin(interaction)
    game = await game_here(interaction)
    lang = note(interaction, game)
    service = service_of(interaction)
    game = await service.replace(game.id, user_id(interaction), str(player.id), level)
    await reply(interaction, t("computer.replaced", lang, level=t(f"computer.level.{level}",
                               lang), player=service.name(game, str(player.id)), game=game.id))


@app_commands.command(name="reclaim", description="Take your seat back from the computer")
async def reclaim(interaction: Interaction) -> None:
    await begin(interaction)
    game = await game_here(interaction)
    lang = note(interaction, game)
    service = service_of(interaction)
    game = await service.reclaim(game.id, user_id(interaction))
    await reply(interaction, t("computer.reclaimed", lang,
                               player=service.name(game, user_id(interaction)), game=game.id))


class Computers(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        games = self.bot.get_cog("Games")
        group = getattr(games, "app_command", None)
        if isinstance(group, app_commands.Group):
            commands_: tuple[app_commands.Command[Any, ..., None], ...] = (
                add_bot, replace, reclaim)
            for command in commands_:
                if group.get_command(command.name) is None:
                    group.add_command(command)
        service: Any = self.bot.service  # type: ignore[attr-defined]
        # A decision owed after a restart (or left by a process that died) is made by
        # the reminders lease holder's loop (ReminderLoop.catch_up), once it can post.
        service.on_computer_move(self._posted)

    async def cog_unload(self) -> None:
        self.bot.service.stop_computers()  # type: ignore[attr-defined]

    async def _posted(self, result: Any) -> None:
        from cogs.turn_posts import post_turn

        if not result.turn_passed and not result.over:
            return  # inside a turn: its post comes when the turn ends
        service: Any = self.bot.service  # type: ignore[attr-defined]
        game = await service.game(result.game_id)
        if await service.claim_turn_post(game):
            await post_turn(self.bot, game)  # type: ignore[arg-type]

    @app_commands.command(name="hint", description="A suggestion for your decision")
    @app_commands.guild_only()
    async def hint(self, interaction: Interaction) -> None:
        await begin(interaction)
        game = await game_here(interaction)
        lang = note(interaction, game)
        found = await service_of(interaction).hint(game.id, user_id(interaction), lang)
        await reply(interaction, t(found.reason, lang, **found.reason.params))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Computers(bot))
