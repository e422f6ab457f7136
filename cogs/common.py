"""What every cog does the same way: find the game, check the place, act, post the turn.

Thin by design: the service decides (legality, whose turn, undo consent); this module only
maps a Discord interaction to service calls and the answer back to messages.
"""

from __future__ import annotations

import contextlib
import io
import logging
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import discord

from cogs.errors import CogError
from cogs.i18n import NO_MENTIONS, SAFE_MENTIONS, Safe, clean, lang_of, mention, t
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


async def game_here(interaction: discord.Interaction) -> Game:
    """The active game of this channel or thread (for commands that change it)."""
    game = await service_of(interaction).game_here(place_of(interaction))
    if not in_own_place(interaction, game):
        raise CogError("discord.wrong_channel", game=game.id, channel=where(game))
    return game


async def find_game(interaction: discord.Interaction, game_id: int | None) -> Game:
    """For read-only commands: the game by id (same server only), else the one here."""
    if game_id is None:
        game = await game_here(interaction)
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
    if game_id is None:
        game = await game_here(interaction)
    else:
        game = (await service.view(game_id)).game
        if not in_own_place(interaction, game):
            raise CogError("discord.wrong_channel", game=game.id, channel=where(game))
    note(interaction, game)
    if version is not None and version != game.version:
        raise CogError("discord.stale_button", game=game.id)
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


async def present_result(interaction: discord.Interaction, game: Game, result: Any) -> None:
    lang = interaction.extras.get("lang", "en")
    names = {p.user_id: p.display_name for p in game.players}
    done = t("act.done", lang, player=names.get(result.player, result.player),
             action=result.notation)
    if result.turn_passed or result.over:
        await reply(interaction, done)
        await announce(bot_of(interaction), game.id, result)
        return
    # The same player decides again (a move, a promotion...): a private prompt.
    service = service_of(interaction)
    nxt = t("act.next", lang, player=names.get(result.next_player, ""),
            decision=t(f"decision.{result.decision}", lang))
    legal = await service.legal(game.id, user_id(interaction))
    from cogs.views import prompt_view

    view = prompt_view(game.id, legal.version, legal.actions)
    await reply(interaction, f"{done}\n{nxt}", **({"view": view} if view else {}))


def turn_text(game: Game, result: Any, lang: str) -> str:
    """The public summary: what happened, what changed, who is next (a mention)."""
    names = {p.user_id: p.display_name for p in game.players}
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
        players=[names.get(p, p) for p in game.player_ids], player=first_player)


async def announce(bot: AutobahnBot, game_id: int, result: Any,
                   text: str | None = None) -> discord.Message | None:
    """The one public message of a turn: summary, board, and the next player's prompt."""
    service = bot.service
    game = (await service.view(game_id)).game
    text = text or turn_text(game, result, public_lang(game))
    kwargs: dict[str, Any] = {"allowed_mentions": SAFE_MENTIONS}
    if getattr(result, "board", None):
        kwargs["file"] = board_file(result.board)
    if result.next_player and game.version == result.version:
        legal = await service.legal(game_id)
        from cogs.views import prompt_view

        # The list belongs to legal.version: buttons of a later board would be wrong here.
        view = prompt_view(game_id, legal.version, legal.actions)
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
    except discord.HTTPException:
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
            await reply(interaction, t("discord.vote_recorded", lang))
            await announce_undo(interaction, game, outcome)
            return
    names = {p.user_id: p.display_name for p in game.players}
    if not outcome.accepted:
        await reply(interaction, t("discord.vote_recorded", lang))
        channel = bot_of(interaction).get_partial_messageable(
            game.thread_id or game.channel_id or 0, guild_id=game.guild_id)
        await channel.send(t("undo.refused", public_lang(game), player=names.get(
            user_id(interaction), "?")), allowed_mentions=NO_MENTIONS)
        return
    await reply(interaction, t("undo.vote", lang, player=names.get(user_id(interaction), "?"),
                               waiting=list(outcome.waiting)))


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
        await channel.send(t("discord.abandon_request", public, player=result.by, game=label,
                             waiting=list(result.waiting), **counts),
                           view=view, allowed_mentions=SAFE_MENTIONS)


def mention_list(players: Any) -> str:
    return ", ".join(mention(p) for p in players)
