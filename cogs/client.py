"""The bot: a `commands.AutoShardedBot` subclass with its dependencies injected
(advanced_startup.py). It connects the shards of `Settings.shards` (SHARD_COUNT,
SHARD_IDS): unset, every shard in the number Discord recommends, so one process serves a
bot of any size; set, several processes share the shards (README "Running at scale").

Extensions load in `setup_hook`, the persistent dynamic buttons are registered there, the
reminder loop starts there (never in `on_ready`, which runs again after every reconnect),
and commands sync to DEV_GUILD_ID when set, globally only when asked (`--sync-global`):
a global sync takes up to an hour to spread and is rate limited, so it is a deliberate act.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from cogs.backups import BackupLoop
from cogs.errors import report_error
from cogs.i18n import SAFE_MENTIONS
from cogs.reminders import ReminderLoop
from cogs.settings import Settings
from cogs.translator import CatalogueTranslator
from service import GameService
from service.leases import BACKUPS

if TYPE_CHECKING:
    from cogs.turns import Turns

log = logging.getLogger("autobahn.discord")

EXTENSIONS: tuple[str, ...] = (
    "cogs.games",
    "cogs.turns",
    "cogs.computer",
    "cogs.boards",
    "cogs.reminders",
    "cogs.stats",
    "cogs.pace",
)


class AutobahnTree(app_commands.CommandTree["AutobahnBot"]):
    """One error path for every slash command and autocomplete."""

    async def interaction_check(self, interaction: discord.Interaction[AutobahnBot]) -> bool:
        # Games live in server channels; in a DM there is no table to play at.
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage()
        return True

    async def on_error(
        self, interaction: discord.Interaction[AutobahnBot], error: app_commands.AppCommandError
    ) -> None:
        await report_error(interaction, error)


def intents() -> discord.Intents:
    # Slash commands and buttons arrive as interactions whatever the intents; `guilds`
    # keeps the channel and thread cache that posting boards and making threads rely on.
    # No members, presences or message content.
    result = discord.Intents.none()
    result.guilds = True
    return result


class AutobahnBot(commands.AutoShardedBot):
    def __init__(
        self,
        *,
        service: GameService,
        settings: Settings,
        clock: Callable[[], float] = time.time,
        extensions: Sequence[str] = EXTENSIONS,
        start_loops: bool = True,
        **options: Any,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            tree_cls=AutobahnTree,
            allowed_mentions=SAFE_MENTIONS,
            max_ratelimit_timeout=settings.max_ratelimit_timeout,
            shard_count=settings.shards.count,
            # discord.py's stub says list[int], its code takes None for "every shard".
            shard_ids=list(settings.shards.ids) if settings.shards.ids is not None
            else None,  # type: ignore[arg-type]
            **options,
        )
        self.service = service
        self.settings = settings
        self.clock = clock
        self.initial_extensions = tuple(extensions)
        self.start_loops = start_loops
        self.reminder_loop: ReminderLoop | None = None
        self.backup_loop: BackupLoop | None = None
        # Games whose turn a command of this process is committing and posting right now
        # (cogs.posting.posting_live): the check for owed posts leaves them alone.
        self.live_posts: Counter[int] = Counter()
        # Reminders a loop of this process is sending right now (two loops of one process
        # share its lease; this keeps them from sending the same one).
        self.sending_reminders: set[int] = set()

    @property
    def turns(self) -> Turns | None:
        """The turn cog, which acts on a press of a prompt button (RoboDanny's way of
        reaching another cog: at run time, so no widget imports a flow)."""
        return cast("Turns | None", self.get_cog("Turns"))

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CatalogueTranslator())
        # Each feature cog registers its own persistent buttons when it loads, so those
        # posted before a restart dispatch to it again.
        for extension in self.initial_extensions:
            await self.load_extension(extension)
        self.reminder_loop = ReminderLoop(self, interval=self.settings.reminder_poll_s)
        if self.settings.backup_dir:
            self.backup_loop = BackupLoop(self.service, self.settings.backup_dir,
                                          self.settings.backup_every_s, self.settings.backup_keep,
                                          lease=self.service.leases.lease(BACKUPS))
        if self.start_loops:
            self.reminder_loop.start()
            if self.backup_loop is not None:
                self.backup_loop.start()
        await self.sync_commands()

    async def sync_commands(self) -> None:
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to the development guild %s", len(synced), guild.id)
        if self.settings.sync_global:
            synced = await self.tree.sync()
            log.info("synced %d commands globally", len(synced))

    async def close(self) -> None:
        for loop in (self.reminder_loop, self.backup_loop):
            if loop is not None:
                await loop.stop()
        # Stopped cleanly: the next process takes the once-only work over at once.
        await self.service.leases.release_all()
        await super().close()

    async def on_ready(self) -> None:
        log.info("connected as %s (%s) to %d guilds", self.user, getattr(self.user, "id", "?"),
                 len(self.guilds))
