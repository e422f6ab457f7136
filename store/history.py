"""The games of a server, for its history, stats and ratings (issue 35): read-only
listings over the games table, on both backends (the shared `_list`)."""

from __future__ import annotations

from collections.abc import Sequence

from .models import Game, GameStatus
from .queries import QueriesMixin


class HistoryMixin(QueriesMixin):
    async def games_in_guild(
        self, guild_id: int, statuses: Sequence[GameStatus] = ("finished",)
    ) -> list[Game]:
        """The games of one server (the console's are guild 0), oldest first."""
        return await self._list("guild_id = ?", (guild_id,), statuses)
