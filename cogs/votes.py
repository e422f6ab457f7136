"""Votes through buttons: answers to an undo or abandon request, what they did, and the
buttons of a decided vote taken off its post."""

from __future__ import annotations

from typing import Any

import discord

from cogs.common import (
    announce_undo,
    begin,
    bot_of,
    close_decided_votes,
    game_name,
    in_own_place,
    log,
    note,
    post_commit,
    posting_live,
    public_lang,
    reply,
    service_of,
    user_id,
    where,
)
from cogs.errors import CogError
from cogs.i18n import NO_MENTIONS, SAFE_MENTIONS, Safe, clean, t
from service import Game


async def perform_vote(interaction: discord.Interaction, game_id: int, request: int,
                       accept: bool) -> None:
    await begin(interaction)
    service = service_of(interaction)
    game = (await service.view(game_id)).game
    lang = note(interaction, game)
    if not in_own_place(interaction, game):
        raise CogError("discord.wrong_channel", game=game.id, channel=where(game))
    pending = await service.pending_undo(game_id)
    if pending is None or pending.id != request:
        raise CogError("no_undo_request")
    with posting_live(bot_of(interaction), game_id):
        outcome = await service.vote_undo(game_id, user_id(interaction), accept,
                                          interaction_id=str(interaction.id))
        if hasattr(outcome, "removed"):  # the last consent: the undo happened
            recorded = t("discord.vote_recorded", lang)
            async with post_commit(interaction, game_id, recorded):
                await reply(interaction, recorded)
                await close_vote_post(interaction)
                await announce_undo(interaction, game, outcome)
            return
    names = {p.user_id: p.display_name for p in game.players}
    if not outcome.accepted:
        await reply(interaction, t("discord.vote_recorded", lang))
        await close_vote_post(interaction)
        channel = bot_of(interaction).get_partial_messageable(
            game.thread_id or game.channel_id or 0, guild_id=game.guild_id)
        await channel.send(t("undo.refused", public_lang(game), player=names.get(
            user_id(interaction), "?")), allowed_mentions=NO_MENTIONS)
        return
    await reply(interaction, t("undo.vote", lang, player=names.get(user_id(interaction), "?"),
                               waiting=list(outcome.waiting)))


async def close_vote_post(interaction: discord.Interaction) -> None:
    """A decided vote keeps its text but loses its buttons: nobody answers it any more.
    The pressed post, and every remembered post whose vote is decided."""
    closed = await close_decided_votes(bot_of(interaction), interaction.extras.get("game_id"))
    message = interaction.message
    if message is None or message.id in closed:
        return
    try:
        await message.edit(view=None)
    except discord.HTTPException:  # the vote is decided either way; a live button says so
        log.warning("could not close the vote post %s", message.id)


async def perform_abandon_vote(interaction: discord.Interaction, game_id: int, request: int,
                               accept: bool) -> None:
    """A press on a button of an abandon vote."""
    await begin(interaction)
    service = service_of(interaction)
    game = (await service.view(game_id)).game
    note(interaction, game)
    if not in_own_place(interaction, game):
        raise CogError("discord.wrong_channel", game=game.id, channel=where(game))
    result = await service.vote_abandon(game_id, user_id(interaction), accept, request=request)
    await present_abandon(interaction, game, result)


async def present_abandon(interaction: discord.Interaction, game: Game, result: Any) -> None:
    """What `/game abandon` or a vote answer did: the game ended, a vote opened (posted
    with its buttons, the players it waits for mentioned), was refused, or goes on."""
    lang, public = interaction.extras.get("lang", "en"), public_lang(game)
    names = {p.user_id: p.display_name for p in game.players}
    label = game_name(game)
    channel = bot_of(interaction).get_partial_messageable(
        game.thread_id or game.channel_id or 0, guild_id=game.guild_id)
    if result.ended or result.refused:
        await close_vote_post(interaction)
    if result.ended and not result.announce:  # a concurrent last yes posted the end
        await reply(interaction, t("discord.vote_recorded", lang))
        return
    if result.ended:
        who = Safe(", ".join(clean(names.get(p, p), 40) for p in result.yes)) if (
            result.request is not None) else interaction.user.display_name
        await channel.send(t("game.abandoned", public, game=label, player=who),
                           allowed_mentions=NO_MENTIONS)
        await reply(interaction, t("game.abandoned", lang, game=label, player=who))
        return
    if result.refused:
        await channel.send(t("abandon.refused", public, game=label),
                           allowed_mentions=NO_MENTIONS)
        await reply(interaction, t("discord.vote_recorded", lang))
        return
    counts = {"needed": result.needed, "seats": len(game.players)}
    await reply(interaction, t("abandon.vote", lang, game=label, waiting=list(result.waiting),
                               yes=[names.get(p, p) for p in result.yes], **counts))
    if result.opened:
        from cogs.views import abandon_view

        view = abandon_view(game.id, result.request, t("discord.abandon_yes", public),
                            t("discord.abandon_no", public))
        # Those who must answer are mentioned; the asker is named, not pinged.
        asker = Safe(clean(names.get(result.by, result.by), 40))
        posted = await channel.send(t("discord.abandon_request", public, player=asker,
                                      game=label, waiting=list(result.waiting), **counts),
                                    view=view, allowed_mentions=SAFE_MENTIONS)
        await bot_of(interaction).service.remember_vote_post(
            game.id, result.request, posted.channel.id, posted.id)


