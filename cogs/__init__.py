"""Thin discord.py adapters over the service: slash commands, buttons, reminders.

`bot.py` calls `run(settings)` when DISCORD_TOKEN is set and `--console` is not given.

Layout, leaves first (a test keeps the imports free of circles):

- `context`: the typed interaction (`Interaction`), its user, place and language, the
  game a command is about and the check that it is played here, the private reply, and
  `WidgetCog`, the base of a cog that registers the persistent buttons it posts.
- `prompts`: a turn post's buttons and menus and the mover's Undo; a press reaches the
  turn cog through the bot at run time (`AutobahnBot.turns`), so widgets import no flow.
- `cards`: the turn card, one Components V2 message (text, board, prompt rows), and the
  one edit that closes the previous card.
- `posting`: the public turn message (`announce` takes one `Announcement`, made by
  `of_move`, `of_start`, `of_undo`, `of_turn_post`) and the guards after a commit.
- `votes`: the one vote button (undo and abandon answers) and what an answer does.
- feature cogs, each an extension: `games` (`/game ...`), `turns` (`/act`, one command per
  kind from one factory, `/undo`), `boards` (looking at a game), `reminders` (`/remind` and
  the loop); `turn_posts` posts what a game still owes.
- `client` (the bot), `runner` (start-up), `errors` (the one error path), `i18n`,
  `translator`, `present`, `loops`, `backups`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from service.settings import Settings

if TYPE_CHECKING:
    from service import Companion


def run(settings: Settings | None = None, *, sync_global: bool = False,
        companions: Sequence[Companion] = ()) -> int:
    """Start the Discord bot (blocking) with bot.py's `settings` as they are: they are
    read once, there; None reads them from the environment and `.env` (for callers other
    than bot.py). `companions` run beside it on the same service (the web pages)."""
    from cogs.runner import run_discord

    return run_discord(settings if settings is not None else Settings.load(),
                       sync_global=sync_global, companions=companions)
