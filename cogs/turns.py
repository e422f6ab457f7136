"""Turn commands: `/act` with every legal action, one command per kind, and `/undo`; the
prompt buttons and menus of a turn post, which this cog registers.

Autocomplete offers only what the rules allow the user now (the service's legal list),
filtered by what they typed, the most useful kinds first, at most 25. Typed text that is
not on the list still goes to the service, which answers with the rule error and a few
legal alternatives.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from discord import app_commands

from cogs.context import (
    Interaction,
    WidgetCog,
    begin,
    bot_of,
    game_here,
    game_to_change,
    home_channel,
    names,
    note,
    public_lang,
    reply,
    service_of,
    user_id,
)
from cogs.errors import CogError
from cogs.i18n import SAFE_MENTIONS, clean, t
from cogs.posting import (
    announce,
    close_decided_votes,
    of_move,
    of_undo,
    post_commit,
    posting_live,
)
from cogs.prompts import ActButton, ActSelect, UndoButton, prompt_view
from cogs.votes import VoteButton, vote_view
from service import ActResult, GameService, Table, UnknownActionError
from service.errors import ConsentRequired
from service.kinds import offered_by
from service.labels import fit, ranked
from service.undo import undo_parts

if TYPE_CHECKING:
    from cogs.client import AutobahnBot

MAX_CHOICES = 25
# Longer than any notation (rules.actions.MAX_TEXT): longer input is refused before any
# lookup, and autocomplete offers nothing for it.
MAX_ACTION = 200


# -- acting ------------------------------------------------------------------------------------


async def perform_act(interaction: Interaction, game_id: int | None = None, *,
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
        if version is None and not 0 <= index < len(legal.actions):
            # A typed `#N` that no suggestion stands for: no such action, whatever the board.
            raise UnknownActionError(text=(notation or "")[:60])
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


async def present_result(interaction: Interaction, game: Table, result: ActResult) -> None:
    """The answer to a committed move (guarded: see `post_commit`)."""
    lang = interaction.extras.get("lang", "en")
    known = names(game, lang)
    # the move as the story tells it: its label, never the notation (issue 13)
    told = service_of(interaction).move_story(game, result, lang)
    done = clean(told[0], 300) if told else t("act.done", lang, player=known.get(
        result.player, result.player), action=result.notation)
    async with post_commit(interaction, game.id, done):
        if result.turn_passed or result.over:
            if result.board is None:  # not drawn now: the owed turn post brings it
                await reply(interaction, f"{done}\n{t('discord.board_follows', lang)}")
                return
            await reply(interaction, done)
            bot = bot_of(interaction)
            await announce(bot, game.id, await of_move(bot.service, game, result))
            return
        # The same player decides again (a move, a promotion...): a private prompt.
        nxt = t("act.next", lang, player=known.get(result.next_player or "", ""),
                decision=t(f"decision.{result.decision}", lang))
        # choices in the game's language, as on the card's buttons (README)
        labelled = await service_of(interaction).labelled(game.id, user_id(interaction),
                                                          public_lang(game))
        view = prompt_view(game.id, labelled.version, labelled.items, public_lang(game))
        await reply(interaction, f"{done}\n{nxt}", **({"view": view} if view else {}))


# -- autocomplete ------------------------------------------------------------------------------


async def legal_choices(interaction: Interaction, current: str,
                        kinds: tuple[str, ...] = ()) -> list[app_commands.Choice[str]]:
    """The user's legal actions matching `current` (label or notation), best first, as
    autocomplete choices named in the game's language, as the card's buttons are (README);
    the value is the notation (or `#index` for one longer than Discord's 100 characters)."""
    try:
        named = getattr(interaction.namespace, "game", None)
        game = await game_here(interaction, named if isinstance(named, int) else None)
        legal = await service_of(interaction).labelled(game.id, user_id(interaction),
                                                       public_lang(game))
    except Exception:  # no game here, not running, not theirs: simply nothing to offer
        return []
    typed = " ".join(current.split()[:8]) if len(current) <= MAX_ACTION else "\0"
    return [app_commands.Choice(name=fit(i.label, 100),
                                value=i.notation if len(i.notation) <= 100 else f"#{i.index}")
            for i in ranked(legal.items, typed, kinds, MAX_CHOICES)]


def kind_autocomplete(*kinds: str) -> Callable[..., Coroutine[Any, Any, list[Any]]]:
    # A free function (no cog parameter): discord.py passes no binding to these.
    async def complete(interaction: Interaction,
                       current: str) -> list[app_commands.Choice[str]]:
        return await legal_choices(interaction, current, kinds)

    return complete


# -- the commands ------------------------------------------------------------------------------

ACTION_DESC = "An action in the game's notation; pick one of the suggestions"
GAME_DESC = "Game id (default: the game of this channel)"
GameOption = app_commands.Range[int, 1] | None

def turn_command(name: str, description: str,
                 kinds: tuple[str, ...] | None) -> app_commands.Command[Any, ..., None]:
    """One turn command of the cog: with an `action` completed from `kinds` (none: every
    legal action), or (kinds None) the one-word action `name` itself."""
    callback: Callable[..., Coroutine[Any, Any, None]]
    if kinds is None:
        async def one_word(cog: Turns, interaction: Interaction,
                           game: GameOption = None) -> None:
            await perform_act(interaction, game, notation=name)

        callback = app_commands.describe(game=GAME_DESC)(one_word)
    else:
        async def with_action(cog: Turns, interaction: Interaction, action: str,
                              game: GameOption = None) -> None:
            await perform_act(interaction, game, notation=action)

        callback = app_commands.autocomplete(action=kind_autocomplete(*kinds))(
            app_commands.describe(action=ACTION_DESC, game=GAME_DESC)(with_action))
    # A method of the cog as far as discord.py can tell, so it binds the cog as `cog`.
    callback.__qualname__ = f"Turns.{callback.__name__}"
    return app_commands.command(name=name, description=description)(callback)


@app_commands.guild_only()
class Turns(WidgetCog):
    widgets = (ActButton, ActSelect, UndoButton, VoteButton)

    # One definition for the turn commands, one line each: name, description, the kinds
    # its autocomplete offers (`/act`: every legal action; None: a one-word action; the
    # others: the kinds `service.kinds` says the command offers).
    act = turn_command("act", "Take any legal action of your turn", ())
    build = turn_command("build", "Build a road section with a card", offered_by("build"))
    upgrade = turn_command("upgrade", "Upgrade a complete link to dual carriageway",
                           offered_by("upgrade"))
    load = turn_command("load", "Load goods at a depot onto a truck", offered_by("load"))
    station = turn_command("station", "Open a service station on a section",
                           offered_by("station"))
    research = turn_command("research", "Research: open a lock of the track",
                            offered_by("research"))
    bonus = turn_command("bonus", "Claim a delivery bonus", offered_by("bonus"))
    move = turn_command("move", "Move a truck and perhaps deliver", offered_by("move"))
    promote = turn_command("promote", "Promote an employee", offered_by("promote"))
    takeback = turn_command("takeback", "Take back your played cards", None)
    grant = turn_command("grant", "Take the government grant", None)
    pass_ = turn_command("pass", "Skip the optional step that is pending", None)

    async def press(self, interaction: Interaction, game_id: int, index: int,
                    version: int) -> None:
        """A prompt button or menu of `cogs.prompts` was used."""
        await perform_act(interaction, game_id, index=index, version=version)

    async def press_undo(self, interaction: Interaction, game_id: int, version: int,
                         mover: str) -> None:
        """The Undo button of a turn card (`cogs.prompts.UndoButton`) was pressed."""
        found, lang = await game_to_change(interaction, game_id)
        if version != found.version:
            raise CogError("discord.stale_button", game=found.id)
        if user_id(interaction) != mover:
            raise CogError("discord.undo_not_yours", player=names(found).get(mover, mover))
        await perform_undo(self.bot, interaction, found, lang, expected_version=version)

    @app_commands.command(name="undo", description="Take back your last action (others may vote)")
    @app_commands.describe(force="Host only: carry out the undo without a vote", game=GAME_DESC)
    async def undo(self, interaction: Interaction, force: bool = False,
                   game: GameOption = None) -> None:
        found, lang = await game_to_change(interaction, game)
        await perform_undo(self.bot, interaction, found, lang, force=force)


async def perform_undo(bot: AutobahnBot, interaction: Interaction, found: Table, lang: str, *,
                       force: bool = False, expected_version: int | None = None) -> None:
    """`/undo` and the turn card's Undo: the service's undo rules, its vote when needed."""
    service: GameService = bot.service
    try:
        with posting_live(bot, found.id):
            result = await service.undo(found.id, user_id(interaction), force=force,
                                        expected_version=expected_version,
                                        interaction_id=str(interaction.id))
            own, replies = undo_parts(result, names(found))
            done = t("undo.done", lang, player=interaction.user.display_name,
                     count=len(own), actions=own)
            if replies:
                done += " " + t("undo.replies", lang, count=len(replies), actions=replies)
            async with post_commit(interaction, found.id, done):
                await reply(interaction, done)
                await announce(bot, found.id, of_undo(found, result))
        await close_decided_votes(bot, found.id)
    except ConsentRequired as error:
        # Consent needed: the request is recorded; the others vote with buttons.
        params = error.params
        await reply(interaction, t("discord.consent_required", lang, **params))
        # Those who must answer are mentioned; the asker is named, not pinged.
        public = public_lang(found)
        text = t("discord.undo_request", public,
                 asker=interaction.user.display_name, count=params.get("count", 1),
                 waiting=list(params.get("waiting", ())))
        request = int(params["request"])
        posted = await home_channel(bot, found).send(text, view=vote_view(
            "undo", found.id, request, t("discord.undo_yes", public),
            t("discord.undo_no", public)), allowed_mentions=SAFE_MENTIONS)
        await service.remember_vote_post(found.id, request, posted.channel.id, posted.id)


async def setup(bot: AutobahnBot) -> None:
    await bot.add_cog(Turns(bot))
