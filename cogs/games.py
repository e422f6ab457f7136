"""`/game new|join|leave|start|abandon|list|settings`: the table around a game.

Replies to the user are ephemeral; what the table should know (a game was opened, someone
joined, the game started) is posted to the game's channel or thread as a bot message.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.context import (
    Interaction,
    WidgetCog,
    begin,
    bot_of,
    game_name,
    game_to_change,
    game_to_show,
    home_channel,
    home_id,
    note,
    place_of,
    public_lang,
    reply,
    service_of,
    to_move,
    user_id,
    where,
)
from cogs.errors import CogError
from cogs.i18n import NO_MENTIONS, Safe, join_lines, t
from cogs.posting import announce, of_start, post_commit, posting_live
from cogs.votes import VoteButton, present_abandon
from locales import SUPPORTED, language_name
from service import Place, Table
from service.errors import GameHere
from service.labels import settings_text
from service.pace_settings import PACE_SETTINGS
from service.reminder_limits import MAX_HOURS
from service.validation import printable_name

if TYPE_CHECKING:
    from cogs.client import AutobahnBot

log = logging.getLogger("autobahn.discord")
NAME_LIMIT = 60
GAME_DESC = "Game id (default: the game of this channel)"
GameOption = app_commands.Range[int, 1] | None
DEADLINE_DESC = "Hours a turn may take, e.g. 12, 24, 48, 72 (0: no deadline)"
AT_DEADLINE_DESC = "When the time is up: the computer plays the turn, or the seat passes"
AT_DEADLINE = [app_commands.Choice(name=n, value=n) for n in ("computer", "pass")]
LANGUAGES = [app_commands.Choice(name=language_name(lang), value=lang) for lang in SUPPORTED]


def display_name(interaction: Interaction) -> str:
    # Controls and bidi overrides are dropped, not refused: a player cannot easily change
    # the Discord name they would otherwise be locked out by.
    return printable_name(interaction.user.display_name[:NAME_LIMIT], interaction.user.name)


def is_admin(interaction: Interaction) -> bool:
    perms = interaction.permissions
    return perms.administrator or perms.manage_guild


async def post(interaction: Interaction, game: Table, text: str) -> None:
    await home_channel(bot_of(interaction), game).send(text[:2000],
                                                       allowed_mentions=NO_MENTIONS)


async def tell(interaction: Interaction, game: Table, lang: str, code: str, /,
               **params: Any) -> None:
    """The same news for the table (in the game's language) and for the player."""
    await post(interaction, game, t(code, public_lang(game), **params))
    await reply(interaction, t(code, lang, **params))


@app_commands.guild_only()
class Games(WidgetCog, commands.GroupCog, group_name="game",
            group_description="Open, join and run games"):
    widgets = (VoteButton,)

    async def _make_thread(self, interaction: Interaction, name: str) -> Place:
        """A thread for the game when the channel allows it; else the channel itself."""
        place = place_of(interaction)
        channel = interaction.channel
        if place.thread_id is not None or not isinstance(channel, discord.TextChannel):
            return place
        perms = interaction.app_permissions
        if not (perms.create_public_threads or perms.administrator):
            return place
        try:
            thread = await channel.create_thread(
                name=name[:100], type=discord.ChannelType.public_thread,
                auto_archive_duration=10080)
        except discord.HTTPException:
            log.warning("could not create a thread in channel %s", channel.id)
            return place
        return Place(interaction.guild_id, channel.id, thread.id)

    @app_commands.command(name="new", description="Open a new game in this channel")
    @app_commands.describe(players="Number of seats (2-4)", name="A name for the game",
                           language="Language of the game's public messages",
                           reminders="Remind whoever the table waits for",
                           thread="Play in a new thread of this channel",
                           level="Play alone against the Autobot at this level (1-12)",
                           bots="Computer players in the last seats",
                           bot_level="How strong the computer players play",
                           edition="An edition this server offers (default: classic)",
                           deadline=DEADLINE_DESC, at_deadline=AT_DEADLINE_DESC)
    @app_commands.choices(language=LANGUAGES, bot_level=[
        app_commands.Choice(name=n, value=n) for n in ("easy", "normal", "strong")],
        at_deadline=AT_DEADLINE)
    async def new(self, interaction: Interaction,
                  players: app_commands.Range[int, 2, 4] = 3, name: str | None = None,
                  language: str | None = None, reminders: bool = True,
                  thread: bool = True,
                  level: app_commands.Range[int, 1, 12] | None = None,
                  bots: app_commands.Range[int, 0, 3] = 0, bot_level: str = "normal",
                  deadline: app_commands.Range[int, 0, MAX_HOURS] | None = None,
                  at_deadline: str | None = None, edition: str | None = None) -> None:
        await begin(interaction)
        lang = note(interaction)
        if name is not None and (not name.strip() or len(name) > NAME_LIMIT):
            raise CogError("bad_option", name="name", value=name[:40],
                           expected=f"1-{NAME_LIMIT}")
        language = language if language in SUPPORTED else lang
        settings: dict[str, Any] = {"reminders": reminders}
        if deadline is not None:  # the table's pace (service.pace_settings)
            settings["deadline"] = deadline
        if at_deadline is not None:
            settings["deadline_action"] = at_deadline
        if name:
            settings["name"] = name.strip()
        service = service_of(interaction)
        place = place_of(interaction)
        # One open game per channel or thread: a second one gets its own thread when the
        # channel allows it; otherwise the service refuses it (GameHere).
        thread_name = f"Autobahn · {name or display_name(interaction)}"
        if thread or await service.games_here(place):
            place = await self._make_thread(interaction, thread_name)

        async def create(where: Place) -> Table:
            return await service.create_game(
                where, user_id(interaction), display_name(interaction), seats=players,
                language=language, settings=settings, exclusive=True, solo_level=level,
                bots=bots, bot_level=bot_level, edition=edition)

        try:
            game = await create(place)
        except GameHere:
            # Another process opened a game in this channel meanwhile (the database's
            # constraint): this one goes to a thread too, where the channel allows it.
            threaded = await self._make_thread(interaction, thread_name)
            if threaded == place:
                raise
            game = await create(threaded)
        players = int(game.settings.get("seats", players))
        note(interaction, game)

        def created(in_lang: str) -> str:
            """A solo game is against the Autobot, not "for 1 players"; a lobby whose
            seats computers filled invites nobody to join."""
            if level is not None:
                return "\n".join((t("game.created_solo", in_lang, game=game_name(game),
                                     level=level, seed=game.seed),
                                   t("discord.solo_start_hint", in_lang)))
            hint = ("discord.start_hint" if len(game.players) >= players
                    else "discord.join_hint")
            return "\n".join((t("game.created", in_lang, game=game_name(game), count=players,
                                 seed=game.seed), t(hint, in_lang)))

        await post(interaction, game, created(public_lang(game)))
        await reply(interaction, created(lang))

    @app_commands.command(name="join", description="Take a seat in the game of this channel")
    @app_commands.describe(language="Your language for this game's messages to you",
                           game=GAME_DESC)
    @app_commands.choices(language=LANGUAGES)
    async def join(self, interaction: Interaction, language: str | None = None,
                   game: GameOption = None) -> None:
        found, _ = await game_to_change(interaction, game)
        joined = await service_of(interaction).join(
            found.id, user_id(interaction), display_name(interaction),
            language if language in SUPPORTED else None)
        lang = note(interaction, joined)
        await tell(interaction, joined, lang, "game.joined", player=display_name(interaction),
                   game=game_name(joined))

    @app_commands.command(name="leave", description="Give up your seat before the start")
    @app_commands.describe(game=GAME_DESC)
    async def leave(self, interaction: Interaction, game: GameOption = None) -> None:
        found, lang = await game_to_change(interaction, game)
        left = await service_of(interaction).leave(found.id, user_id(interaction))
        await tell(interaction, left, lang, "game.left", player=display_name(interaction),
                   game=game_name(left))

    @app_commands.command(name="start", description="Deal the game (host only)")
    @app_commands.describe(game=GAME_DESC)
    async def start(self, interaction: Interaction, game: GameOption = None) -> None:
        found, lang = await game_to_change(interaction, game)
        told = t("discord.started", lang, game=game_name(found))
        with posting_live(bot_of(interaction), found.id):
            started = await service_of(interaction).start(found.id, user_id(interaction))
            if started.board is None:  # not drawn now: the owed turn post brings it
                told += "\n" + t("discord.board_follows", lang)
            async with post_commit(interaction, found.id, told):
                await announce(bot_of(interaction), found.id, of_start(started))
                await reply(interaction, told)

    @app_commands.command(name="abandon",
                          description="End the game here (host or admin; others open a vote)")
    @app_commands.describe(game=GAME_DESC)
    async def abandon(self, interaction: Interaction, game: GameOption = None) -> None:
        found, _ = await game_to_change(interaction, game)
        # Host or server admin: at once (the permission is Discord's, checked here; the
        # service records who it was). Another player: a vote of the table.
        result = await service_of(interaction).abandon(
            found.id, user_id(interaction), is_admin=is_admin(interaction))
        await present_abandon(interaction, found, result)

    @app_commands.command(name="list", description="Your games and whose turn it is")
    async def list_(self, interaction: Interaction) -> None:
        await begin(interaction)
        lang = note(interaction)
        games = await service_of(interaction).games_of(user_id(interaction))
        games = [g for g in games if g.guild_id == interaction.guild_id]
        # Open games first (oldest first), then ended ones newest first: a long history
        # must not push the games still being played past the message's end.
        games = ([g for g in games if g.status in ("lobby", "running")]
                 + [g for g in reversed(games) if g.status not in ("lobby", "running")])
        if not games:
            await reply(interaction, t("game.list_empty", lang))
            return
        lines = []
        for game in games:
            # a computer seat by its name ("cpu1" was its id), a human by a mention
            turn = t("game.list_turn", lang, player=to_move(game, game.current_player, lang)
                     ) if game.current_player else ""
            players = [p.display_name for p in game.players]
            lines.append(t("game.list_item", lang, game=game_name(game),
                           status=Safe(t(f"game.state.{game.status}", lang)),
                           players=players, turn="") + turn + " " + (
                where(game)))
        await reply(interaction, join_lines(lines))

    @app_commands.command(name="settings", description="Show or change the game's settings")
    @app_commands.describe(language="Language of the game's public messages (host)",
                           reminders="Reminders on or off (host)",
                           seats="Number of seats, before the start (host)",
                           my_language="Your own language for this game's messages to you",
                           new_web_link="A new link to the game's web page; the old one "
                                        "stops working (host)",
                           game=GAME_DESC, deadline=DEADLINE_DESC,
                           at_deadline=AT_DEADLINE_DESC,
                           deadline_level="The computer's level when the time is up",
                           stall_after="Expiries in a row before the stall notice (0: never)",
                           autopass="May players let their turns be played while away")
    @app_commands.choices(language=LANGUAGES, my_language=LANGUAGES, at_deadline=AT_DEADLINE,
                          deadline_level=[app_commands.Choice(name=n, value=n)
                                          for n in ("easy", "normal", "strong")])
    async def settings(self, interaction: Interaction, language: str | None = None,
                       reminders: bool | None = None,
                       seats: app_commands.Range[int, 2, 4] | None = None,
                       my_language: str | None = None, game: GameOption = None,
                       deadline: app_commands.Range[int, 0, MAX_HOURS] | None = None,
                       at_deadline: str | None = None, deadline_level: str | None = None,
                       stall_after: app_commands.Range[int, 0, 20] | None = None,
                       autopass: bool | None = None, new_web_link: bool = False) -> None:
        changing = new_web_link or any(v is not None for v in (
            language, reminders, seats, my_language, deadline, at_deadline, deadline_level,
            stall_after, autopass))
        # A change is made where the game is played (the place rule); a look from anywhere
        # the game is visible.
        found, lang = await (game_to_change if changing else game_to_show)(interaction, game)
        if my_language is not None:  # anyone seated, for themselves
            found = await service_of(interaction).set_player_language(
                found.id, user_id(interaction), my_language)
            lang = note(interaction, found)
        changes: dict[str, str] = {}
        if language is not None:
            changes["language"] = language
        if reminders is not None:
            changes["reminders"] = "on" if reminders else "off"
        if seats is not None:
            changes["seats"] = str(seats)
        for key, value in (("deadline", deadline), ("deadline_action", at_deadline),
                           ("deadline_level", deadline_level), ("deadline_stall", stall_after),
                           ("autopass", autopass)):
            if value is not None:  # the table's pace (service.pace_settings)
                changes[key] = ("on" if value else "off") if isinstance(value, bool) \
                    else str(value)
        found = await service_of(interaction).update_settings(found.id, user_id(interaction),
                                                               changes)
        shown = {k: v for k, v in found.settings.items() if k in (
            "seats", "reminders", "name", *PACE_SETTINGS)}
        shown["language"] = public_lang(found)
        text = settings_text(shown, lang)
        lines = [t("game.settings", lang, game=game_name(found), settings=text)]
        if my_language is not None:
            lines.append(t("discord.language_set", lang, game=game_name(found)))
        if new_web_link:
            await service_of(interaction).rotate_web_token(found.id, user_id(interaction))
            url = await service_of(interaction).web_link(found.id)
            if url and interaction.channel_id == home_id(found):
                lines.append(t("web.rotated", lang, url=url))
            elif url:  # a private channel's link is given in that channel only
                lines.append(t("web.rotated_elsewhere", lang))
        await reply(interaction, "\n".join(lines))


async def setup(bot: AutobahnBot) -> None:
    await bot.add_cog(Games(bot))
