"""The prompt of a turn post: buttons and menus that survive restarts (`DynamicItem`s).

Nothing about a prompt is kept in memory. Its custom id says everything needed to act on
it later, even after a restart: `ab:act:<game>:<version>:<index>` is "the action at
<index> of the legal-action list of <game> at <version>". Notation can be longer than a
custom id (100 characters), hence the index; the legal list at one version is
deterministic, so on a press it is derived again from the stored game. A press whose
version is not the game's current one answers "the board has changed" and changes nothing;
the service's `expected_version` check closes the race between that check and the move.

The turn cog (`cogs.turns`) registers these and acts on a press; a widget reaches it
through the bot at run time (`AutobahnBot.turns`) and imports no flow.
"""

from __future__ import annotations

import re
from collections.abc import Coroutine, Sequence
from typing import Any

import discord

from cogs.context import Interaction
from cogs.errors import report_error
from locales import translate
from service.labels import fit

# Order of kinds on the prompt and in autocomplete: the choices a turn usually starts with.
KIND_ORDER = ("route", "bonus", "build", "upgrade", "load", "station", "research", "move",
              "promote", "extra", "pick", "slot", "takeback", "grant", "pass")
BUTTON_KINDS = ("takeback", "grant", "pass")  # one-word actions: a button each
MAX_BUTTONS = 5  # one row
MAX_SELECTS = 4  # the other four rows
SELECT_OPTIONS = 25


def kind_of(notation: str) -> str:
    return notation.split(" ", 1)[0]


def rank(notation: str) -> int:
    kind = kind_of(notation)
    return KIND_ORDER.index(kind) if kind in KIND_ORDER else len(KIND_ORDER)


async def guarded(interaction: Interaction, work: Coroutine[Any, Any, None]) -> None:
    """Component callbacks are outside the command tree (discord.py only logs what they
    raise), so they go through the same error handler here."""
    try:
        await work
    except Exception as error:
        await report_error(interaction, error)


async def press(interaction: Interaction, game_id: int, index: int, version: int) -> None:
    turns = interaction.client.turns
    if turns is None:  # the turn cog is not loaded: nobody acts on prompts now
        raise RuntimeError("the turn cog is not loaded")
    await turns.press(interaction, game_id, index, version)


# discord.py types an item's interaction by a client type variable of the method, so an
# override names any client (`Interaction[Any]`); the client is always the AutobahnBot.


class ActButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=r"ab:act:(?P<game>\d{1,12}):(?P<version>\d{1,9}):(?P<index>\d{1,4})"):
    def __init__(self, game_id: int, version: int, index: int, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        self.game_id, self.version, self.index = game_id, version, index
        super().__init__(discord.ui.Button(
            label=(label or "?")[:80], style=style,
            custom_id=f"ab:act:{game_id}:{version}:{index}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> ActButton:
        label = getattr(item, "label", None) or ""
        return cls(int(match["game"]), int(match["version"]), int(match["index"]), label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, press(interaction, self.game_id, self.index, self.version))


class ActSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                template=r"ab:pick:(?P<game>\d{1,12}):(?P<version>\d{1,9}):(?P<group>[a-z]{1,12})"):
    """A menu of one kind of action (all builds, all loads...); option values are indices."""

    def __init__(self, game_id: int, version: int, group: str,
                 options: Sequence[discord.SelectOption] = (), placeholder: str = "") -> None:
        self.game_id, self.version, self.group = game_id, version, group
        super().__init__(discord.ui.Select(
            custom_id=f"ab:pick:{game_id}:{version}:{group}",
            options=list(options) or [discord.SelectOption(label="-", value="0")],
            placeholder=(placeholder or group)[:150], min_values=1, max_values=1))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> ActSelect:
        return cls(int(match["game"]), int(match["version"]), match["group"],
                   getattr(item, "options", ()), getattr(item, "placeholder", "") or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        index = int(values[0]) if values and values[0].isdigit() else -1
        await guarded(interaction, press(interaction, self.game_id, index, self.version))


def prompt_view(game_id: int, version: int, legal: Sequence[str],
                labels: Sequence[str] = (), lang: str = "en") -> discord.ui.View | None:
    """Buttons and menus for the likely choices of the pending decision.

    Few choices: a button each. Many: one-word actions as buttons, then one menu per kind
    (the most common kinds first), each with its first 25 choices; /act offers the rest.
    """
    if not legal:
        return None
    # what a player reads: the board's names (service.labels) when given, else notation
    shown = list(labels) if len(labels) == len(legal) else list(legal)
    view = discord.ui.View(timeout=None)
    if len(legal) <= MAX_BUTTONS:
        for index, notation in enumerate(legal):
            style = (discord.ButtonStyle.secondary if kind_of(notation) == "pass"
                     else discord.ButtonStyle.primary)
            view.add_item(ActButton(game_id, version, index, fit(shown[index], 80), style))
        return view
    groups: dict[str, list[tuple[int, str]]] = {}
    buttons = 0
    for index, notation in enumerate(legal):
        kind = kind_of(notation)
        if kind in BUTTON_KINDS and buttons < MAX_BUTTONS:
            view.add_item(ActButton(game_id, version, index, fit(shown[index], 80)))
            buttons += 1
        else:
            groups.setdefault(kind, []).append((index, notation))
    ordered = sorted(groups, key=lambda k: KIND_ORDER.index(k) if k in KIND_ORDER else 99)
    for row, kind in enumerate(ordered[:MAX_SELECTS], start=1):
        options = [discord.SelectOption(label=fit(shown[i], 100), value=str(i))
                   for i, _ in groups[kind][:SELECT_OPTIONS]]
        select = ActSelect(game_id, version, kind, options,
                           fit(f"{translate(f'label.group.{kind}', lang)} "
                               f"({len(groups[kind])})", 150))
        select.item.row = row
        view.add_item(select)
    return view
