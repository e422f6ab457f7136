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
from service.kinds import BUTTON_KINDS, KIND, order_of
from service.labels import Labelled, fit

# The kinds' order, their buttons and menu names: `service.kinds`, as the console's.
MAX_BUTTONS = 5  # one row
MAX_SELECTS = 4  # the other four rows
SELECT_OPTIONS = 25


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


async def undo_press(interaction: Interaction, game_id: int, version: int, mover: str) -> None:
    turns = interaction.client.turns
    if turns is None:
        raise RuntimeError("the turn cog is not loaded")
    await turns.press_undo(interaction, game_id, version, mover)


class UndoButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"ab:back:(?P<game>\d{1,12}):(?P<version>\d{1,9}):(?P<mover>[\w-]{1,40})"):
    """Undo on a turn card, for the player who just moved: `/undo` by button. The custom id
    names the move's player and the version it was posted at, so another player's press
    and a press after the board changed are answered without touching the game."""

    def __init__(self, game_id: int, version: int, mover: str, label: str = "") -> None:
        self.game_id, self.version, self.mover = game_id, version, mover
        super().__init__(discord.ui.Button(
            label=(label or "Undo")[:80], style=discord.ButtonStyle.danger,
            custom_id=f"ab:back:{game_id}:{version}:{mover}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> UndoButton:
        return cls(int(match["game"]), int(match["version"]), match["mover"],
                   getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, undo_press(interaction, self.game_id, self.version,
                                              self.mover))


def prompt_rows(game_id: int, version: int, items: Sequence[Labelled],
                lang: str = "en") -> list[list[discord.ui.Item[Any]]]:
    """Buttons and menus for the likely choices of the pending decision, row by row.

    Few choices: a button each. Many: one-word actions as buttons, then one menu per kind
    (the most common kinds first), each with its first 25 choices; /act offers the rest.
    Each carries its item's place in the legal list (`Labelled.index`), which a press
    plays: the choices are one per label, so a place is not a position among them.
    """
    if not items:
        return []
    if len(items) <= MAX_BUTTONS:
        return [[ActButton(game_id, version, item.index, fit(item.label, 80),
                           discord.ButtonStyle.secondary if item.kind == "pass"
                           else discord.ButtonStyle.primary)
                 for item in items]]
    groups: dict[str, list[Labelled]] = {}
    buttons: list[discord.ui.Item[Any]] = []
    for item in items:
        kind = item.kind
        if kind in BUTTON_KINDS and len(buttons) < MAX_BUTTONS:
            buttons.append(ActButton(game_id, version, item.index, fit(item.label, 80)))
        else:
            groups.setdefault(kind, []).append(item)
    rows: list[list[discord.ui.Item[Any]]] = [buttons] if buttons else []
    ordered = sorted(groups, key=order_of)
    for kind, part, count in _menus([(k, len(groups[k])) for k in ordered]):
        found = groups[kind]
        first = part * SELECT_OPTIONS
        chunk = found[first:first + SELECT_OPTIONS]
        options = [discord.SelectOption(label=fit(item.label, 100), value=str(item.index))
                   for item in chunk]
        group = translate(KIND[kind].group, lang) if kind in KIND else kind
        placeholder = (f"{group} ({len(found)})" if count == 1 else translate(
            "discord.menu_part", lang, group=group, first=first + 1,
            last=first + len(chunk), count=len(found)))
        # a message's menus need ids of their own: "move", "moveb", "movec"...
        menu = kind if part == 0 else kind + "bcd"[part - 1]
        rows.append([ActSelect(game_id, version, menu, options, fit(placeholder, 150))])
    return rows


def _menus(sizes: list[tuple[str, int]]) -> list[tuple[str, int, int]]:
    """(kind, part, parts) for each menu: one a kind, up to MAX_SELECTS; the menus left
    over go to the kinds with more than SELECT_OPTIONS choices, in order, so a truck's 40
    moves fill two menus instead of hiding 15."""
    shown = sizes[:MAX_SELECTS]
    parts = dict.fromkeys((kind for kind, _ in shown), 1)
    spare = MAX_SELECTS - len(shown)
    for kind, size in shown:
        more = min(spare, -(-size // SELECT_OPTIONS) - 1)
        parts[kind] += more
        spare -= more
    return [(kind, part, parts[kind]) for kind, _ in shown for part in range(parts[kind])]


def prompt_view(game_id: int, version: int, items: Sequence[Labelled],
                lang: str = "en") -> discord.ui.View | None:
    """The prompt as a classic message's view (the private prompt within a turn): the
    buttons on the first row, each menu on a row of its own."""
    rows = prompt_rows(game_id, version, items, lang)
    if not rows:
        return None
    view = discord.ui.View(timeout=None)
    first_menu = 1 if any(isinstance(i, ActButton) for i in rows[0]) else 0
    for number, row in enumerate(rows):
        for item in row:
            if isinstance(item, ActSelect):
                item.item.row = number + 1 - first_menu
            view.add_item(item)
    return view
