"""The console's commands of the table's pace and memory (issue 35): `/stats`, `/game
history`. They read the local database: the console's games are one server (guild 0)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from service import CONSOLE
from service.history_text import history_lines, server_lines, stats_lines

from .options import int_option, options

if TYPE_CHECKING:
    from .table import Console


def local_date(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).astimezone().strftime("%Y-%m-%d %H:%M")


class PaceCommands:
    def __init__(self, table: Console) -> None:
        self.table = table

    async def stats(self, rest: str, actor: str | None) -> None:
        """`/stats` (who must decide, or `as X`), `/stats ann`, `/stats ann vs:ben`,
        `/stats server`."""
        words = [w for w in rest.split() if ":" not in w]
        opts = options(" ".join(w for w in rest.split() if ":" in w), "/stats", ("vs",))
        table, service = self.table, self.table.service
        if words[:1] == ["server"]:
            lines = server_lines(await service.server_stats(CONSOLE), table.lang)
        else:
            player = " ".join(words) or actor or await self._someone()
            found = await service.player_stats(CONSOLE, player, opts.get("vs"))
            lines = stats_lines(found, table.lang)
        for line in lines:
            table.out(line)

    async def _someone(self) -> str:
        """The player `/stats` is about when none is named: whoever must decide, else
        the host of the table's game."""
        table = self.table
        game = await table.service.game(table.require_game())
        if game.status == "running":
            return await table.service.deciding(game.id)
        return game.host_id

    async def history(self, args: str) -> None:
        opts = options(args, "/game history", ("page",))
        page = int_option(opts, "page") if "page" in opts else None
        table = self.table
        found = await table.service.game_history(CONSOLE, page)
        for line in history_lines(found, table.lang, local_date,
                                  lambda past: f"/game switch game:{past.game.id}"):
            table.out(line)
