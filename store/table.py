"""What changes around a game without changing its board: the latest board post, and a
seated player's language. Neither bumps `Game.version` (no button acts on them)."""

from __future__ import annotations

import aiosqlite

from ._base import StoreBase
from .errors import PlayerError, StoreValueError
from .models import Game


class TableMixin(StoreBase):
    async def set_board_message(self, game_id: int, channel_id: int, message_id: int) -> bool:
        """Remember the latest board post of the game, which reminders link to.

        Discord message ids grow with time, so only a newer post replaces the one stored:
        when two posts race (a turn and an undo), the later post wins whichever call comes
        last. Returns True if this post is now the stored one. Raises GameNotFoundError,
        StoreValueError (ids that are not positive integers).
        """
        for value in (channel_id, message_id):
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise StoreValueError(f"a channel or message id must be > 0, not {value!r}")

        async def body(conn: aiosqlite.Connection, now: float) -> bool:
            await self._game_row(conn, game_id)
            cursor = await conn.execute(
                "UPDATE games SET board_channel_id = ?, board_message_id = ? "
                "WHERE id = ? AND (board_message_id IS NULL OR board_message_id <= ?)",
                (channel_id, message_id, game_id, message_id),
            )
            return cursor.rowcount == 1

        return await self._write(body)

    async def set_player_language(
        self, game_id: int, user_id: str, language: str | None
    ) -> Game:
        """Set a seated player's language in this game (None: the game's own language).
        Raises GameNotFoundError, PlayerError("not_a_member")."""

        async def body(conn: aiosqlite.Connection, now: float) -> Game:
            await self._game_row(conn, game_id)
            cursor = await conn.execute(
                "UPDATE game_players SET language = ? WHERE game_id = ? AND user_id = ?",
                (language, game_id, user_id),
            )
            if cursor.rowcount != 1:
                raise PlayerError(game_id, user_id, "not_a_member")
            await conn.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            return await self._load_game(conn, game_id)

        return await self._write(body)
