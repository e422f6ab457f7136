"""The public messages of a game: one `Announcement` per turn post, and the guard around
everything a command does after its change is committed. Imports no feature cog: every
cog posts through it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from cogs.cards import CARD_FILE, TEXT_LIMIT, close_previous_card, turn_card
from cogs.context import (
    Interaction,
    board_file,
    game_name,
    home_channel,
    names,
    public_lang,
    reply,
    to_move,
)
from cogs.i18n import NO_MENTIONS, SAFE_MENTIONS, Safe, clean, join_lines, t
from cogs.pace_card import deadline_line, rematch_row  # the table's pace (issue 35)
from cogs.present import final_words
from cogs.prompts import UndoButton, prompt_rows
from service import ActResult, GameService, StartResult, Table, TurnPost, UndoResult
from service.names import start_words
from service.seat_settings import computer_seats, replaced_seats
from service.undo import undo_parts

if TYPE_CHECKING:
    from cogs.client import AutobahnBot

log = logging.getLogger("autobahn.discord")

# What sending to Discord raises besides an HTTP error answer: a connection dropped or
# reset (aiohttp.ServerDisconnectedError, ClientError, OSError), a timeout, and a 429
# whose wait exceeds max_ratelimit_timeout (discord.RateLimited is no HTTPException).
POST_ERRORS: tuple[type[BaseException], ...] = (
    discord.HTTPException, discord.RateLimited, aiohttp.ClientError, OSError,
    asyncio.TimeoutError)


def fault(err: BaseException) -> str:
    """A network fault in one line: its kind and, when it has one, its short text."""
    text = " ".join(str(err).split())[:200]
    return f"{type(err).__name__}: {text}" if text else type(err).__name__


# A turn card's text display: Discord allows 4000 characters over the whole card; the
# rest is left for the image's description and the labels that count with it.
CARD_TEXT = TEXT_LIMIT - 100


@dataclass(frozen=True, slots=True)
class Announcement:
    """One public turn message: its text, its board, and the version it shows (the post
    is recorded with it; prompt buttons go with it only while it is the game's version)."""

    version: int
    text: str
    board: bytes | None  # None: not drawn now; the game still owes the post
    next_player: str | None  # whose decision the buttons are for; None: no buttons
    mover: str | None = None  # who just moved, offered Undo; None: no Undo button
    shown: str | None = None  # whose board the card shows (the image's description)


def undo_offer(game: Table, player: str | None, over: bool) -> str | None:
    """The player a turn card offers Undo to: the seated human who just moved."""
    if over or player is None or player not in game.player_ids:
        return None
    if player in computer_seats(game.settings) or player in replaced_seats(game.settings):
        return None
    return player


def turn_text(game: Table, result: ActResult | TurnPost, lang: str,
              story: tuple[str, ...] = ()) -> str:
    """The public summary: the turn told (service.story) or, without it, what happened and
    what changed; who is next (a mention)."""
    known = names(game)
    told = story or (result.story if isinstance(result, TurnPost) else ())
    if told:
        tail = (t("game.finished", lang, **final_words(game, result.scores, result.winners,
                                                         lang))
                if result.over else
                t("act.next", lang, player=to_move(game, result.next_player, lang),
                  decision=t(f"decision.{result.decision}", lang)) if result.next_player else "")
        # The game's name leads the turn's first line; the notation is for experts and
        # stays in /log, where each action has it in brackets: in the post it was English
        # machine text, and only the turn's last decision's.
        first, *rest = (clean(line, 300) for line in told)
        body = join_lines([f"**{game_name(game)}** · {first}", *rest],
                          CARD_TEXT - 10 - len(tail))
        return f"{body}\n{tail}"[:CARD_TEXT] if tail else body
    lines = [f"**{game_name(game)}** · " + t("act.done", lang,
             player=known.get(result.player or "", result.player), action=result.notation)]
    # A solo game: the Autobot's turns, played right after this action.
    autobot = result.autobot if isinstance(result, ActResult) else ()
    lines += [t("act.done", lang, player="Autobot", action=turn) for turn in autobot]
    lines += [t(c.code, lang, **{**c.params, "player": known.get(
        str(c.params.get("player")), c.params.get("player"))}) for c in result.changes[:10]]
    if result.over:
        lines.append(t("game.finished", lang,
                       **final_words(game, result.scores, result.winners, lang)))
    elif result.next_player:
        lines.append(t("act.next", lang, player=to_move(game, result.next_player, lang),
                       decision=t(f"decision.{result.decision}", lang)))
    return "\n".join(lines)[:CARD_TEXT]


def started_text(game: Table, first_player: str | None,
                 turn_order: tuple[str, ...] = ()) -> str:
    """The public line of a game's start (its first turn message): the seats in turn
    order, who drafts first (mentioned: it is their decision) and who plays first."""
    lang = public_lang(game)
    known = names(game, lang)
    code, words = start_words(game, turn_order, first_player or "")

    def named(pid: str) -> str:
        return Safe(clean(known.get(pid, pid), 40))

    params = {role: [known.get(p, p) for p in who] if role == "players"  # escaped by t
              else to_move(game, who, lang) if role == "player"
              else named(who) if isinstance(who, str) else who
              for role, who in words.items()}
    return f"**{game_name(game)}** · " + t(code, lang, game=game_name(game), **params)[:2000]


async def of_move(service: GameService, game: Table, result: ActResult) -> Announcement:
    """A move's turn post, the turn told by the service's story."""
    lang = public_lang(game)
    try:  # the move is committed: a story that cannot be told falls back to the summary
        story = await service.turn_story(game.id, lang)
    except Exception:
        log.exception("could not tell the turn of game %s", game.id)
        story = ()
    return Announcement(result.version, turn_text(game, result, lang, story),
                        result.board, result.next_player,
                        undo_offer(game, result.player, result.over),
                        result.next_player or next(iter(result.winners), None))


def of_start(started: StartResult) -> Announcement:
    return Announcement(started.game.version,
                        started_text(started.game, started.first_player, started.turn_order),
                        started.board, started.first_player, shown=started.first_player)


def of_undo(game: Table, result: UndoResult) -> Announcement:
    lang = public_lang(game)
    own, replies = undo_parts(result, names(game))
    text = t("undo.done", lang, player=names(game).get(result.by, result.by),
             count=len(own), actions=own)
    if replies:
        text += " " + t("undo.replies", lang, count=len(replies), actions=replies)
    if result.next_player:
        text += "\n" + t("act.next", lang, player=to_move(game, result.next_player, lang),
                         decision=t(f"decision.{result.decision}", lang))
    return Announcement(result.version, f"**{game_name(game)}** · {text}", result.board,
                        result.next_player, shown=result.next_player)


def of_turn_post(post: TurnPost) -> Announcement:
    """An owed post: the game as it is now (the start message before the first action)."""
    if post.player is None:
        text = started_text(post.game, post.next_player, post.turn_order)
    else:
        text = turn_text(post.game, post, public_lang(post.game))
    return Announcement(post.version, text, post.board, post.next_player,
                        undo_offer(post.game, post.player, post.over),
                        post.next_player or next(iter(post.winners), None))


async def announce(bot: AutobahnBot, game_id: int,
                   announcement: Announcement) -> discord.Message | None:
    """The one public message of a turn, a turn card (cogs.cards): the turn told, the
    board, the next player's prompt and the mover's Undo. The previous card loses its
    buttons first, with one edit.

    None when it did not go out (the game still owes it; the owed-post check sends it):
    without a board, or when Discord could not be reached."""
    if announcement.board is None:
        return None  # a turn post without its board would pay what the game owes
    service = bot.service
    game = (await service.view(game_id)).game
    lang = public_lang(game)
    rows: list[list[discord.ui.Item[Any]]] = []
    current = game.version == announcement.version
    # Buttons only for a human playing their own seat: a computer's seat is not pressed.
    if (announcement.next_player and current
            and to_move(game, announcement.next_player, "en") == announcement.next_player):
        legal = await service.labelled(game_id, lang=lang)
        # The list belongs to legal.version: buttons of a later board would be wrong here.
        current = legal.version == announcement.version
        if current:
            rows = prompt_rows(game_id, legal.version, legal.items, lang)
    if announcement.mover and current:
        rows.append([UndoButton(game_id, announcement.version, announcement.mover,
                                t("discord.undo_button", lang))])
    if current and game.status == "finished":
        rows.append(rematch_row(game))
    known = names(game)
    shown = known.get(announcement.shown or "", announcement.shown or "")
    text = announcement.text
    if current and announcement.next_player:
        line = await deadline_line(service, game, lang)
        text = f"{text}\n{line}"[:CARD_TEXT] if line else text
    view = turn_card(text, rows,
                     t("discord.card_board", lang, game=game_name(game), player=shown),
                     link=await page_link(service, game, lang))
    # Before the send: if the send fails, the game still owes its post, and the retry
    # finds this card closed already (it is edited once).
    await close_previous_card(bot, game, POST_ERRORS)
    try:
        # The nonce names this post: if a crash lost our record of a send Discord did
        # make, the repeat is answered with that message instead of a second one
        # (discord.py sends it with enforce_nonce; Discord keeps nonces a few minutes).
        message = await home_channel(bot, game).send(
            view=view, file=board_file(announcement.board, CARD_FILE),
            nonce=turn_nonce(game_id, announcement.version), allowed_mentions=SAFE_MENTIONS)
    except POST_ERRORS as err:
        # The move is committed; a lost post must not look like a failed move. The game
        # still owes this post, so the reminder loop's next check sends it. A fault the
        # bot recovers from is one warning line, not an ERROR and a traceback (issue 30
        # item 16).
        log.warning("could not post the turn of game %s (%s); the owed post follows",
                    game_id, fault(err))
        return None
    # Pays the post the game owed up to this version; reminders link to it.
    await service.record_turn_post(game_id, announcement.version, message.channel.id,
                                   message.id)
    return message


async def page_link(service: GameService, game: Table, lang: str) -> str:
    """"[Board in the browser](https://…)", the game's web page as a markdown link; ""
    when no pages are served. Posted only in the game's own channel or thread (the
    turn card; `/board` there), so a private channel's link stays in it. Never fails a
    post: a link that cannot be made now is left out."""
    try:
        url = await service.web_link(game.id)
    except Exception:
        log.exception("could not make the web link of game %s", game.id)
        return ""
    return f"[{t('web.link', lang)}]({url})" if url else ""


def turn_nonce(game_id: int, version: int) -> str:
    return f"turn-{game_id}-{version}"[:25]  # Discord allows 25 characters


@contextlib.asynccontextmanager
async def post_commit(interaction: Interaction, game_id: int,
                      told: str) -> AsyncIterator[None]:
    """Everything a command does after its change is committed, as one guarded step.

    The change stands whatever happens here, so no error may reach the player as the
    error handler's "nothing was changed": it is logged, and the player who has not been
    answered yet is told `told` (what was done). A turn post that did not go out is
    still owed by the game and is posted by the owed-post check."""
    try:
        yield
    except Exception:
        log.exception("after the commit in game %s", game_id)
        if not interaction.extras.get("answered"):
            try:
                await reply(interaction, told)
            except Exception:  # nobody left to tell: the change and the owed post stand
                log.warning("could not tell the player about the change in game %s",
                            game_id)


@contextlib.contextmanager
def posting_live(bot: AutobahnBot, game_id: int) -> Iterator[None]:
    """Around a command that commits a move and then posts its turn: the reminder loop's
    check for owed posts leaves this game alone meanwhile, or it would post the same turn
    a second time while this one renders and sends."""
    bot.live_posts[game_id] += 1
    try:
        yield
    finally:
        bot.live_posts[game_id] -= 1
        if bot.live_posts[game_id] <= 0:
            del bot.live_posts[game_id]


async def lapsed_note(bot: AutobahnBot, game_id: int, player: str) -> str:
    """The stalled player moved: the vote on their seat is over, the seat stays theirs."""
    game = await bot.service.game(game_id)
    lang = public_lang(game)
    who = Safe(clean(bot.service.names(game, lang).get(player, player), 40))
    return t("discord.seat_vote_lapsed", lang, player=who, game=game_name(game))


async def close_decided_votes(bot: AutobahnBot, game_id: int | None) -> set[int]:
    """Take the buttons off the game's vote posts whose vote is decided (by an answer, a
    refusal, the host's force, a move that voided the request, the end of the game);
    returns the message ids done. Never fails the command it follows."""
    done: set[int] = set()
    if game_id is None:
        return done
    try:
        posts = await bot.service.decided_vote_posts(game_id)
        lapsed = await bot.service.lapsed_seat_posts(game_id) if posts else {}
        for post_id, channel_id, message_id in posts:
            channel = bot.get_partial_messageable(channel_id)
            message = channel.get_partial_message(message_id)
            try:
                await message.edit(view=None)
                if post_id in lapsed:  # the buttons go with a word why (issue 31, item 13)
                    await channel.send(await lapsed_note(bot, game_id, lapsed[post_id]),
                                       allowed_mentions=NO_MENTIONS)
            except discord.NotFound:
                pass  # deleted: nothing left to close
            except discord.HTTPException:
                log.warning("could not close the vote post %s", message_id)
                continue  # tried again after the next decision
            await bot.service.vote_post_closed(game_id, post_id)
            done.add(message_id)
    except Exception:  # closing buttons is tidying up after a committed decision
        log.exception("could not close the vote posts of game %s", game_id)
    return done
