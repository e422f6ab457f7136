"""What every cog does the same way: find the game, check the place, act, post the turn.

Thin by design: the service decides (legality, whose turn, undo consent); this module only
maps a Discord interaction to service calls and the answer back to messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from cogs.errors import CogError
from cogs.i18n import NO_MENTIONS, SAFE_MENTIONS, Safe, clean, join_lines, lang_of, mention, t
from rules import UnknownActionError
from service import Place
from store import Game

if TYPE_CHECKING:
    from cogs.client import AutobahnBot

log = logging.getLogger("autobahn.discord")
MAX_ACTION = 200  # longer than any notation (rules.actions.MAX_TEXT)
THREAD_TYPES = (discord.ChannelType.public_thread, discord.ChannelType.private_thread,
                discord.ChannelType.news_thread)


def bot_of(interaction: discord.Interaction) -> AutobahnBot:
    return interaction.client  # type: ignore[return-value]


def service_of(interaction: discord.Interaction) -> Any:
    return bot_of(interaction).service


def user_id(interaction: discord.Interaction) -> str:
    return str(interaction.user.id)


def place_of(interaction: discord.Interaction) -> Place:
    channel = interaction.channel
    if channel is not None and getattr(channel, "type", None) in THREAD_TYPES:
        return Place(interaction.guild_id, getattr(channel, "parent_id", None), channel.id)
    return Place(interaction.guild_id, interaction.channel_id, None)


async def begin(interaction: discord.Interaction, *, ephemeral: bool = True) -> None:
    """Acknowledge first: Discord allows 3 s, a database write or a render may take longer."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)


def public_lang(game: Game) -> str:
    """The language of the game's public messages (`/game settings language` wins)."""
    return str(game.settings.get("language") or game.language)


def game_name(game: Game) -> str:
    name = game.settings.get("name")
    return Safe(f"#{game.id} {clean(name, 60)}" if name else f"#{game.id}")


def note(interaction: discord.Interaction, game: Game | None = None) -> str:
    """Record the game and the reader's language on the interaction (for the error handler)
    and return the language: the player's own setting in this game, else their client's."""
    override = None
    if game is not None:
        interaction.extras["game_id"] = game.id
        override = next((p.language for p in game.players if p.user_id == user_id(interaction)),
                        None)
    lang = lang_of(interaction, override)
    interaction.extras["lang"] = lang
    return lang


def in_own_place(interaction: discord.Interaction, game: Game) -> bool:
    """A game with a thread is played in that thread; otherwise in its channel."""
    if game.guild_id != interaction.guild_id:
        return False
    if game.thread_id is not None:
        return interaction.channel_id == game.thread_id
    return interaction.channel_id == game.channel_id


async def game_here(interaction: discord.Interaction, game_id: int | None = None) -> Game:
    """The open game of this channel or thread, or the one named by `game_id` when it is
    played here (for commands that change a game)."""
    service = service_of(interaction)
    if game_id is not None:
        game = (await service.view(game_id)).game
    else:
        game = await service.game_here(place_of(interaction), user_id(interaction))
    if not in_own_place(interaction, game):
        raise CogError("discord.wrong_channel", game=game.id, channel=where(game))
    return game


async def find_game(interaction: discord.Interaction, game_id: int | None) -> Game:
    """For read-only commands: the game by id (same server only), else the one here —
    the open one, or the one that ended here last (a finished game stays reachable)."""
    if game_id is None:
        game = await service_of(interaction).game_to_look_at(place_of(interaction),
                                                             user_id(interaction))
        if not in_own_place(interaction, game):
            raise CogError("discord.wrong_channel", game=game.id, channel=where(game))
    else:
        game = (await service_of(interaction).view(game_id)).game
        if game.guild_id != interaction.guild_id:
            # Another server's game does not exist as far as this one is concerned.
            raise CogError("unknown_game", game=game_id)
    note(interaction, game)
    return game


def where(game: Game) -> str:
    return f"<#{game.thread_id or game.channel_id}>"


def board_file(png: bytes, name: str = "board.png") -> discord.File:
    return discord.File(io.BytesIO(png), filename=name)


async def reply(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """The personal answer to a deferred interaction (ephemeral if it was deferred so)."""
    kwargs.setdefault("allowed_mentions", NO_MENTIONS)
    await interaction.followup.send(text[:2000], ephemeral=True, **kwargs)
    interaction.extras["answered"] = True


# What sending to Discord raises besides an HTTP error answer: a connection dropped or
# reset (aiohttp.ServerDisconnectedError, ClientError, OSError), a timeout, and a 429
# whose wait exceeds max_ratelimit_timeout (discord.RateLimited is no HTTPException).
POST_ERRORS: tuple[type[BaseException], ...] = (
    discord.HTTPException, discord.RateLimited, aiohttp.ClientError, OSError,
    asyncio.TimeoutError)


@contextlib.asynccontextmanager
async def post_commit(interaction: discord.Interaction, game_id: int,
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


# -- acting ------------------------------------------------------------------------------------


async def perform_act(interaction: discord.Interaction, game_id: int | None = None, *,
                      notation: str | None = None, index: int | None = None,
                      version: int | None = None) -> None:
    """One move from a command (`notation`) or a button or menu (`index` at `version`)."""
    await begin(interaction)
    if notation is not None and len(notation) > MAX_ACTION:
        # No legal action is this long: refuse before any lookup, echoing only a stub.
        raise UnknownActionError(text=notation[:57] + "...")
    service = service_of(interaction)
    game = await game_here(interaction, game_id)
    note(interaction, game)
    if version is not None and version != game.version:
        raise CogError("discord.stale_button", game=game.id)
    if index is not None and notation is None:
        # A button or menu of the current board: the wrong person gets the true answer
        # /act gives (not playing, someone else's decision), not "the board has changed".
        await service.check_turn(game.id, user_id(interaction))
    if notation is not None and notation.startswith("#") and notation[1:].isdigit():
        index = int(notation[1:])  # an autocomplete value standing for a long notation
    if index is not None:
        legal = await service.legal(game.id, user_id(interaction))
        if (version is not None and legal.version != version) or not (
                0 <= index < len(legal.actions)):
            raise CogError("discord.stale_button", game=game.id)
        notation = legal.actions[index]
    with posting_live(bot_of(interaction), game.id):
        # A typed command names no version: the time Discord stamped on it stands in, so
        # the same command sent twice does not act twice on two successive decisions.
        issued = interaction.created_at.timestamp() if version is None else None
        result = await service.act(game.id, user_id(interaction), notation or "",
                                   expected_version=version, issued_at=issued,
                                   interaction_id=str(interaction.id), lang=public_lang(game))
        await present_result(interaction, game, result)
    await close_decided_votes(bot_of(interaction), game.id)  # a move voids an undo request


async def present_result(interaction: discord.Interaction, game: Game, result: Any) -> None:
    """The answer to a committed move (guarded: see `post_commit`)."""
    lang = interaction.extras.get("lang", "en")
    names = {p.user_id: p.display_name for p in game.players}
    done = t("act.done", lang, player=names.get(result.player, result.player),
             action=result.notation)
    async with post_commit(interaction, game.id, done):
        await _present_result(interaction, game, result, done, lang, names)


async def _present_result(interaction: discord.Interaction, game: Game, result: Any,
                          done: str, lang: str, names: dict[str, str]) -> None:
    if result.turn_passed or result.over:
        if result.board is None:  # not drawn now: the owed turn post brings it
            await reply(interaction, f"{done}\n{t('discord.board_follows', lang)}")
            return
        await reply(interaction, done)
        await announce(bot_of(interaction), game.id, result)
        return
    # The same player decides again (a move, a promotion...): a private prompt.
    service = service_of(interaction)
    nxt = t("act.next", lang, player=names.get(result.next_player, ""),
            decision=t(f"decision.{result.decision}", lang))
    legal = await service.labelled(game.id, user_id(interaction), lang)
    from cogs.views import prompt_view

    view = prompt_view(game.id, legal.version, legal.actions, legal.labels, lang)
    await reply(interaction, f"{done}\n{nxt}", **({"view": view} if view else {}))


def turn_text(game: Game, result: Any, lang: str, story: tuple[str, ...] = ()) -> str:
    """The public summary: the turn told (service.story) or, without it, what happened and
    what changed; who is next (a mention)."""
    names = {p.user_id: p.display_name for p in game.players}
    told = story or tuple(getattr(result, "story", ()))
    if told:
        tail = (t("game.finished", lang, winners=list(result.winners), scores=Safe(", ".join(
                    f"{clean(names.get(p, p), 40)} {s}" for p, s in (result.scores or {}).items())))
                if result.over else
                t("act.next", lang, player=result.next_player,
                  decision=t(f"decision.{result.decision}", lang)) if result.next_player else "")
        # the notation stays in the head: what /act accepts, and what players copy
        head = f"**{game_name(game)}** · " + t("act.done", lang, player=names.get(
            result.player, result.player), action=result.notation)
        body = join_lines([head, *(clean(line, 300) for line in told)], 1990 - len(tail))
        return f"{body}\n{tail}"[:2000] if tail else body
    lines = [f"**{game_name(game)}** · " + t("act.done", lang,
             player=names.get(result.player, result.player), action=result.notation)]
    # A solo game: the Autobot's turns, played right after this action.
    lines += [t("act.done", lang, player="Autobot", action=turn)
              for turn in getattr(result, "autobot", ())]
    lines += [t(c.code, lang, **{**c.params, "player": names.get(c.params.get("player"),
                                                                  c.params.get("player"))})
              for c in getattr(result, "changes", ())[:10]]
    if result.over:
        scores = Safe(", ".join(f"{clean(names.get(p, p), 40)} {s}"
                                for p, s in (result.scores or {}).items()))
        lines.append(t("game.finished", lang, scores=scores,
                       winners=list(result.winners)))
    elif result.next_player:
        lines.append(t("act.next", lang, player=result.next_player,
                       decision=t(f"decision.{result.decision}", lang)))
    return "\n".join(lines)[:2000]


def started_text(game: Game, first_player: str | None) -> str:
    """The public line of a game's start (its first turn message)."""
    names = {p.user_id: p.display_name for p in game.players}
    return f"**{game_name(game)}** · " + t(
        "game.started", public_lang(game), game=game_name(game),
        players=[names.get(p, p) for p in game.player_ids], player=first_player)[:2000]


async def announce(bot: AutobahnBot, game_id: int, result: Any,
                   text: str | None = None) -> discord.Message | None:
    """The one public message of a turn: summary, board, and the next player's prompt.

    None when it did not go out (the game still owes it; the owed-post check sends it):
    without a board, or when Discord could not be reached."""
    if getattr(result, "board", None) is None:
        return None  # a turn post without its board would pay what the game owes
    service = bot.service
    game = (await service.view(game_id)).game
    if text is None:
        try:  # the move is committed: a story that cannot be told falls back to the summary
            story = await service.turn_story(game_id, public_lang(game))
        except Exception:
            log.exception("could not tell the turn of game %s", game_id)
            story = ()
        text = turn_text(game, result, public_lang(game), story)
    kwargs: dict[str, Any] = {"allowed_mentions": SAFE_MENTIONS}
    kwargs["file"] = board_file(result.board)
    if result.next_player and game.version == result.version:
        legal = await service.labelled(game_id, lang=public_lang(game))
        from cogs.views import prompt_view

        # The list belongs to legal.version: buttons of a later board would be wrong here.
        view = prompt_view(game_id, legal.version, legal.actions, legal.labels,
                           public_lang(game))
        if view is not None and legal.version == result.version:
            kwargs["view"] = view
    channel = bot.get_partial_messageable(game.thread_id or game.channel_id or 0,
                                          guild_id=game.guild_id)
    try:
        # The nonce names this post: if a crash lost our record of a send Discord did
        # make, the repeat is answered with that message instead of a second one
        # (discord.py sends it with enforce_nonce; Discord keeps nonces a few minutes).
        message = await channel.send(text, nonce=turn_nonce(game_id, result.version),
                                     **kwargs)
    except POST_ERRORS:
        # The move is committed; a lost post must not look like a failed move. The game
        # still owes this post, so the reminder loop's next check sends it.
        log.exception("could not post the turn of game %s", game_id)
        return None
    # Pays the post the game owed up to this version; reminders link to it.
    await service.record_turn_post(game_id, result.version, message.channel.id, message.id)
    return message


def turn_nonce(game_id: int, version: int) -> str:
    return f"turn-{game_id}-{version}"[:25]  # Discord allows 25 characters


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


def board_link(game: Game) -> str:
    """The latest board post of the game, else its channel or thread."""
    if game.board_message_id and game.board_channel_id:
        return (f"https://discord.com/channels/{game.guild_id}/{game.board_channel_id}/"
                f"{game.board_message_id}")
    return f"https://discord.com/channels/{game.guild_id}/{game.thread_id or game.channel_id}"


async def close_decided_votes(bot: AutobahnBot, game_id: int | None) -> set[int]:
    """Take the buttons off the game's vote posts whose vote is decided (by an answer, a
    refusal, the host's force, a move that voided the request, the end of the game);
    returns the message ids done. Never fails the command it follows."""
    done: set[int] = set()
    if game_id is None:
        return done
    try:
        posts = await bot.service.decided_vote_posts(game_id)
        for post_id, channel_id, message_id in posts:
            message = bot.get_partial_messageable(channel_id).get_partial_message(message_id)
            try:
                await message.edit(view=None)
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


async def announce_undo(interaction: discord.Interaction, game: Game, result: Any) -> None:
    names = {p.user_id: p.display_name for p in game.players}
    text = t("undo.done", public_lang(game), player=names.get(result.by, result.by),
             count=len(result.removed), actions=list(result.removed))
    if result.next_player:
        text += "\n" + t("act.next", public_lang(game), player=result.next_player,
                         decision=t(f"decision.{result.decision}", public_lang(game)))
    result_like = _Posted(result.version, result.next_player, result.board)
    await announce(bot_of(interaction), game.id, result_like,
                   text=f"**{game_name(game)}** · {text}")


class _Posted:
    """The fields `announce` reads, for an undo."""

    def __init__(self, version: int, next_player: str | None, board: bytes | None) -> None:
        self.version, self.next_player, self.board = version, next_player, board
        self.over = False


def mention_list(players: Any) -> str:
    return ", ".join(mention(p) for p in players)
