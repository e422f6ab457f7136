"""The PostgreSQL backend: a psycopg connection pool, one connection per transaction.

Writers of one game are serialised by the game's row: every write that reads the game
selects it `FOR UPDATE` (`Conn.lock_rows`), so a second writer waits for the first to
commit and then reads the version it left; READ COMMITTED is enough for that, and the
unique (game_id, seq) of the log stays the second guard. Claims (an interaction id, a
reminder, an owed post, a lease) are single statements whose conflict PostgreSQL resolves
on the row: of several racing callers one changes it, the others see its result. Reads run
in a REPEATABLE READ transaction, so the SELECTs of one read see one state.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Awaitable, Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg import AsyncConnection, AsyncCursor, AsyncPipeline, errors, pq
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from ..conn import Conn, Dialect
from ..db import IntegrityReport
from ..errors import BackupUnsupportedError, StorageError, StoreBusyError, StoreValueError
from . import migrate, text

T = TypeVar("T")
Raw = AsyncConnection[Any]

# How long a write waits for a row another writer holds: a turn takes milliseconds, so this
# only runs out when something is stuck, as SQLite's busy timeout does.
LOCK_TIMEOUT_MS = 5_000
POOL_SIZE = 8
BIG_STATEMENT = 256 * 1024


def masked(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


class _TooBig(Exception):
    """A statement too large for pipeline mode (see PgConn._queue)."""


class PgPending:
    """A queued statement's row count. psycopg hands every result of the pipeline to its
    own cursor as results arrive, so once a later statement's rows are read this one's
    count is there without another round trip."""

    def __init__(self, cursor: AsyncCursor[Any], pipeline: AsyncPipeline | None) -> None:
        self._cursor = cursor
        self._pipeline = pipeline

    async def count(self) -> int:
        if self._pipeline is not None and self._cursor.pgresult is None:
            await self._pipeline.sync()
        return self._cursor.rowcount


class PgConn:
    """`Conn` over one pooled connection inside one transaction."""

    dialect: Dialect = "postgresql"
    integrity_errors: tuple[type[Exception], ...] = (psycopg.IntegrityError,)

    def __init__(self, raw: Raw, lock_rows: str, pipeline: AsyncPipeline | None) -> None:
        self.raw = raw
        self.lock_rows = lock_rows
        self._pipeline = pipeline

    async def _queue(self, sql: str, params: Sequence[Any]) -> AsyncCursor[Any]:
        if self._pipeline is not None and sum(
                len(p) for p in params if isinstance(p, str | bytes)) > BIG_STATEMENT:
            # A statement of megabytes (a hostile 2 MB name) stalls psycopg's pipeline
            # mode; the transaction is rolled back and run again without it.
            raise _TooBig
        return await self.raw.execute(text.placeholders(sql), tuple(params))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self._queue(sql, params)
        if self._pipeline is not None:
            await self._pipeline.sync()  # the row count arrives with the results
        return cursor.rowcount

    async def send(self, sql: str, params: Sequence[Any] = ()) -> None:
        await self._queue(sql, params)

    async def send_counted(self, sql: str, params: Sequence[Any] = ()) -> PgPending:
        return PgPending(await self._queue(sql, params), self._pipeline)

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        cursor = await self._queue(sql, params)
        rows = await cursor.fetchall()  # in pipeline mode the description comes with them
        names = {c.name: i for i, c in enumerate(cursor.description or ())}
        return [text.PgRow(values, names) for values in rows]

    async def executemany(self, sql: str, params: Iterable[Sequence[Any]]) -> None:
        async with self.raw.cursor() as cursor:
            await cursor.executemany(text.placeholders(sql), [tuple(p) for p in params])


async def configure(raw: Raw) -> None:
    text.register(raw)
    await raw.execute(f"SET lock_timeout = {LOCK_TIMEOUT_MS:d}".encode())
    # A turn rewrites its game's snapshot (~30 KB of JSON): LZ4 compresses it in a fraction
    # of the time of PostgreSQL's default pglz, which took 0.6-1.0 ms off a turn's median on
    # two busy cores (bench/RESULTS.md, "Store"). A session setting, not a migration: values
    # written either way read the same, and a server built without LZ4 keeps pglz.
    with contextlib.suppress(errors.InvalidParameterValue, errors.FeatureNotSupported):
        await raw.execute(b"SET default_toast_compression = lz4")


async def connect(url: str) -> Raw:
    """One configured connection outside any pool (migrations, tools); autocommit."""
    try:
        raw = await AsyncConnection.connect(url, autocommit=True)
    except psycopg.OperationalError as exc:
        raise StorageError(masked(url), "cannot_open", str(exc).strip()) from exc
    await configure(raw)
    return raw


async def rollback_quietly(raw: Raw) -> None:
    if raw.info.transaction_status != pq.TransactionStatus.IDLE and not raw.closed:
        # If the connection is gone, the pool discards it and the server rolled back.
        with contextlib.suppress(psycopg.Error):
            await raw.execute("ROLLBACK")


def translate(exc: Exception, path: str) -> Exception:
    """The store's typed error for a psycopg failure (the failure itself if none fits)."""
    if isinstance(exc, UnicodeEncodeError | OverflowError | psycopg.DataError):
        # A lone surrogate is not UTF-8, a number beyond 64 bits no BIGINT.
        return StoreValueError(f"value cannot be stored: {exc}")
    if isinstance(exc, errors.LockNotAvailable | errors.TransactionRollback):
        return StoreBusyError(f"{path}: {exc}")
    if isinstance(exc, errors.DiskFull | errors.OutOfMemory):
        return StorageError(path, "disk_full", str(exc))
    if isinstance(exc, errors.ReadOnlySqlTransaction):
        return StorageError(path, "read_only", str(exc))
    if isinstance(exc, errors.DataCorrupted | errors.IndexCorrupted):
        return StorageError(path, "corrupt", str(exc))
    if isinstance(exc, PoolTimeout):
        return StorageError(path, "cannot_open", str(exc))
    if isinstance(exc, psycopg.OperationalError | psycopg.InterfaceError):
        return StorageError(path, "io", str(exc))
    return exc


# The store's tables, for VACUUM: named, so that only this schema's are vacuumed.
TABLES = ("games", "game_players", "actions", "snapshots", "events", "processed_interactions",
          "reminder_settings", "reminders", "leases", "secrets", "packed_logs")


class PostgresBackend:
    dialect: Dialect = "postgresql"

    def __init__(self, pool: AsyncConnectionPool[Raw], url: str) -> None:
        self._pool = pool
        self.url = url
        self.path = masked(url)

    @classmethod
    async def open(cls, url: str, *, pool_size: int = POOL_SIZE) -> PostgresBackend:
        """Connect, migrate, then open the pool. A server that cannot be reached is a
        StorageError("cannot_open") with the driver's reason, at once."""
        raw = await connect(url)
        try:
            await migrate.migrate(raw, path=masked(url))
        finally:
            await raw.close()
        pool: AsyncConnectionPool[Raw] = AsyncConnectionPool(
            url, min_size=1, max_size=pool_size, open=False, kwargs={"autocommit": True},
            configure=configure, name="autobahn-store",
        )
        try:
            await pool.open(wait=True, timeout=10)
        except PoolTimeout as exc:
            await pool.close()
            raise StorageError(masked(url), "cannot_open", str(exc)) from exc
        return cls(pool, url)

    async def close(self) -> None:
        await self._pool.close()

    async def _run(self, body: Callable[[Conn], Awaitable[T]], begin: bytes, lock: str) -> T:
        try:
            async with self._pool.connection() as raw:
                try:
                    return await self._transaction(raw, body, begin, lock, pipelined=True)
                except _TooBig:
                    return await self._transaction(raw, body, begin, lock, pipelined=False)
        except (psycopg.Error, UnicodeEncodeError, OverflowError) as exc:
            if isinstance(exc, psycopg.IntegrityError):
                raise
            typed = translate(exc, self.path)
            if typed is exc:
                raise
            raise typed from exc

    @staticmethod
    async def _transaction(raw: Raw, body: Callable[[Conn], Awaitable[T]], begin: bytes,
                           lock: str, *, pipelined: bool) -> T:
        try:
            if not pipelined:
                await raw.execute(begin)
                result = await body(PgConn(raw, lock, None))
                await raw.execute(b"COMMIT")
                return result
            # Pipeline mode: statements go out without waiting for one another's results
            # until one is needed (see Conn.send); BEGIN travels with the first statement
            # and COMMIT with the last ones.
            async with raw.pipeline() as pipeline:
                await raw.execute(begin)
                result = await body(PgConn(raw, lock, pipeline))
                await raw.execute(b"COMMIT")
            return result
        except BaseException:
            await rollback_quietly(raw)
            raise

    async def write(self, body: Callable[[Conn], Awaitable[T]]) -> T:
        return await self._run(body, b"BEGIN", " FOR UPDATE")

    async def read(self, body: Callable[[Conn], Awaitable[T]]) -> T:
        return await self._run(body, b"BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", "")

    async def integrity_check(self) -> IntegrityReport:
        async with self._pool.connection() as raw:
            return await migrate.integrity_check(raw)

    async def tidy(self, *, vacuum: bool) -> None:
        """With `vacuum`, `VACUUM (ANALYZE)` of the store's tables (outside a transaction:
        the pool's connections are in autocommit); without it nothing, because the
        server's autovacuum does both (its settings: docs/operating.md, migration 009)."""
        if not vacuum:
            return
        try:
            async with self._pool.connection() as raw:
                await raw.execute(f"VACUUM (ANALYZE) {', '.join(TABLES)}".encode())
        except psycopg.Error as exc:
            typed = translate(exc, self.path)
            if typed is exc:
                raise
            raise typed from exc

    async def backup(self, dest: str | os.PathLike[str]) -> Path:
        raise BackupUnsupportedError(self.path, os.fspath(dest))
