"""Votes of the table: the one vote button (an undo or an abandon request, a seat handed
to a computer), what an answer did, and the buttons of a decided vote taken off its post.

The turn cog posts undo votes, the game cog abandon votes and the computer cog seat votes;
each registers `VoteButton`. A press reaches the answer of its kind through `ANSWERS`
(the computer cog adds "seat" there, so this module imports no feature cog).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Coroutine
from typing import Any, Literal

import discord

from cogs.context import (
    Interaction,
    begin,
    bot_of,
    check_place,
    game_name,
    home_channel,
    names,
    note,
    public_lang,
    reply,
    service_of,
    user_id,
)
from cogs.errors import CogError
from cogs.i18n import NO_MENTIONS, SAFE_MENTIONS, Safe, clean, t
from cogs.posting import announce, close_decided_votes, of_undo, post_commit, posting_live
from cogs.prompts import guarded
from service import AbandonResult, Table, UndoResult

log = logging.getLogger("autobahn.discord")
VoteKind = Literal["undo", "quit", "seat"]
# The accepting button's style per vote: an abandon ends the game, so its yes is red.
YES_STYLE = {"undo": discord.ButtonStyle.success, "quit": discord.ButtonStyle.danger,
             "seat": discord.ButtonStyle.primary}
NO_STYLE = {"undo": discord.ButtonStyle.danger, "quit": discord.ButtonStyle.secondary,
            "seat": discord.ButtonStyle.secondary}
Answer = Callable[[Any, int, int, bool], Coroutine[Any, Any, None]]
ANSWERS: dict[str, Answer] = {}  # kind -> what a press does; filled below and by cogs


class VoteButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"ab:(?P<kind>undo|quit|seat):(?P<game>\d{1,12}):(?P<request>\d{1,12}):"
                          r"(?P<answer>yes|no)"):
    """An answer to an undo request (`undo`), to a vote on abandoning the game (`quit`) or
    on handing a stalled seat to a computer (`seat`); `request` is the request's event id."""

    def __init__(self, kind: VoteKind, game_id: int, request: int, accept: bool,
                 label: str = "") -> None:
        self.kind, self.game_id, self.request, self.accept = kind, game_id, request, accept
        super().__init__(discord.ui.Button(
            label=(label or ("✓" if accept else "✗"))[:80],
            style=(YES_STYLE if accept else NO_STYLE)[kind],
            custom_id=f"ab:{kind}:{game_id}:{request}:{'yes' if accept else 'no'}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /
                             ) -> VoteButton:
        kinds: dict[str, VoteKind] = {"undo": "undo", "quit": "quit", "seat": "seat"}
        kind = kinds[match["kind"]]
        return cls(kind, int(match["game"]), int(match["request"]), match["answer"] == "yes",
                   getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        answer = ANSWERS.get(self.kind, answer_abandon)
        await guarded(interaction, answer(interaction, self.game_id, self.request,
                                          self.accept))


def vote_view(kind: VoteKind, game_id: int, request: int, yes: str,
              no: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(VoteButton(kind, game_id, request, True, yes))
    view.add_item(VoteButton(kind, game_id, request, False, no))
    return view


async def voted_game(interaction: Interaction, game_id: int) -> tuple[Table, str]:
    """The game a vote button belongs to, checked to be answered where it is played."""
    await begin(interaction)
    game = (await service_of(interaction).view(game_id)).game
    lang = note(interaction, game)
    check_place(interaction, game)
    return game, lang


async def answer_undo(interaction: Interaction, game_id: int, request: int,
                      accept: bool) -> None:
    service = service_of(interaction)
    game, lang = await voted_game(interaction, game_id)
    pending = await service.pending_undo(game_id)
    if pending is None or pending.id != request:
        raise CogError("no_undo_request")
    with posting_live(bot_of(interaction), game_id):
        outcome = await service.vote_undo(game_id, user_id(interaction), accept,
                                          interaction_id=str(interaction.id))
        if isinstance(outcome, UndoResult):  # the last consent: the undo happened
            recorded = t("discord.vote_recorded", lang)
            async with post_commit(interaction, game_id, recorded):
                await reply(interaction, recorded)
                await close_vote_post(interaction)
                await announce(bot_of(interaction), game.id, of_undo(game, outcome))
            return
    voter = names(game).get(user_id(interaction), "?")
    if not outcome.accepted:
        await reply(interaction, t("discord.vote_recorded", lang))
        await close_vote_post(interaction)
        await home_channel(bot_of(interaction), game).send(
            t("undo.refused", public_lang(game), player=voter), allowed_mentions=NO_MENTIONS)
        return
    await reply(interaction, t("undo.vote", lang, player=voter,
                               waiting=list(outcome.waiting)))


async def close_vote_post(interaction: Interaction) -> None:
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


async def answer_abandon(interaction: Interaction, game_id: int, request: int,
                         accept: bool) -> None:
    """A press on a button of an abandon vote."""
    game, _ = await voted_game(interaction, game_id)
    result = await service_of(interaction).vote_abandon(game_id, user_id(interaction), accept,
                                                        request=request)
    await present_abandon(interaction, game, result)


async def present_abandon(interaction: Interaction, game: Table, result: AbandonResult) -> None:
    """What `/game abandon` or a vote answer did: the game ended, a vote opened (posted
    with its buttons, the players it waits for mentioned), was refused, or goes on."""
    lang, public = interaction.extras.get("lang", "en"), public_lang(game)
    known = names(game)
    label = game_name(game)
    channel = home_channel(bot_of(interaction), game)
    if result.ended or result.refused:
        await close_vote_post(interaction)
    if result.ended and not result.announce:  # a concurrent last yes posted the end
        await reply(interaction, t("discord.vote_recorded", lang))
        return
    if result.ended:
        who = Safe(", ".join(clean(known.get(p, p), 40) for p in result.yes)) if (
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
    counts = {"count": result.needed, "seats": len(game.players)}
    await reply(interaction, t("abandon.vote", lang, game=label, waiting=list(result.waiting),
                               yes=[known.get(p, p) for p in result.yes], **counts))
    if result.opened and result.request is not None:
        view = vote_view("quit", game.id, result.request, t("discord.abandon_yes", public),
                         t("discord.abandon_no", public))
        # Those who must answer are mentioned; the asker is named, not pinged.
        asker = Safe(clean(known.get(result.by, result.by), 40))
        posted = await channel.send(t("discord.abandon_request", public, player=asker,
                                      game=label, waiting=list(result.waiting), **counts),
                                    view=view, allowed_mentions=SAFE_MENTIONS)
        await service_of(interaction).remember_vote_post(
            game.id, result.request, posted.channel.id, posted.id)


ANSWERS.update(undo=answer_undo, quit=answer_abandon)
