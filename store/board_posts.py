"""What changes around a game without changing its board: the latest board post (and the
turn post it owes), and a seated player's language. None of it bumps `Game.version` (no
button acts on them)."""

from __future__ import annotations

import json
from collections.abc import Collection

from ._base import GAME_COLUMNS, StoreBase
from .conn import Conn
from .errors import PlayerError, StoreValueError
from .models import Game


class BoardPostsMixin(StoreBase):
    async def set_board_message(self, game_id: int, channel_id: int, message_id: int) -> bool:
        """Remember the latest board post of the game, which reminders link to.

        Discord message ids grow with time, so only a newer post replaces the one stored:
        when two posts race (a turn and an undo), the later post wins whichever call comes
        last. Returns True if this post is now the stored one. Raises GameNotFoundError,
        StoreValueError (ids that are not positive integers).
        """
        _positive_ids(channel_id, message_id)

        async def body(conn: Conn, now: float) -> bool:
            await self._game_row(conn, game_id)
            changed = await conn.execute(
                "UPDATE games SET board_channel_id = ?, board_message_id = ? "
                "WHERE id = ? AND (board_message_id IS NULL OR board_message_id <= ?)",
                (channel_id, message_id, game_id, message_id),
            )
            return changed == 1

        return await self._write(body)

    # -- the turn post owed (migration 004) ---------------------------------------------------

    async def unposted_games(
        self, guild_ids: Collection[int] | None = None, *, limit: int = 100
    ) -> list[Game]:
        """Running or finished games that owe a public turn message (`Game.owes_turn_post`)
        and that no post in progress has claimed; the longest owed first. `guild_ids`:
        only games of these guilds (those an adapter can post in; the console's games,
        guild 0, are never among them)."""
        where = ("turn_version IS NOT NULL AND turn_version > coalesce(board_version, -1) "
                 "AND status IN ('running', 'finished') "
                 "AND coalesce(post_claimed_until, 0) <= ?")
        params: tuple[object, ...] = (self._clock(),)
        if guild_ids is not None:
            # One parameter, however many guilds: no SQL variable limit to hit.
            guilds = sorted(set(guild_ids))
            params += (json.dumps(guilds),)
            where += " AND guild_id IN (SELECT value FROM json_each(?))"

        async def body(conn: Conn) -> list[Game]:
            sql, args = where, params
            if conn.dialect == "postgresql" and guild_ids is not None:
                sql = where.replace("IN (SELECT value FROM json_each(?))", "= ANY(?)")
                args = (params[0], guilds)
            rows = await conn.execute_fetchall(
                f"SELECT {GAME_COLUMNS} FROM games WHERE {sql} ORDER BY updated_at, id "
                "LIMIT ?", (*args, limit))
            return await self._games_from_rows(conn, rows)

        return await self._read(body)

    async def claim_turn_post(self, game_id: int, turn_version: int, lease_s: float) -> bool:
        """Take the owed post of `turn_version` for `lease_s` seconds: True for exactly one
        of several callers racing for it, False if it is claimed, posted, or superseded by
        a newer turn. A claim that is never recorded (a crash, a failed send) lapses, and
        the post is owed again. The store's clock times the lease, so every process agrees
        on when it ends. Raises GameNotFoundError."""

        async def body(conn: Conn, now: float) -> bool:
            await self._game_row(conn, game_id)
            changed = await conn.execute(
                "UPDATE games SET post_claimed_until = ? WHERE id = ? AND turn_version = ? "
                "AND turn_version > coalesce(board_version, -1) "
                "AND coalesce(post_claimed_until, 0) <= ?",
                (now + lease_s, game_id, turn_version, now))
            return changed == 1

        return await self._write(body)

    async def record_turn_post(
        self, game_id: int, version: int, channel_id: int, message_id: int
    ) -> bool:
        """A turn post showing the game at `version` was sent as this message: it becomes
        the board post reminders link to, pays what was owed up to `version` and ends any
        claim, all in one statement. An older post never replaces a newer one (versions
        only grow); returns whether this one is now stored. Raises GameNotFoundError,
        StoreValueError (ids that are not positive integers)."""
        _positive_ids(channel_id, message_id)

        async def body(conn: Conn, now: float) -> bool:
            await self._game_row(conn, game_id)
            changed = await conn.execute(
                "UPDATE games SET board_channel_id = ?, board_message_id = ?, "
                "board_version = ?, post_claimed_until = NULL "
                "WHERE id = ? AND coalesce(board_version, -1) < ?",
                (channel_id, message_id, version, game_id, version))
            return changed == 1

        return await self._write(body)

    async def set_player_language(
        self, game_id: int, user_id: str, language: str | None
    ) -> Game:
        """Set a seated player's language in this game (None: the game's own language).
        Raises GameNotFoundError, PlayerError("not_a_member")."""

        async def body(conn: Conn, now: float) -> Game:
            await self._game_row(conn, game_id)
            changed = await conn.execute(
                "UPDATE game_players SET language = ? WHERE game_id = ? AND user_id = ?",
                (language, game_id, user_id),
            )
            if changed != 1:
                raise PlayerError(game_id, user_id, "not_a_member")
            await conn.send("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            return await self._load_game(conn, game_id)

        return await self._write(body)


def _positive_ids(*values: object) -> None:
    """Discord's channel and message ids: positive integers (a bool is not one)."""
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise StoreValueError(f"a channel or message id must be > 0, not {value!r}")
