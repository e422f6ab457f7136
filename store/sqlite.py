"""The SQLite backend: one connection, one lock, explicit transactions.

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
import os
import sqlite3
from collections.abc import Awaitable, Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from . import db
from .conn import Conn, Dialect, Pending, Row
from .errors import StorageError, StoreBusyError, StoreValueError, storage_fault

T = TypeVar("T")


class Later:
    """The row count of a statement queued by `send_counted`, set when the queue runs."""

    def __init__(self, conn: SqliteConn) -> None:
        self._conn = conn
        self.rows: int | None = None

    async def count(self) -> int:
        if self.rows is None:
            await self._conn.flush()
        assert self.rows is not None, "flush runs every queued statement"
        return self.rows


Queued = tuple[str, Sequence[Any], Later | None]


class SqliteConn:
    """`Conn` over the store's aiosqlite connection (inside the backend's lock).

    Statements whose result nobody waits for (`send`) are queued and run in aiosqlite's
    thread together with the next one that is awaited, or with the COMMIT: a turn makes
    three trips to that thread instead of nine, and on a small machine those trips, not
    SQLite, were most of a turn's time (bench/RESULTS.md, "Store"). An error of a queued
    statement surfaces there, still inside the transaction, which then rolls back whole.
    This reaches under aiosqlite's public surface (`_execute` runs a function in its
    thread, `_conn` is its sqlite3 connection): tests/store run every write through it.
    """

    dialect: Dialect = "sqlite"
    lock_rows = ""  # BEGIN IMMEDIATE holds the whole database's write lock already
    integrity_errors: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)

    def __init__(self, raw: aiosqlite.Connection) -> None:
        self.raw = raw
        self._queued: list[Queued] = []

    async def _in_thread(self, last: Callable[[sqlite3.Connection], T]) -> T:
        queued, self._queued = self._queued, []

        def run() -> T:
            connection = self.raw._conn
            for sql, params, later in queued:
                rows = connection.execute(sql, params).rowcount
                if later is not None:
                    later.rows = rows
            return last(connection)

        return await self.raw._execute(run)  # type: ignore[no-untyped-call,no-any-return]

    def discard(self) -> None:
        """Forget what is queued (the transaction is being rolled back)."""
        self._queued = []

    async def flush(self) -> None:
        await self._in_thread(lambda connection: None)

    async def commit(self) -> None:
        await self._in_thread(lambda connection: connection.execute("COMMIT"))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return await self._in_thread(lambda c: c.execute(sql, params).rowcount)

    async def send(self, sql: str, params: Sequence[Any] = ()) -> None:
        self._queued.append((sql, params, None))

    async def send_counted(self, sql: str, params: Sequence[Any] = ()) -> Pending:
        later = Later(self)
        self._queued.append((sql, params, later))
        return later

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self._in_thread(lambda c: list(c.execute(sql, params).fetchall()))

    async def executemany(self, sql: str, params: Iterable[Sequence[Any]]) -> None:
        rows = list(params)
        await self._in_thread(lambda c: c.executemany(sql, rows))


class SqliteBackend:
    dialect: Dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self.raw = conn
        self._conn = SqliteConn(conn)
        self._lock = asyncio.Lock()
        self.path = path
        # Set once a write met a damaged file: appending to a corrupted log would bury the
        # damage under new moves, so every later write is refused until an operator acts.
        self._broken: StorageError | None = None

    @classmethod
    async def open(cls, path: str) -> SqliteBackend:
        """Open (creating if needed) and migrate the database file at `path`."""
        conn = await db.open_checked(path)
        try:
            await db.migrate(conn, path=path)
        except sqlite3.DatabaseError as exc:
            await conn.close()
            kind = storage_fault(exc)
            if kind is None:
                raise
            raise StorageError(path, kind, str(exc)) from exc
        except BaseException:
            await conn.close()
            raise
        return cls(conn, path)

    async def close(self) -> None:
        async with self._lock:
            await self.raw.close()

    async def write(self, body: Callable[[Conn], Awaitable[T]]) -> T:
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

    async def _attempt(self, body: Callable[[Conn], Awaitable[T]]) -> T:
        try:
            await self.raw.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise StoreBusyError(f"{self.path}: {exc}") from exc
            raise
        try:
            result = await body(self._conn)
            await self._conn.commit()
        except (UnicodeEncodeError, OverflowError) as exc:
            # A lone surrogate cannot be UTF-8; an int beyond 64 bits cannot be an
            # INTEGER. Neither can be stored verbatim, so refuse it cleanly.
            self._conn.discard()
            await db.rollback_quietly(self.raw)
            raise StoreValueError(f"value cannot be stored: {exc}") from exc
        except BaseException:
            self._conn.discard()
            await db.rollback_quietly(self.raw)
            raise
        return result

    async def read(self, body: Callable[[Conn], Awaitable[T]]) -> T:
        return await self._guarded(lambda: body(self._conn))

    async def _guarded(self, body: Callable[[], Awaitable[T]]) -> T:
        async with self._lock:
            try:
                return await body()
            except (UnicodeEncodeError, OverflowError) as exc:
                raise StoreValueError(f"value cannot be looked up: {exc}") from exc
            except sqlite3.DatabaseError as exc:
                fault = self._fault(exc)
                if fault is exc:
                    raise
                raise fault from exc

    async def integrity_check(self) -> db.IntegrityReport:
        return await self._guarded(lambda: db.integrity_check(self.raw))

    async def tidy(self, *, vacuum: bool) -> None:
        """`PRAGMA optimize` (ANALYZE where the statistics went stale); with `vacuum`,
        first `VACUUM`, which rewrites the file without its free pages. Without it the
        pages freed by packing are reused by later writes, so the file stops growing but
        does not shrink. VACUUM holds the write lock for its whole run (about a second
        per 50 MB here), so the bot runs only the light part hourly."""

        async def run() -> None:
            if vacuum:
                await self.raw.execute("VACUUM")
            await self.raw.execute("PRAGMA optimize")

        await self._guarded(run)

    async def backup(self, dest: str | os.PathLike[str]) -> Path:
        """Online backup to `dest` (SQLite backup API; the bot keeps running).

        On a connection of its own, outside the store's lock: WAL lets it read one
        consistent snapshot while commands go on writing on the store's connection, so a
        backup of a large file never makes a player's move wait for it."""
        if self.path == ":memory:":  # nothing else can see an in-memory database
            return await self._guarded(lambda: db.backup(self.raw, dest))
        conn = await db.connect(self.path, must_exist=True)
        try:
            return await db.backup(conn, dest)
        finally:
            await conn.close()
