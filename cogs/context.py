"""What every command and button needs first: the typed interaction, its user, place and
language, the game it is about, and the private answer.

A leaf: it imports no other flow of the cogs, so any cog, widget or post may use it.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord.ext import commands

from cogs.errors import CogError
from cogs.i18n import NO_MENTIONS, Safe, clean, lang_of
from locales import translate
from service import GameService, Place, Table
from service.names import seat_names
from service.seat_settings import computer_level, computer_seats

if TYPE_CHECKING:
    from cogs.client import AutobahnBot

log = logging.getLogger("autobahn.discord")

# Every interaction the bot receives is one of its own: `interaction.client` is the bot.
Interaction = discord.Interaction["AutobahnBot"]

THREAD_TYPES = (discord.ChannelType.public_thread, discord.ChannelType.private_thread,
                discord.ChannelType.news_thread)


class WidgetCog(commands.Cog):
    """A feature cog that registers the persistent buttons (`DynamicItem`s) it posts, so
    that buttons posted before a restart dispatch to it again."""

    widgets: ClassVar[tuple[type[discord.ui.DynamicItem[Any]], ...]] = ()

    def __init__(self, bot: AutobahnBot) -> None:
        self.bot = bot
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*self.widgets)

    async def cog_unload(self) -> None:
        # A widget two cogs post stays while the other one is loaded.
        others = {w for cog in self.bot.cogs.values() if cog is not self
                  for w in getattr(cog, "widgets", ())}
        self.bot.remove_dynamic_items(*(w for w in self.widgets if w not in others))


def bot_of(interaction: Interaction) -> AutobahnBot:
    return interaction.client


def service_of(interaction: Interaction) -> GameService:
    return interaction.client.service


def user_id(interaction: Interaction) -> str:
    return str(interaction.user.id)


def place_of(interaction: Interaction) -> Place:
    channel = interaction.channel
    if channel is not None and getattr(channel, "type", None) in THREAD_TYPES:
        return Place(interaction.guild_id, getattr(channel, "parent_id", None), channel.id)
    return Place(interaction.guild_id, interaction.channel_id, None)


async def begin(interaction: Interaction, *, ephemeral: bool = True) -> None:
    """Acknowledge first: Discord allows 3 s, a database write or a render may take longer.
    Then note the user's client language, which a direct message sent outside any command
    (a reminder) is written in (service.readers)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    if interaction.locale is not None and interaction.user is not None:
        try:
            await service_of(interaction).note_language(user_id(interaction),
                                                        lang_of(interaction))
        except Exception:  # a courtesy for later messages: never fails the command
            log.warning("could not note the language of %s", interaction.user.id)


# -- the game ----------------------------------------------------------------------------------


def names(game: Table, lang: str | None = None) -> dict[str, str]:
    """Display names by player id; with `lang`, computer seats named in it."""
    return seat_names(game, lang)


def to_move(game: Table, player: str | None, lang: str) -> str | None:
    """Who decides next, as a public post names them: a human playing their own seat by
    id (a mention); a seat a computer plays by its name, never pinged — the computer
    moves, and a stalled human whose seat it took is not called to play."""
    if player is None or computer_level(game.settings, player) is None:
        return player
    name = clean(names(game, lang).get(player, player), 40)
    if player in computer_seats(game.settings):
        return Safe(name)
    return Safe(translate("computer.played_for", lang, player=name))


def public_lang(game: Table) -> str:
    """The language of the game's public messages (`/game settings language` wins)."""
    return str(game.settings.get("language") or game.language)


def game_name(game: Table) -> str:
    name = game.settings.get("name")
    return Safe(f"#{game.id} {clean(name, 60)}" if name else f"#{game.id}")


def home_id(game: Table) -> int:
    """The channel or thread the game is played in (0 for a game outside Discord)."""
    return game.thread_id or game.channel_id or 0


def where(game: Table) -> str:
    return f"<#{home_id(game)}>"


def board_link(game: Table) -> str:
    """The latest board post of the game, else its channel or thread."""
    if game.board_message_id and game.board_channel_id:
        return (f"https://discord.com/channels/{game.guild_id}/{game.board_channel_id}/"
                f"{game.board_message_id}")
    return f"https://discord.com/channels/{game.guild_id}/{home_id(game)}"


def home_channel(bot: AutobahnBot, game: Table) -> discord.PartialMessageable:
    return bot.get_partial_messageable(home_id(game), guild_id=game.guild_id)


def note(interaction: Interaction, game: Table | None = None) -> str:
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


def in_own_place(interaction: Interaction, game: Table) -> bool:
    """A game with a thread is played in that thread; otherwise in its channel."""
    if game.guild_id != interaction.guild_id:
        return False
    if game.thread_id is not None:
        return interaction.channel_id == game.thread_id
    return interaction.channel_id == game.channel_id


def check_place(interaction: Interaction, game: Table) -> None:
    """Changes to a game are made where it is played, nowhere else."""
    if not in_own_place(interaction, game):
        raise CogError("discord.wrong_channel", game=game.id, channel=where(game))


def may_see(interaction: Interaction, game: Table) -> bool:
    """A game is visible to its players and to those who can see its channel or thread,
    nowhere else: never from another server. Where the bot cannot tell (the channel is
    not in its cache), only the players and the people in its own place see it."""
    if game.guild_id != interaction.guild_id:
        return False
    if in_own_place(interaction, game) or user_id(interaction) in game.player_ids:
        return True
    guild, member = interaction.guild, interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return False
    home = guild.get_channel_or_thread(home_id(game)) or guild.get_channel(
        game.channel_id or 0)
    return home is not None and home.permissions_for(member).view_channel


async def game_by_id(interaction: Interaction, game_id: int) -> Table:
    """The game numbered `game_id` if the caller may see it. One answer, "there is no
    game N", for a game that does not exist, one of another server and one in a channel
    the caller cannot see: a number tells nothing about games elsewhere."""
    game = (await service_of(interaction).view(game_id)).game
    if not may_see(interaction, game):
        raise CogError("unknown_game", game=game_id)
    return game


async def game_here(interaction: Interaction, game_id: int | None = None) -> Table:
    """The open game of this channel or thread, or the one named by `game_id` when it is
    played here (for commands that change a game)."""
    service = service_of(interaction)
    if game_id is not None:
        game = await game_by_id(interaction, game_id)
    else:
        game = await service.game_here(place_of(interaction), user_id(interaction))
    check_place(interaction, game)
    return game


async def find_game(interaction: Interaction, game_id: int | None) -> Table:
    """For read-only commands: the game by id (`game_by_id`: only one the caller may
    see), else the one here — the open one, or the one that ended here last (a finished
    game stays reachable)."""
    if game_id is None:
        game = await service_of(interaction).game_to_look_at(place_of(interaction),
                                                             user_id(interaction))
        check_place(interaction, game)
    else:
        game = await game_by_id(interaction, game_id)
    note(interaction, game)
    return game


async def game_to_change(interaction: Interaction,
                         game_id: int | None) -> tuple[Table, str]:
    """A command that changes a game: acknowledged, the game played here (`game_here`),
    and the reader's language."""
    await begin(interaction)
    game = await game_here(interaction, game_id)
    return game, note(interaction, game)


async def game_to_show(interaction: Interaction, game_id: int | None) -> tuple[Table, str]:
    """A command that only looks: acknowledged, the game (`find_game`), the language."""
    await begin(interaction)
    game = await find_game(interaction, game_id)
    return game, note(interaction, game)


# -- answers -----------------------------------------------------------------------------------


def board_file(png: bytes, name: str = "board.png") -> discord.File:
    return discord.File(io.BytesIO(png), filename=name)


async def reply(interaction: Interaction, text: str, **kwargs: Any) -> None:
    """The personal answer to a deferred interaction (ephemeral if it was deferred so)."""
    kwargs.setdefault("allowed_mentions", NO_MENTIONS)
    await interaction.followup.send(text[:2000], ephemeral=True, **kwargs)
    interaction.extras["answered"] = True
