"""Turn commands: `/act` with every legal action, one command per kind, and `/undo`.

Autocomplete offers only what the rules allow the user now (the service's legal list),
filtered by what they typed, the most useful kinds first, at most 25. Typed text that is
not on the list still goes to the service, which answers with the rule error and a few
legal alternatives.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import (
    announce_undo,
    begin,
    close_decided_votes,
    game_here,
    note,
    perform_act,
    post_commit,
    posting_live,
    public_lang,
    reply,
    service_of,
    user_id,
)
from cogs.i18n import SAFE_MENTIONS, lang_of, t
from cogs.views import undo_view
from service.errors import ConsentRequired
from service.labels import fit, ranked

MAX_CHOICES = 25
MAX_INPUT = 200  # longer than any legal action; longer input is refused before any lookup


async def legal_choices(interaction: discord.Interaction, current: str,
                        kinds: tuple[str, ...] = ()) -> list[app_commands.Choice[str]]:
    """The user's legal actions matching `current` (label or notation), best first, as
    autocomplete choices named by the board in the user's language; the value is the
    notation (or `#index` for one longer than Discord's 100 characters)."""
    try:
        named = getattr(interaction.namespace, "game", None)
        game = await game_here(interaction, named if isinstance(named, int) else None)
        legal = await service_of(interaction).labelled(game.id, user_id(interaction),
                                                       lang_of(interaction))
    except Exception:  # no game here, not running, not theirs: simply nothing to offer
        return []
    typed = " ".join(current.split()[:8]) if len(current) <= MAX_INPUT else "\0"
    return [app_commands.Choice(name=fit(i.label, 100),
                                value=i.notation if len(i.notation) <= 100 else f"#{i.index}")
            for i in ranked(legal.items, typed, kinds, MAX_CHOICES)]


def kind_autocomplete(*kinds: str) -> Callable[..., Coroutine[Any, Any, list[Any]]]:
    # A free function (no cog parameter): discord.py passes no binding to these.
    async def complete(interaction: discord.Interaction,
                       current: str) -> list[app_commands.Choice[str]]:
        return await legal_choices(interaction, current, kinds)

    return complete


ACTION_DESC = "An action in the game's notation; pick one of the suggestions"
GAME_DESC = "Game id (default: the game of this channel)"
GameOption = app_commands.Range[int, 1] | None


@app_commands.guild_only()
class Turns(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="act", description="Take any legal action of your turn")
    @app_commands.describe(action=ACTION_DESC, game=GAME_DESC)
    @app_commands.autocomplete(action=kind_autocomplete())
    async def act(self, interaction: discord.Interaction, action: str,
                 game: GameOption = None) -> None:
        await perform_act(interaction, game, notation=action)

    @app_commands.command(name="build", description="Build a road section with a card")
    @app_commands.describe(action=ACTION_DESC, game=GAME_DESC)
    @app_commands.autocomplete(action=kind_autocomplete("build", "extra"))
    async def build(self, interaction: discord.Interaction, action: str,
                 game: GameOption = None) -> None:
        await perform_act(interaction, game, notation=action)

    @app_commands.command(name="upgrade", description="Upgrade a complete link to dual carriageway")
    @app_commands.describe(action=ACTION_DESC, game=GAME_DESC)
    @app_commands.autocomplete(action=kind_autocomplete("upgrade"))
    async def upgrade(self, interaction: discord.Interaction, action: str,
                 game: GameOption = None) -> None:
        await perform_act(interaction, game, notation=action)

    @app_commands.command(name="load", description="Load goods at a depot onto a truck")
    @app_commands.describe(action=ACTION_DESC, game=GAME_DESC)
    @app_commands.autocomplete(action=kind_autocomplete("load"))
    async def load(self, interaction: discord.Interaction, action: str,
                 game: GameOption = None) -> None:
        await perform_act(interaction, game, notation=action)

    @app_commands.command(name="station", description="Open a service station on a section")
    @app_commands.describe(action=ACTION_DESC, game=GAME_DESC)
    @app_commands.autocomplete(action=kind_autocomplete("station"))
    async def station(self, interaction: discord.Interaction, action: str,
                 game: GameOption = None) -> None:
        await perform_act(interaction, game, notation=action)

    @app_commands.command(name="research", description="Research: open a lock of the track")
    @app_commands.describe(action=ACTION_DESC, game=GAME_DESC)
    @app_commands.autocomplete(action=kind_autocomplete("research"))
    async def research(self, interaction: discord.Interaction, action: str,
                 game: GameOption = None) -> None:
        await perform_act(interaction, game, notation=action)

    @app_commands.command(name="bonus", description="Claim a delivery bonus")
    @app_commands.describe(action=ACTION_DESC, game=GAME_DESC)
    @app_commands.autocomplete(action=kind_autocomplete("bonus"))
    async def bonus(self, interaction: discord.Interaction, action: str,
                 game: GameOption = None) -> None:
        await perform_act(interaction, game, notation=action)

    @app_commands.command(name="move", description="Move a truck and perhaps deliver")
    @app_commands.describe(action=ACTION_DESC, game=GAME_DESC)
    @app_commands.autocomplete(action=kind_autocomplete("move"))
    async def move(self, interaction: discord.Interaction, action: str,
                 game: GameOption = None) -> None:
        await perform_act(interaction, game, notation=action)

    @app_commands.command(name="promote", description="Promote an employee")
    @app_commands.describe(action=ACTION_DESC, game=GAME_DESC)
    @app_commands.autocomplete(action=kind_autocomplete("promote", "pick", "slot"))
    async def promote(self, interaction: discord.Interaction, action: str,
                 game: GameOption = None) -> None:
        await perform_act(interaction, game, notation=action)

    @app_commands.command(name="takeback", description="Take back your played cards")
    @app_commands.describe(game=GAME_DESC)
    async def takeback(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await perform_act(interaction, game, notation="takeback")

    @app_commands.command(name="grant", description="Take the government grant")
    @app_commands.describe(game=GAME_DESC)
    async def grant(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await perform_act(interaction, game, notation="grant")

    @app_commands.command(name="pass", description="Skip the optional step that is pending")
    @app_commands.describe(game=GAME_DESC)
    async def pass_(self, interaction: discord.Interaction, game: GameOption = None) -> None:
        await perform_act(interaction, game, notation="pass")

    @app_commands.command(name="undo", description="Take back your last action (others may vote)")
    @app_commands.describe(force="Host only: carry out the undo without a vote", game=GAME_DESC)
    async def undo(self, interaction: discord.Interaction, force: bool = False,
                   game: GameOption = None) -> None:
        await begin(interaction)
        service = service_of(interaction)
        found = await game_here(interaction, game)
        lang = note(interaction, found)
        try:
            with posting_live(self.bot, found.id):  # type: ignore[arg-type]
                result = await service.undo(found.id, user_id(interaction), force=force,
                                            interaction_id=str(interaction.id))
                done = t("undo.done", lang, player=interaction.user.display_name,
                         count=len(result.removed), actions=list(result.removed))
                async with post_commit(interaction, found.id, done):
                    await reply(interaction, done)
                    await announce_undo(interaction, found, result)
            await close_decided_votes(self.bot, found.id)  # type: ignore[arg-type]
        except ConsentRequired as error:
            # Consent needed: the request is recorded; the others vote with buttons.
            params = error.params
            await reply(interaction, t("discord.consent_required", lang, **params))
            # Those who must answer are mentioned; the asker is named, not pinged.
            text = t("discord.undo_request", public_lang(found),
                     asker=interaction.user.display_name, count=params.get("count", 1),
                     waiting=list(params.get("waiting", ())))
            channel = self.bot.get_partial_messageable(
                found.thread_id or found.channel_id or 0, guild_id=found.guild_id)
            posted = await channel.send(text, view=undo_view(
                found.id, int(params["request"]), t("discord.undo_yes", public_lang(found)),
                t("discord.undo_no", public_lang(found))), allowed_mentions=SAFE_MENTIONS)
            await service.remember_vote_post(found.id, int(params["request"]),
                                             posted.channel.id, posted.id)
            return


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Turns(bot))
