"""The machinery under `GameStore`: transactions on a backend, and the queries shared by the
mixins.

The backend (`store.sqlite`, `store.postgres`) runs each write as one transaction; the SQL
here is written once for both (see `store.conn`).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from types import EllipsisType
from typing import Any, Self, TypeVar, cast

import aiosqlite

from .conn import Backend, Conn, Row
from .errors import (
    DuplicateInteractionError,
    GameNotFoundError,
    GameStatusError,
    StaleVersionError,
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
    def __init__(self, backend: Backend, clock: Clock = time.time) -> None:
        self._db = backend
        self._clock = clock
        self.path = backend.path
        self._unsettled: set[asyncio.Future[Any]] = set()

    @property
    def dialect(self) -> str:
        return self._db.dialect

    @property
    def _conn(self) -> aiosqlite.Connection:
        """The SQLite connection itself, for tests and tools that reach under the store."""
        raw = getattr(self._db, "raw", None)
        if not isinstance(raw, aiosqlite.Connection):
            raise AttributeError(f"a {self._db.dialect} store has no SQLite connection")
        return raw

    async def close(self) -> None:
        await self._db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- transactions -------------------------------------------------------------------

    async def _write(self, body: Callable[[Conn, float], Awaitable[T]]) -> T:
        """Run `body(conn, now)` as one write transaction; commit, or roll back on error.

        Shielded: if the caller is cancelled (a Discord handler timing out), the
        transaction still finishes or rolls back as a whole and the connection is
        released; the caller just never hears the result. `now` is read inside the
        transaction, so times follow the order of commits.
        """
        await self._settle()
        task = asyncio.ensure_future(self._db.write(lambda conn: body(conn, self._clock())))
        task.add_done_callback(_retrieve)
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            if not task.done():
                self._unsettled.add(task)
                task.add_done_callback(self._unsettled.discard)
            raise

    async def _settle(self) -> None:
        """Wait for writes whose callers were cancelled, so that what this store does next
        sees them whole. SQLite's lock orders every call already; PostgreSQL's pool would
        otherwise let the next read overtake the write it follows."""
        if self._unsettled:
            await asyncio.wait(list(self._unsettled))

    async def _read(self, body: Callable[[Conn], Awaitable[T]]) -> T:
        await self._settle()
        return await self._db.read(body)

    # -- shared queries -----------------------------------------------------------------

    @staticmethod
    async def _select_game(conn: Conn, game_id: int) -> list[Row]:
        """The game's row, locked inside a write (`Conn.lock_rows`); [] if there is none."""
        return await conn.execute_fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?{conn.lock_rows}", (game_id,)
        )

    @classmethod
    async def _game_row(cls, conn: Conn, game_id: int) -> Row:
        rows = await cls._select_game(conn, game_id)
        if not rows:
            raise GameNotFoundError(game_id)
        return next(iter(rows))

    async def _load_game(self, conn: Conn, game_id: int) -> Game:
        row = await self._game_row(conn, game_id)
        return (await self._games_from_rows(conn, [row]))[0]

    @staticmethod
    async def _games_from_rows(
        conn: Conn, rows: Iterable[Row]
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
    def _action(row: Row) -> ActionRecord:
        return ActionRecord(*row)

    @staticmethod
    def _dump(value: Mapping[str, Any]) -> str:
        # sort_keys: the same settings always give the same text (diffable backups).
        return json.dumps(dict(value), sort_keys=True, ensure_ascii=False)

    # -- write helpers (inside a write transaction) -------------------------------------------

    async def _running_row(
        self, conn: Conn, game_id: int, expected_version: int,
        interaction_id: str | None = None, now: float | None = None,
    ) -> Row:
        """The game's row for a change to its log: at the version the caller saw, and
        running. With `interaction_id`, first claims it (at `now`): a repeat is reported
        as such even when the game has moved on since, which would otherwise look like a
        stale version. The claim is sent ahead of the SELECT, so on PostgreSQL both make
        one round trip; an unknown game raises after it, which rolls the claim back.
        Raises DuplicateInteractionError, GameNotFoundError, StaleVersionError,
        GameStatusError, in that order."""
        claim = None
        if interaction_id is not None:
            assert now is not None, "a claim records when it was made"
            claim = await conn.send_counted(
                "INSERT INTO processed_interactions (interaction_id, game_id, processed_at) "
                "VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (interaction_id, game_id, now),
            )
        rows = await self._select_game(conn, game_id)
        if claim is not None and await claim.count() != 1:
            raise DuplicateInteractionError(str(interaction_id))
        if not rows:
            raise GameNotFoundError(game_id)
        row = next(iter(rows))
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
    async def _bump(
        conn: Conn,
        game_id: int,
        now: float,
        *,
        status: GameStatus | None = None,
        current_player: str | EllipsisType | None = ...,
        seq: int | None = None,
        turn_post: bool = False,
        locked_version: int | None = None,
    ) -> int:
        """version += 1 (plus the given columns); returns the new version. `turn_post`:
        the new version owes a public turn message (see migration 004). `locked_version`:
        the version the caller read under the write lock, so the new one is known and the
        UPDATE is sent without waiting for it (one round trip fewer on PostgreSQL)."""
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
        if locked_version is not None:
            await conn.send(f"UPDATE games SET {', '.join(sets)} WHERE id = ?", (*params, game_id))
            return locked_version + 1
        rows = await conn.execute_fetchall(
            f"UPDATE games SET {', '.join(sets)} WHERE id = ? RETURNING version",
            (*params, game_id),
        )
        assert rows, "the caller has just read the row under the write lock"
        return int(next(iter(rows))[0])

    @staticmethod
    async def _put_snapshot(
        conn: Conn, game_id: int, version: int, seq: int, text: str, now: float
    ) -> None:
        await conn.send(
            "INSERT INTO snapshots (game_id, version, seq, state_json, updated_at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET "
            "version = excluded.version, seq = excluded.seq, "
            "state_json = excluded.state_json, updated_at = excluded.updated_at",
            (game_id, version, seq, text, now),
        )

    async def _event(
        self,
        conn: Conn,
        game_id: int,
        kind: str,
        user_id: str | None,
        detail: Mapping[str, Any],
        now: float,
    ) -> int:
        rows = await conn.execute_fetchall(
            "INSERT INTO events (game_id, kind, user_id, detail, created_at) "
            "VALUES (?, ?, ?, ?, ?) RETURNING id",
            (game_id, kind, user_id, self._dump(detail), now),
        )
        return int(rows[0][0])

    @staticmethod
    async def _reseat(conn: Conn, game_id: int, order: Sequence[str]) -> None:
        """Give `order[i]` seat i. UNIQUE(game_id, seat) is checked row by row, so move
        everyone out of the way first, then into place."""
        await conn.send(
            "UPDATE game_players SET seat = seat + 1000000 WHERE game_id = ?", (game_id,)
        )
        await conn.executemany(
            "UPDATE game_players SET seat = ? WHERE game_id = ? AND user_id = ?",
            [(seat, game_id, user) for seat, user in enumerate(order)],
        )
