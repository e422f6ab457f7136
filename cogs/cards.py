"""The turn card: each turn's public post as one Components V2 message (issue 14).

A container holds the turn told (a text display), the board a phone reads without zooming
(one media gallery item: the service draws the "card" view, the phone map with the acting
player's board below it, as wide as the map view so nothing is smaller than on the map),
and the prompt: the buttons and menus of `cogs.prompts` and, for the player who just
moved, an Undo button. One image, not two: a gallery shows two images side by side, each
at half the width.

Discord's rules for such a message (IS_COMPONENTS_V2, flag 1 << 15, which discord.py sets
for a `LayoutView`): no `content` and no embeds; at most 40 components, nested ones
counted; at most 4000 characters of text in all text displays; an attachment shows only
where a component names it (`attachment://<filename>`); the flag cannot be set on a
deferred interaction response. The turn card is always a new channel message (never an
interaction response), so the last rule never bites; the player's own answer stays a
classic ephemeral message.

When the next turn is posted, the previous card is edited once to the same layout without
its action rows (`closed_card`): one edit per card, not one per button. The previous card
is the game's stored board post (`Table.board_message_id`), so this also holds after a
restart; a card that has no action row left is not edited again.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord.components import Container as ContainerComponent

from service import Table

if TYPE_CHECKING:
    from cogs.client import AutobahnBot

log = logging.getLogger("autobahn.discord.cards")

CARD_FILE = "board.png"
TEXT_LIMIT = 4000  # Discord's total over every text display of a message
ACCENT = discord.Colour(0x2F6FB0)  # the board's blue


def turn_card(text: str, rows: Sequence[Sequence[discord.ui.Item[Any]]],
              description: str = "", filename: str = CARD_FILE,
              link: str = "") -> discord.ui.LayoutView:
    """The turn's message: its text, the board (uploaded as `filename`), the game's web
    page (`link`, a markdown link, kept when the card is closed), the prompt rows."""
    view = discord.ui.LayoutView(timeout=None)
    container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=ACCENT)
    container.add_item(discord.ui.TextDisplay(text[:TEXT_LIMIT - len(link)]))
    container.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(
        f"attachment://{filename}", description=description[:1024] or None)))
    if link:
        container.add_item(discord.ui.TextDisplay(link))
    for row in rows:
        if row:
            container.add_item(discord.ui.ActionRow(*row))
    view.add_item(container)
    return view


def closed_card(message: discord.Message) -> discord.ui.LayoutView | None:
    """`message`'s turn card without its action rows; None when it has none left (closed
    before, or never had any) or holds something this bot does not post."""
    names = {a.id: a.filename for a in message.attachments}
    view = discord.ui.LayoutView(timeout=None)
    dropped = False
    for component in message.components:
        if isinstance(component, discord.ActionRow):
            dropped = True
            continue
        if not isinstance(component, ContainerComponent):
            return None
        kept: list[discord.ui.Item[Any]] = []
        for child in component.children:
            if isinstance(child, discord.ActionRow):
                dropped = True
                continue
            item = _item(child, names)
            if item is None:
                return None
            kept.append(item)
        view.add_item(discord.ui.Container(*kept, accent_colour=component.accent_colour,
                                           spoiler=component.spoiler))
    return view if dropped else None


def _item(component: discord.Component,
          names: dict[int, str]) -> discord.ui.Item[Any] | None:
    if isinstance(component, discord.TextDisplay):
        return discord.ui.TextDisplay(component.content)
    if isinstance(component, discord.SeparatorComponent):
        return discord.ui.Separator(visible=component.visible, spacing=component.spacing)
    if isinstance(component, discord.MediaGalleryComponent):
        # the message's own upload is named as uploaded: its CDN address expires
        return discord.ui.MediaGallery(*(discord.MediaGalleryItem(
            f"attachment://{names[i.media.attachment_id]}"
            if i.media.attachment_id in names else i.media.url,
            description=i.description, spoiler=i.spoiler) for i in component.items))
    return None


async def close_previous_card(bot: AutobahnBot, game: Table, errors: tuple[type[BaseException], ...]
                              ) -> bool:
    """Take the buttons off the game's latest turn post, with one edit; True if edited.

    Never fails the post it precedes: a card left open answers a press with "the board
    has changed", as every stale button does."""
    if not (game.board_message_id and game.board_channel_id):
        return False
    partial = bot.get_partial_messageable(game.board_channel_id, guild_id=game.guild_id)
    try:
        message = await partial.fetch_message(game.board_message_id)
        if not message.flags.components_v2:
            if not message.components:
                return False
            await message.edit(view=None)  # a classic post from before the turn card
            return True
        closed = closed_card(message)
        if closed is None:
            return False
        await message.edit(view=closed)
        return True
    except discord.NotFound:
        return False  # deleted: nothing left to close
    except errors:
        log.warning("could not close the previous turn post of game %s", game.id)
        return False
