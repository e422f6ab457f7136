"""The table's pace on Discord (issue 35): `/game autopass`, `/game history`, the stall
notice after expiries in a row, and the deadline line of the turn card.

The subcommands join the `/game` group when this cog loads (as cogs.computer's do); the
expired turns themselves are posted like a computer's turns (cogs.computer's listener
posts the turn card once the turn passed), and the reminder loop hands each due deadline
row to the service (cogs.reminders).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs.context import (
    Interaction,
    WidgetCog,
    begin,
    game_name,
    game_to_change,
    home_channel,
    names,
    note,
    public_lang,
    reply,
    service_of,
    to_move,
    user_id,
)
from cogs.i18n import SAFE_MENTIONS, Safe, t
from cogs.pace_card import RematchButton
from cogs.posting import announce, of_start, post_commit, posting_live
from cogs.stats import show_history
from service.deadlines import Expiry

if TYPE_CHECKING:
    from cogs.client import AutobahnBot

log = logging.getLogger("autobahn.discord.pace")
UNTIL = [app_commands.Choice(name=n, value=n) for n in ("era", "back", "off")]


@app_commands.command(name="autopass", description="Let your turns be played while you are away")
@app_commands.describe(until="era: to the end of this era; back: until you take it back; "
                             "off: you are back")
@app_commands.choices(until=UNTIL)
async def autopass(interaction: Interaction, until: str = "back") -> None:
    game, lang = await game_to_change(interaction, None)
    me = user_id(interaction)
    game = await service_of(interaction).set_autopass(game.id, me, until)
    how = t(f"pace.setting.action.{game.settings.get('deadline_action', 'computer')}", lang)
    await reply(interaction, t(f"pace.autopass.set.{until}", lang,
                               player=names(game, lang).get(me, me), how=how))


@app_commands.command(name="history", description="The finished games of this server")
@app_commands.describe(page="Which page (the newest games first)")
async def history(interaction: Interaction,
                  page: app_commands.Range[int, 1, 100_000] | None = None) -> None:
    await show_history(interaction, page)


async def rematch_press(interaction: Interaction, game_id: int) -> None:
    await begin(interaction)
    service = service_of(interaction)
    me = user_id(interaction)
    old = await service.game(game_id)
    lang = note(interaction, old)
    done = await service.press_rematch(game_id, me)
    known = names(done.game, lang)
    if done.opened is not None:
        new = done.opened.game
        fresh = names(new, public_lang(new))
        text = t("pace.rematch.opened", public_lang(new), old=game_name(old),
                 game=game_name(new), players=", ".join(fresh[p] for p in new.player_ids),
                 player=to_move(new, done.opened.first_player, public_lang(new)))
        bot: AutobahnBot = interaction.client
        async with post_commit(interaction, game_id, t("pace.rematch.already", lang,
                                                         old=game_name(old),
                                                         game=game_name(new))):
            with posting_live(bot, new.id):
                await home_channel(bot, new).send(text[:2000], allowed_mentions=SAFE_MENTIONS)
                await announce(bot, new.id, of_start(done.opened))
            await reply(interaction, t("pace.rematch.already", lang, old=game_name(old),
                                       game=game_name(new)))
        return
    if done.already is not None:
        await reply(interaction, t("pace.rematch.already", lang, old=game_name(old),
                                   game=game_name(done.already)))
        return
    text = t("pace.rematch.waiting", public_lang(old), player=known.get(me, me),
             game=game_name(old), waiting=Safe(", ".join(f"<@{p}>" if p.isdigit() else p
                                                          for p in done.waiting)))
    await home_channel(interaction.client, old).send(text[:2000],
                                                     allowed_mentions=SAFE_MENTIONS)
    await reply(interaction, t("pace.rematch.waiting", lang, player=known.get(me, me),
                               game=game_name(old),
                               waiting=", ".join(known.get(p, p) for p in done.waiting)))


class Pace(WidgetCog):
    """The Rematch button of final cards (the stall notice carries cogs.computer's)."""

    widgets = (RematchButton,)

    async def rematch_press(self, interaction: Interaction, game_id: int) -> None:
        await rematch_press(interaction, game_id)

    async def cog_load(self) -> None:
        await super().cog_load()
        games = self.bot.get_cog("Games")
        group = getattr(games, "app_command", None)
        if isinstance(group, app_commands.Group):
            commands_: tuple[app_commands.Command[Any, ..., None], ...] = (autopass, history)
            for command in commands_:
                if group.get_command(command.name) is None:
                    group.add_command(command)
        service: Any = self.bot.service  # type: ignore[attr-defined]
        service.on_expiry(self._expired)

    async def _expired(self, expiry: Expiry) -> None:
        """After the table's limit of expiries in a row, the stall notice, as a stalled
        reminder posts it: with the offer to hand the seat to a computer."""
        if not expiry.stalled:
            return
        from cogs.computer import handover_view, remember_notice

        game = expiry.game
        lang = public_lang(game)
        text = t("pace.stalled", lang, player=expiry.player, count=expiry.misses,
                 game=game_name(game))
        extra: dict[str, Any] = {}
        view = handover_view(game, expiry.player)
        if view is not None:
            extra["view"] = view
        bot: AutobahnBot = self.bot  # type: ignore[assignment]
        try:
            # The nonce names this expiry: a repeat after a crash is the same message.
            posted = await home_channel(bot, game).send(
                text[:2000], allowed_mentions=SAFE_MENTIONS,
                nonce=f"stall-{game.id}-{game.version}"[:25], **extra)
        except discord.HTTPException:
            log.warning("could not post the stall notice of game %s", game.id)
            return
        await remember_notice(bot, game, expiry.player, posted, view)


async def setup(bot: AutobahnBot) -> None:
    await bot.add_cog(Pace(bot))
