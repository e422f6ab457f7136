"""Reads, listings, interaction ids and maintenance: the read side of GameStore."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ._base import ACTION_COLUMNS, GAME_COLUMNS, StoreBase
from .conn import Conn
from .db import IntegrityReport
from .models import ACTIVE_STATUSES, ActionRecord, Event, Game, GameStatus
from .packed import packed_log


class QueriesMixin(StoreBase):
    async def get_game(self, game_id: int) -> Game:
        """Raises GameNotFoundError."""
        return await self._read(lambda conn: self._load_game(conn, game_id))

    async def read_log(
        self, game_id: int, from_seq: int = 1, *, limit: int | None = None
    ) -> list[ActionRecord]:
        """Actions with seq >= from_seq, in order. Raises GameNotFoundError."""

        async def body(conn: Conn) -> list[ActionRecord]:
            await self._game_row(conn, game_id)
            packed = await packed_log(conn, game_id)
            if packed is not None:  # a finished game, packed (store.packing)
                wanted = packed[max(from_seq, 1) - 1:]
                return wanted if limit is None else wanted[:max(limit, 0)]
            # LIMIT NULL is "no limit" in PostgreSQL, LIMIT -1 in SQLite.
            no_limit = None if conn.dialect == "postgresql" else -1
            rows = await conn.execute_fetchall(
                f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? AND seq >= ? "
                "ORDER BY seq LIMIT ?",
                (game_id, from_seq, no_limit if limit is None else limit),
            )
            return [self._action(r) for r in rows]

        return await self._read(body)

    async def list_events(self, game_id: int, kind: str | None = None) -> list[Event]:
        async def body(conn: Conn) -> list[Event]:
            rows = await conn.execute_fetchall(
                "SELECT id, game_id, kind, user_id, detail, created_at FROM events "
                "WHERE game_id = ? AND (CAST(? AS TEXT) IS NULL OR kind = ?) ORDER BY id",
                (game_id, kind, kind),
            )
            return [
                Event(
                    r["id"],
                    r["game_id"],
                    r["kind"],
                    r["user_id"],
                    json.loads(r["detail"]),
                    r["created_at"],
                )
                for r in rows
            ]

        return await self._read(body)

    # -- listings ---------------------------------------------------------------------------

    async def game_ids(self) -> list[int]:
        """Every game's id, oldest first: for checks over the whole database."""

        async def body(conn: Conn) -> list[int]:
            return [int(r[0]) for r in await conn.execute_fetchall(
                "SELECT id FROM games ORDER BY id")]

        return await self._read(body)

    async def count_games(self, status: GameStatus) -> int:
        """How many games have `status` (the operator's health check)."""

        async def body(conn: Conn) -> int:
            rows = await conn.execute_fetchall(
                "SELECT count(*) FROM games WHERE status = ?", (status,))
            return int(next(iter(rows))[0])

        return await self._read(body)

    async def games_in_channel(
        self, channel_id: int, statuses: Sequence[GameStatus] = ACTIVE_STATUSES
    ) -> list[Game]:
        """Games whose channel or thread is `channel_id`, oldest first."""
        return await self._list(
            "(channel_id = ? OR thread_id = ?)", (channel_id, channel_id), statuses
        )

    async def games_of_player(
        self, user_id: str, statuses: Sequence[GameStatus] = ACTIVE_STATUSES
    ) -> list[Game]:
        """Games in which `user_id` has a seat, oldest first."""
        return await self._list(
            "id IN (SELECT game_id FROM game_players WHERE user_id = ?)", (user_id,), statuses
        )

    async def _list(
        self, where: str, params: tuple[Any, ...], statuses: Sequence[GameStatus]
    ) -> list[Game]:
        marks = ",".join("?" * len(statuses))

        async def body(conn: Conn) -> list[Game]:
            rows = await conn.execute_fetchall(
                f"SELECT {GAME_COLUMNS} FROM games WHERE {where} AND status IN ({marks}) "
                "ORDER BY id",
                (*params, *statuses),
            )
            return await self._games_from_rows(conn, rows)

        return await self._read(body)

    # -- interactions -----------------------------------------------------------------------

    async def record_interaction(self, interaction_id: str, game_id: int | None = None) -> bool:
        """Remember an interaction id; True the first time, False (and no change) after."""

        async def body(conn: Conn, now: float) -> bool:
            changed = await conn.execute(
                "INSERT INTO processed_interactions (interaction_id, game_id, processed_at) "
                "VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (interaction_id, game_id, now),
            )
            return changed == 1

        return await self._write(body)

    async def interaction_processed(self, interaction_id: str) -> bool:
        async def body(conn: Conn) -> bool:
            rows = await conn.execute_fetchall(
                "SELECT 1 FROM processed_interactions WHERE interaction_id = ?", (interaction_id,)
            )
            return bool(rows)

        return await self._read(body)

    async def prune_interactions(self, older_than: float, *, limit: int | None = None) -> int:
        """Forget ids processed before `older_than` (Discord stops retrying an interaction
        after 15 minutes, so a day's worth is plenty). Returns how many were removed.
        `limit` removes at most that many, so a large backlog is pruned in short
        transactions that let moves in between."""

        async def body(conn: Conn, now: float) -> int:
            if limit is None:
                changed = await conn.execute(
                    "DELETE FROM processed_interactions WHERE processed_at < ?", (older_than,)
                )
            else:
                changed = await conn.execute(
                    "DELETE FROM processed_interactions WHERE interaction_id IN (SELECT "
                    "interaction_id FROM processed_interactions WHERE processed_at < ? LIMIT ?)",
                    (older_than, limit),
                )
            return changed

        return await self._write(body)

    # -- maintenance ------------------------------------------------------------------------

    async def backup(self, dest: str | os.PathLike[str]) -> Path:
        """Online backup to `dest` while the bot keeps running: SQLite's backup API.
        PostgreSQL raises BackupUnsupportedError: its backups are `pg_dump`'s job."""
        return await self._db.backup(dest)

    async def integrity_check(self) -> IntegrityReport:
        report: IntegrityReport = await self._db.integrity_check()
        return report
