"""The one error path of the bot (slash commands, autocomplete and buttons alike).

A `RuleError` or `ServiceError` is the player's mistake: a short ephemeral message in their
language, from the error's code and parameters. Anything else is ours: it is logged with a
short reference, the game and the user, and the player sees an apology with that reference
— never a traceback, never the exception text (which could hold anything).
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

import discord
from discord import app_commands

from cogs.i18n import NO_MENTIONS, Safe, lang_of, t
from cogs.translator import catalogue as command_words
from locales import catalogue
from service import RuleError, ServiceError

log = logging.getLogger("autobahn.discord.errors")


class CogError(Exception):
    """A refusal raised by a cog itself (wrong channel, no permission): code + params."""

    def __init__(self, code: str, /, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(code)


def unwrap(error: BaseException) -> BaseException:
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        inner = error.__cause__ if isinstance(error, app_commands.TransformerError) else (
            error.original)
        if inner is None:
            break
        error = inner
    return error


def option_named(code: str, params: dict[str, Any], lang: str) -> dict[str, Any]:
    """An option an error names, as the player's Discord shows it ('ruhe_ab', not
    'quiet_start'): the slash commands' own localised names (locales/commands.json)."""
    name = params.get("name")
    if code != "bad_option" or not isinstance(name, str):
        return params
    key = f"param.{name}"
    if key not in command_words()["de"]:  # not one of our options: echoed, escaped later
        return params
    return {**params, "name": Safe(command_words().get(lang, {}).get(key, name))}


def user_message(error: BaseException, lang: str) -> str | None:
    """The text for an error that is the user's to fix; None for our own failures."""
    if isinstance(error, RuleError | ServiceError | CogError):
        # a text that names a command has a Discord form, with the command's localised name
        code = f"discord.{error.code}" if f"discord.{error.code}" in catalogue(lang) else error.code
        text = t(code, lang, **option_named(error.code, error.params, lang))
        alternatives = getattr(error, "alternatives", ())
        if alternatives:
            text += " " + t("possible_instead", lang, options=list(alternatives)[:5])
        return text
    if isinstance(error, app_commands.NoPrivateMessage):
        return t("discord.dm_refused", lang)
    if isinstance(error, app_commands.MissingPermissions | app_commands.CheckFailure):
        return t("discord.no_permission", lang)
    if isinstance(error, app_commands.CommandOnCooldown):
        return t("discord.cooldown", lang, seconds=round(error.retry_after))
    return None


async def send_ephemeral(interaction: discord.Interaction, text: str) -> None:
    """Reply privately whether or not the interaction was acknowledged already."""
    if interaction.type is discord.InteractionType.autocomplete:
        return  # an autocomplete cannot carry a message; the choices just stay empty
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text[:2000], ephemeral=True,
                                            allowed_mentions=NO_MENTIONS)
        else:
            await interaction.response.send_message(text[:2000], ephemeral=True,
                                                    allowed_mentions=NO_MENTIONS)
    except discord.HTTPException:
        # The interaction expired (15 minutes) or Discord failed; there is nobody to tell.
        log.warning("could not deliver an error reply for interaction %s", interaction.id)


# Discord's own refusals of an acknowledgement: the interaction expired before we answered
# (10062) or Discord delivered it twice and the other copy answered first (40060). Nothing
# was applied for this copy and nobody is waiting for an answer, so they are not our bugs.
UNANSWERABLE = {10062, 40060}


def unanswerable(error: BaseException) -> bool:
    return isinstance(error, discord.HTTPException) and error.code in UNANSWERABLE


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    error = unwrap(error)
    if unanswerable(error):
        assert isinstance(error, discord.HTTPException)
        log.warning("interaction %s could not be answered (Discord code %s); skipped",
                    interaction.id, error.code)
        return
    lang = interaction.extras.get("lang") or lang_of(interaction)
    text = user_message(error, lang)
    if text is None:
        ref = secrets.token_hex(3)
        command = interaction.command.qualified_name if interaction.command else None
        custom_id = (interaction.data or {}).get("custom_id") if interaction.data else None
        log.error(
            "unexpected error ref=%s game=%s user=%s command=%s component=%s",
            ref, interaction.extras.get("game_id"), getattr(interaction.user, "id", None),
            command, custom_id, exc_info=error,
        )
        text = t("internal_error", lang, ref=ref)
    await send_ephemeral(interaction, text)
