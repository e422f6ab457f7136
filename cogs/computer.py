"""Computer players on Discord (issue 16): `/game add-bot`, `/game replace`,
`/game reclaim` and `/hint`, and the turns computers play posted like any turn.

`/game replace` by the host (or by the stalled player) hands the seat over at once; by
anyone else it opens the remaining players' vote, posted with the one `VoteButton` (kind
"seat"). The channel's stall notice carries `HandOverButton`, which does the same as
`/game replace` for the seat the table waits for.

The subcommands join the `/game` group of `cogs.games` when this extension loads (it loads
after it), so the cog stays self-contained. A computer's move is committed by the service
off the event loop; its turn post is then owed like any turn's, and posted here through
the owed-post path (claimed first: posted once, and made good by the periodic check when a
post fails). Computers play in the process whose command handed them the decision; the
reminders lease holder catches up what a restart or a dead process left owed.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs.context import (
    Interaction,
    WidgetCog,
    begin,
    bot_of,
    check_place,
    game_here,
    game_name,
    home_channel,
    names,
    note,
    public_lang,
    reply,
    service_of,
    user_id,
)
from cogs.i18n import NO_MENTIONS, SAFE_MENTIONS, Safe, clean, t
from cogs.posting import close_decided_votes
from cogs.prompts import guarded
from cogs.votes import ANSWERS, VoteButton, close_vote_post, vote_view, voted_game
from service import Table
from service.computer import StallEnded

if TYPE_CHECKING:
    from cogs.client import AutobahnBot

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
    note(interaction, game)
    result = await service_of(interaction).replace(game.id, user_id(interaction),
                                                   str(player.id), level)
    await present_replace(interaction, game, result)


async def present_replace(interaction: Interaction, game: Table, result: Any) -> None:
    """What `/game replace`, the stall notice's button or a vote answer did: the seat
    handed over (told to the table), a vote opened (posted with its buttons, those it
    waits for mentioned), refused, or still waiting."""
    lang, public = interaction.extras.get("lang", "en"), public_lang(game)
    known = names(result.game)
    who = Safe(clean(known.get(result.player, result.player), 40))  # named, not pinged
    level = t(f"computer.level.{result.level}", public)
    channel = home_channel(bot_of(interaction), game)
    if result.replaced or result.refused:
        await close_vote_post(interaction)
    if result.replaced:
        said = t("discord.computer.replaced", public, level=level, player=who, game=game_name(game))
        await channel.send(said, allowed_mentions=NO_MENTIONS)
        await reply(interaction, t("discord.vote_recorded", lang) if result.request else said)
        return
    if result.refused:
        await channel.send(t("computer.vote_refused", public, player=who, game=game_name(game)),
                           allowed_mentions=NO_MENTIONS)
        await reply(interaction, t("discord.vote_recorded", lang))
        return
    await reply(interaction, t("computer.vote", lang, player=who, count=result.needed,
                               yes=Safe(", ".join(clean(known.get(p, p), 40)
                                                  for p in result.yes)),
                               waiting=list(result.waiting)))
    if result.opened and result.request is not None:
        view = vote_view("seat", game.id, result.request, t("discord.replace_yes", public),
                         t("discord.replace_no", public))
        asker = Safe(clean(known.get(result.by, result.by), 40))
        posted = await channel.send(
            t("discord.replace_request", public, by=asker, player=who, level=level,
              game=game_name(game), count=result.needed, waiting=list(result.waiting)),
            view=view, allowed_mentions=SAFE_MENTIONS)
        await service_of(interaction).remember_vote_post(
            game.id, result.request, posted.channel.id, posted.id)


async def answer_replace(interaction: Interaction, game_id: int, request: int,
                         accept: bool) -> None:
    """A press on a button of a seat vote."""
    game, _ = await voted_game(interaction, game_id)
    result = await service_of(interaction).vote_replace(game_id, user_id(interaction),
                                                        accept, request=request)
    await present_replace(interaction, game, result)


ANSWERS["seat"] = answer_replace


class HandOverButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                     template=r"ab:cpu:(?P<game>\d{1,12}):(?P<player>\d{1,21})"
                              r"(?::(?P<at>\d{1,9}))?"):
    """On the stall notice: hand the seat the table waits for to a computer — at once for
    the host, else the vote of the remaining players (as `/game replace`). The button
    names its stall (`at`: the move count the notice announced it at): a press after that
    stall ended changes nothing and says so (issue 30 item 10, service.stalls)."""

    def __init__(self, game_id: int, player: str, at_move: int | None,
                 label: str = "") -> None:
        self.game_id, self.player, self.at_move = game_id, player, at_move
        stall = "" if at_move is None else f":{at_move}"
        super().__init__(discord.ui.Button(
            label=(label or "🤖")[:80], style=discord.ButtonStyle.secondary, emoji="🤖",
            custom_id=f"ab:cpu:{game_id}:{player}{stall}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> HandOverButton:
        at = match["at"]
        return cls(int(match["game"]), match["player"], None if at is None else int(at),
                   getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._press(interaction))

    async def _press(self, interaction: Interaction) -> None:
        await begin(interaction)
        service = service_of(interaction)
        game = await service.game(self.game_id)
        note(interaction, game)
        check_place(interaction, game)
        try:
            if self.at_move is None:  # posted before notices named their stall
                raise StallEnded(player=service.name(game, self.player))
            result = await service.replace(game.id, user_id(interaction), self.player,
                                           at_move=self.at_move)
        except StallEnded:
            await close_vote_post(interaction)  # this notice's button is dead: take it off
            raise
        await present_replace(interaction, game, result)


def handover_view(game: Table, player: str | None,
                  at_move: int | None = None) -> discord.ui.View | None:
    """The stall notice's button for `player`'s seat, stalled at move count `at_move`
    (the game's now by default); None: no seat a computer could take."""
    if player is None or not player.isdigit() or player not in game.player_ids:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(HandOverButton(game.id, player,
                                 game.action_count if at_move is None else at_move,
                                 t("discord.hand_over", public_lang(game))))
    return view


async def remember_notice(bot: AutobahnBot, game: Table, player: str | None,
                          message: discord.Message | None,
                          view: discord.ui.View | None) -> None:
    """Remember a posted stall notice, so its button comes off when its stall ends. Never
    fails the notice: at worst the button stays and its press is refused."""
    button = next((i for i in view.children if isinstance(i, HandOverButton)), None) if (
        view is not None) else None
    if message is None or button is None or player is None or button.at_move is None:
        return
    try:
        await bot.service.remember_stall_post(game.id, player, button.at_move,
                                              message.channel.id, message.id)
    except Exception:
        log.warning("could not remember the stall notice of game %s", game.id)


@app_commands.command(name="reclaim", description="Take your seat back from the computer")
async def reclaim(interaction: Interaction) -> None:
    await begin(interaction)
    game = await game_here(interaction)
    lang = note(interaction, game)
    service = service_of(interaction)
    game = await service.reclaim(game.id, user_id(interaction))
    who = Safe(clean(service.name(game, user_id(interaction)), 40))  # named, not pinged
    # the table is told, as it was told of the hand-over (issue 31, item 13); the answer
    # to the player is theirs alone
    await home_channel(bot_of(interaction), game).send(
        t("computer.reclaimed", public_lang(game), player=who, game=game_name(game)),
        allowed_mentions=NO_MENTIONS)
    await reply(interaction, t("computer.reclaimed", lang, player=who, game=game_name(game)))
    await close_decided_votes(bot_of(interaction), game.id)  # its stall notices are over


class Computers(WidgetCog):
    widgets = (VoteButton, HandOverButton)

    async def cog_load(self) -> None:
        await super().cog_load()
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
        await super().cog_unload()
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
        # the choice named as the card's buttons name it, the reason in the reader's words
        found = await service_of(interaction).hint(game.id, user_id(interaction), lang,
                                                   public_lang(game))
        await reply(interaction, t(found.reason, lang, **found.reason.params))


async def setup(bot: AutobahnBot) -> None:
    await bot.add_cog(Computers(bot))
