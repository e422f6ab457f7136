"""The machinery under `GameStore`: one connection, one lock, explicit transactions.

One writer: every write runs as one `BEGIN IMMEDIATE` ... `COMMIT` under an asyncio.Lock
around a single aiosqlite connection (aiosqlite runs one thread per connection). Reads
take the same lock, because on a shared connection a read issued between a writer's
statements would see that writer's uncommitted rows; with the lock a reader sees whole
transactions only, and several SELECTs of one read see one state. Transactions are a few
milliseconds, so the lock is never held long.

Across processes (a CLI backup, a second bot by mistake), SQLite's own lock and the busy
timeout serialise writers; the version check inside the transaction keeps them correct.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from types import EllipsisType
from typing import Any, Self, TypeVar, cast

import aiosqlite

from .db import rollback_quietly
from .errors import (
    DuplicateInteractionError,
    GameNotFoundError,
    GameStatusError,
    StaleVersionError,
    StorageError,
    StoreBusyError,
    StoreValueError,
    storage_fault,
)
from .models import ActionRecord, Game, GameStatus, Player

T = TypeVar("T")
Clock = Callable[[], float]

GAME_COLUMNS = (
    "id, guild_id, channel_id, thread_id, host_id, edition, edition_hash, seed, language, "
    "status, version, action_count, current_player, settings, created_at, updated_at, "
    "board_channel_id, board_message_id, turn_version, board_version"
)
ACTION_COLUMNS = "game_id, seq, player_id, notation, created_at, interaction_id"


def _retrieve(task: asyncio.Task[Any]) -> None:
    """Mark a shielded write's outcome as seen when its caller was cancelled."""
    if not task.cancelled():
        task.exception()


class StoreBase:
    def __init__(self, conn: aiosqlite.Connection, path: str, clock: Clock = time.time) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self._clock = clock
        self.path = path
        # Set once a write met a damaged file: appending to a corrupted log would bury the
        # damage under new moves, so every later write is refused until an operator acts.
        self._broken: StorageError | None = None

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- transactions -------------------------------------------------------------------

    async def _write(self, body: Callable[[aiosqlite.Connection, float], Awaitable[T]]) -> T:
        """Run `body(conn, now)` as one write transaction; commit, or roll back on error.

        Shielded: if the caller is cancelled (a Discord handler timing out), the
        transaction still finishes or rolls back as a whole and the lock is released; the
        caller just never hears the result.
        """
        task = asyncio.ensure_future(self._transaction(body))
        task.add_done_callback(_retrieve)
        return await asyncio.shield(task)

    async def _transaction(self, body: Callable[[aiosqlite.Connection, float], Awaitable[T]]) -> T:
        async with self._lock:
            if self._broken is not None:
                raise self._broken
            try:
                return await self._attempt(body)
            except sqlite3.DatabaseError as exc:
                fault = self._fault(exc)
                if fault is exc:
                    raise
                raise fault from exc

    def _fault(self, exc: sqlite3.DatabaseError) -> BaseException:
        """The typed error for a SQLite failure: a StorageError for a fault of the file
        (remembered when the file is damaged), else the error itself."""
        kind = storage_fault(exc)
        if kind is None or isinstance(exc, sqlite3.IntegrityError):
            return exc
        error = StorageError(self.path, kind, str(exc))
        if kind == "corrupt":
            self._broken = error
        return error

    async def _attempt(self, body: Callable[[aiosqlite.Connection, float], Awaitable[T]]) -> T:
        try:
            await self._conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise StoreBusyError(f"{self.path}: {exc}") from exc
            raise
        try:
            result = await body(self._conn, self._clock())
            await self._conn.execute("COMMIT")
        except (UnicodeEncodeError, OverflowError) as exc:
            # A lone surrogate cannot be UTF-8; an int beyond 64 bits cannot be an
            # INTEGER. Neither can be stored verbatim, so refuse it cleanly.
            await rollback_quietly(self._conn)
            raise StoreValueError(f"value cannot be stored: {exc}") from exc
        except BaseException:
            await rollback_quietly(self._conn)
            raise
        return result

    async def _read(self, body: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
        async with self._lock:
            try:
                return await body(self._conn)
            except (UnicodeEncodeError, OverflowError) as exc:
                raise StoreValueError(f"value cannot be looked up: {exc}") from exc
            except sqlite3.DatabaseError as exc:
                fault = self._fault(exc)
                if fault is exc:
                    raise
                raise fault from exc

    # -- shared queries -----------------------------------------------------------------

    @staticmethod
    async def _game_row(conn: aiosqlite.Connection, game_id: int) -> sqlite3.Row:
        # execute_fetchall is one trip to aiosqlite's thread; execute + fetchone is two,
        # and those trips are most of a turn's cost (bench/RESULTS.md).
        rows = await conn.execute_fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)
        )
        if not rows:
            raise GameNotFoundError(game_id)
        return next(iter(rows))

    async def _load_game(self, conn: aiosqlite.Connection, game_id: int) -> Game:
        row = await self._game_row(conn, game_id)
        return (await self._games_from_rows(conn, [row]))[0]

    @staticmethod
    async def _games_from_rows(
        conn: aiosqlite.Connection, rows: Iterable[sqlite3.Row]
    ) -> list[Game]:
        rows = list(rows)
        if not rows:
            return []
        ids = [r["id"] for r in rows]
        marks = ",".join("?" * len(ids))
        players: dict[int, list[Player]] = {i: [] for i in ids}
        for p in await conn.execute_fetchall(
            "SELECT game_id, user_id, seat, display_name, language, joined_at "
            f"FROM game_players WHERE game_id IN ({marks}) ORDER BY game_id, seat",
            ids,
        ):
            players[p["game_id"]].append(Player(*p))
        return [
            Game(
                id=r["id"],
                guild_id=r["guild_id"],
                channel_id=r["channel_id"],
                thread_id=r["thread_id"],
                host_id=r["host_id"],
                edition=r["edition"],
                edition_hash=r["edition_hash"],
                seed=r["seed"],
                language=r["language"],
                status=cast(GameStatus, r["status"]),
                version=r["version"],
                action_count=r["action_count"],
                current_player=r["current_player"],
                settings=json.loads(r["settings"]),
                created_at=r["created_at"],
                updated_at=r["updated_at"],
                players=tuple(players[r["id"]]),
                board_channel_id=r["board_channel_id"],
                board_message_id=r["board_message_id"],
                turn_version=r["turn_version"],
                board_version=r["board_version"],
            )
            for r in rows
        ]

    @staticmethod
    def _action(row: sqlite3.Row) -> ActionRecord:
        return ActionRecord(*row)

    @staticmethod
    def _dump(value: Mapping[str, Any]) -> str:
        # sort_keys: the same settings always give the same text (diffable backups).
        return json.dumps(dict(value), sort_keys=True, ensure_ascii=False)

    # -- write helpers (inside a write transaction) -------------------------------------------

    async def _running_row(
        self, conn: aiosqlite.Connection, game_id: int, expected_version: int
    ) -> sqlite3.Row:
        """The game's row for a change to its log: at the version the caller saw, and
        running. Raises GameNotFoundError, StaleVersionError, GameStatusError."""
        row = await self._game_row(conn, game_id)
        if row["version"] != expected_version:
            raise StaleVersionError(game_id, expected_version, row["version"])
        if row["status"] != "running":
            raise GameStatusError(game_id, row["status"], ("running",))
        return row

    @staticmethod
    def _check_version(game: Game, expected: int) -> None:
        if game.version != expected:
            raise StaleVersionError(game.id, expected, game.version)

    @staticmethod
    async def _claim_interaction(
        conn: aiosqlite.Connection, interaction_id: str, game_id: int, now: float
    ) -> None:
        # First statement of the transaction, so a repeat is reported as such even when
        # the game has moved on since (it would otherwise look like a stale version).
        # An unknown game raises later in the same transaction, which rolls this back.
        cursor = await conn.execute(
            "INSERT INTO processed_interactions (interaction_id, game_id, processed_at) "
            "VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            (interaction_id, game_id, now),
        )
        if cursor.rowcount != 1:
            raise DuplicateInteractionError(interaction_id)

    @staticmethod
    async def _bump(
        conn: aiosqlite.Connection,
        game_id: int,
        now: float,
        *,
        status: GameStatus | None = None,
        current_player: str | EllipsisType | None = ...,
        seq: int | None = None,
        turn_post: bool = False,
    ) -> int:
        """version += 1 (plus the given columns); returns the new version. `turn_post`:
        the new version owes a public turn message (see migration 004)."""
        sets = ["version = version + 1", "updated_at = ?"]
        params: list[Any] = [now]
        if turn_post:
            sets.append("turn_version = version + 1")  # the right side sees the old row
        if status is not None:
            sets.append("status = ?")
            params.append(status)
        if current_player is not ...:
            sets.append("current_player = ?")
            params.append(current_player)
        if seq is not None:
            sets.append("action_count = ?")
            params.append(seq)
        rows = await conn.execute_fetchall(
            f"UPDATE games SET {', '.join(sets)} WHERE id = ? RETURNING version",
            (*params, game_id),
        )
        assert rows, "the caller has just read the row under the write lock"
        return int(next(iter(rows))[0])

    @staticmethod
    async def _put_snapshot(
        conn: aiosqlite.Connection, game_id: int, version: int, seq: int, text: str, now: float
    ) -> None:
        await conn.execute(
            "INSERT INTO snapshots (game_id, version, seq, state_json, updated_at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET "
            "version = excluded.version, seq = excluded.seq, "
            "state_json = excluded.state_json, updated_at = excluded.updated_at",
            (game_id, version, seq, text, now),
        )

    async def _event(
        self,
        conn: aiosqlite.Connection,
        game_id: int,
        kind: str,
        user_id: str | None,
        detail: Mapping[str, Any],
        now: float,
    ) -> int:
        cursor = await conn.execute(
            "INSERT INTO events (game_id, kind, user_id, detail, created_at) "
            "VALUES (?, ?, ?, ?, ?)",
            (game_id, kind, user_id, self._dump(detail), now),
        )
        return int(cursor.lastrowid or 0)

    @staticmethod
    async def _reseat(conn: aiosqlite.Connection, game_id: int, order: Sequence[str]) -> None:
        """Give `order[i]` seat i. UNIQUE(game_id, seat) is checked row by row, so move
        everyone out of the way first, then into place."""
        await conn.execute(
            "UPDATE game_players SET seat = seat + 1000000 WHERE game_id = ?", (game_id,)
        )
        await conn.executemany(
            "UPDATE game_players SET seat = ? WHERE game_id = ? AND user_id = ?",
            [(seat, game_id, user) for seat, user in enumerate(order)],
        )
