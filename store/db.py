"""Opening the database: pragmas, the migration runner, integrity check and online backup.

Everything here works on one aiosqlite connection opened with `isolation_level=None`, so
that Python's sqlite3 module never opens or commits a transaction behind our back: every
write transaction in the store is an explicit `BEGIN IMMEDIATE` ... `COMMIT`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import sqlite3
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import aiosqlite

from .errors import MigrationError, SchemaTooNewError, StorageError, StoreBusyError, storage_fault

DEFAULT_DB = "autobahn.sqlite3"
ENV_DB = "AUTOBAHN_DB"
BUSY_TIMEOUT_MS = 5_000

# RETURNING (3.35) and the built-in JSON functions (3.38) are used by the schema and queries.
MIN_SQLITE = (3, 38, 0)

_MIGRATION_NAME = re.compile(r"^(\d{3})_([a-z0-9_]+)\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


def load_migrations() -> tuple[Migration, ...]:
    """The shipped migrations in order; checks that their numbers run 1, 2, 3... ."""
    found: list[Migration] = []
    for entry in resources.files("store.migrations").iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append(Migration(int(match[1]), match[2], entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    numbers = [m.version for m in found]
    if numbers != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migration numbers must run 1..n without gaps, got {numbers}")
    return tuple(found)


MIGRATIONS = load_migrations()
SCHEMA_VERSION = MIGRATIONS[-1].version


def db_path_from_env(explicit: str | os.PathLike[str] | None = None) -> str:
    """The database path: an explicit one, else $AUTOBAHN_DB, else autobahn.sqlite3."""
    if explicit is not None:
        return os.fspath(explicit)
    return os.environ.get(ENV_DB) or DEFAULT_DB


async def connect(
    path: str | os.PathLike[str], *, must_exist: bool = False, read_only: bool = False
) -> aiosqlite.Connection:
    """Open `path` with the pragmas DESIGN §3 asks for; does not migrate.

    `must_exist` opens read-write without creating the file, for tools (check, backup)
    that must not leave an empty database behind when given a wrong path. `read_only`
    (with `must_exist`) opens a file nothing can write (a read-only mount) as immutable:
    SQLite then needs no -shm file beside it, which it could not create there.
    """
    if sqlite3.sqlite_version_info < MIN_SQLITE:
        raise RuntimeError(
            f"SQLite {sqlite3.sqlite_version} is too old; the store needs "
            f"{'.'.join(map(str, MIN_SQLITE))} or newer"
        )
    target = os.fspath(path)
    if not must_exist and target != ":memory:" and not target.startswith("file:"):
        create_private(Path(target))
    if must_exist:
        if not Path(target).is_file():
            raise FileNotFoundError(f"no database at {target}")
        mode = "?mode=ro&immutable=1" if read_only else "?mode=rw"
        target, uri = Path(target).resolve().as_uri() + mode, True
    else:
        uri = False
    # isolation_level=None: we issue BEGIN IMMEDIATE / COMMIT ourselves. The timeout is
    # sqlite3's busy handler: how long to wait for another process's write lock.
    conn = await aiosqlite.connect(
        target, isolation_level=None, uri=uri, timeout=BUSY_TIMEOUT_MS / 1000
    )
    try:
        conn.row_factory = aiosqlite.Row
        # WAL lets readers (and the online backup) proceed while a turn is written.
        if target != ":memory:" and not read_only:
            await switch_to_wal(conn, os.fspath(path))
        # FULL: a commit is durable once it returns; a confirmed move survives a power cut,
        # not only a killed process.
        await conn.execute("PRAGMA synchronous=FULL")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    except BaseException:
        await conn.close()
        raise
    return conn


async def switch_to_wal(conn: aiosqlite.Connection, path: str, *,
                        timeout_ms: int = BUSY_TIMEOUT_MS) -> None:
    """`PRAGMA journal_mode=WAL`, retried while another connection holds the database.

    The busy timeout does not cover this pragma. On a file still in rollback mode the
    switch reads the header under a SHARED lock and then needs the write lock to mark the
    file as WAL; when two connections do that at once (two processes opening a fresh
    database), SQLite answers one of them SQLITE_BUSY at once instead of waiting, because
    waiting on a lock upgrade could deadlock. The other connection finishes within
    milliseconds, so try again, with a short growing pause, until the busy timeout is
    spent. Once the file is in WAL mode the pragma needs no write lock and returns "wal".
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_ms / 1000
    pause = 0.002
    while True:
        try:
            rows = await conn.execute_fetchall("PRAGMA journal_mode=WAL")
            mode = str(next(iter(rows))[0]).lower() if rows else ""
            if mode == "wal":
                return
            problem = f"got journal mode {mode!r}"
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            problem = str(exc)
        if loop.time() >= deadline:
            raise StoreBusyError(f"could not switch {path} to WAL: {problem}")
        await asyncio.sleep(pause * (0.5 + random.random()))
        pause = min(pause * 2, 0.1)


PRIVATE_FILE = 0o600  # the database holds every game's seed and hidden cards
PRIVATE_FOLDER = 0o700


def writable(path: str | os.PathLike[str]) -> bool:
    """Whether the database at `path` and its folder can be written (not on a read-only
    mount, for instance): SQLite needs both, for its -wal and -shm files."""
    where = Path(path)
    return os.access(where, os.W_OK) and os.access(where.parent, os.W_OK)


def create_private(path: Path) -> None:
    """Create `path` empty and readable by its owner only, unless it exists. SQLite gives
    the -wal and -shm files it creates beside a database the database file's mode, so they
    are private too; an empty file is a valid new database."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE))
    except FileExistsError:
        pass
    except OSError:
        return  # a folder that does not exist or is read-only: SQLite's error names it


HEADER = b"SQLite format 3\x00"


def refuse_before_opening(path: str, newest: int) -> None:
    """Look at the file's header before SQLite opens it, so a file we must refuse is left
    byte for byte as it was: opening switches it to WAL, which rewrites the header.

    Raises SchemaTooNewError for a schema newer than `newest` and StorageError("corrupt")
    for a header that is not SQLite's. A missing or empty file, or one with a `-wal` file
    beside it (its newest pages, the header included, may be there), is left to SQLite.
    """
    if path == ":memory:" or path.startswith("file:"):
        return
    try:
        with open(path, "rb") as handle:
            header = handle.read(100)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StorageError(path, "cannot_open", str(exc)) from exc
    if not header or Path(f"{path}-wal").exists():
        return
    if len(header) < 100 or not header.startswith(HEADER):
        raise StorageError(path, "corrupt", "file is not a database")
    found = int.from_bytes(header[60:64], "big")
    if found > newest:
        raise SchemaTooNewError(path, found, newest)


async def open_checked(path: str, *, must_exist: bool = False) -> aiosqlite.Connection:
    """`connect`, with the header checked first and SQLite's faults of the file itself
    (damaged, read-only, cannot be opened) raised as StorageError."""
    refuse_before_opening(path, SCHEMA_VERSION)
    try:
        return await connect(path, must_exist=must_exist)
    except sqlite3.DatabaseError as exc:
        kind = storage_fault(exc)
        if kind is None:
            raise
        raise StorageError(path, kind, str(exc)) from exc


async def user_version(conn: aiosqlite.Connection) -> int:
    cursor = await conn.execute("PRAGMA user_version")
    row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def migrate(
    conn: aiosqlite.Connection,
    *,
    target: int | None = None,
    migrations: tuple[Migration, ...] = MIGRATIONS,
    path: str = "database",
) -> int:
    """Bring the schema up to `target` (default: the newest); returns the version reached.

    Each migration runs in its own BEGIN IMMEDIATE transaction together with the
    `PRAGMA user_version` that records it, so a crash leaves the schema at a whole version.
    The version is re-read inside the transaction: two processes starting at once apply
    each migration once.
    """
    newest = migrations[-1].version if migrations else 0
    target = newest if target is None else target
    current = await user_version(conn)
    if current > newest:
        raise SchemaTooNewError(path, current, newest)
    for migration in migrations:
        if migration.version <= current or migration.version > target:
            continue
        try:
            await conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise StoreBusyError(f"cannot lock {path} to migrate it: {exc}") from exc
        try:
            # Re-read under the write lock: another process may have migrated meanwhile.
            current = await user_version(conn)
            if current > newest:
                raise SchemaTooNewError(path, current, newest)
            if current >= migration.version:
                await conn.execute("ROLLBACK")
                continue
            # Statement by statement, not executescript: executescript COMMITs any open
            # transaction first, which would split a migration from its user_version.
            for statement in split_statements(migration.sql):
                await conn.execute(statement)
            await conn.execute(f"PRAGMA user_version = {migration.version:d}")
            if await conn.execute_fetchall("PRAGMA foreign_key_check"):
                raise MigrationError(migration.version, migration.name, "foreign key check failed")
            await conn.execute("COMMIT")
        except sqlite3.Error as exc:
            await rollback_quietly(conn)
            raise MigrationError(migration.version, migration.name, str(exc)) from exc
        except BaseException:
            await rollback_quietly(conn)
            raise
        current = migration.version
    return current


def split_statements(sql: str) -> list[str]:
    """Split a script into single statements, keeping trigger bodies (`BEGIN ... END;`) whole."""
    statements: list[str] = []
    buffer = ""
    for piece in sql.split(";"):
        buffer += piece + ";"
        # sqlite3_complete knows about comments, string literals and trigger bodies.
        if sqlite3.complete_statement(buffer):
            text = buffer.strip()
            if _has_code(text):
                statements.append(text)
            buffer = ""
    if _has_code(buffer.rstrip(";")):
        raise ValueError(f"incomplete SQL statement at the end of a migration: {buffer[:80]!r}")
    return statements


def _has_code(text: str) -> bool:
    """True when `text` holds more than comments, whitespace and semicolons."""
    without_comments = re.sub(r"--[^\n]*|/\*.*?\*/", "", text, flags=re.S)
    return bool(without_comments.strip().strip(";").strip())


async def rollback_quietly(conn: aiosqlite.Connection) -> None:
    # If the rollback itself fails (the connection is closing, or SQLite already rolled
    # back), the original error is the one worth reporting.
    if conn.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            await conn.execute("ROLLBACK")


@dataclass(frozen=True, slots=True)
class IntegrityReport:
    ok: bool
    problems: tuple[str, ...]
    schema_version: int


async def integrity_check(conn: aiosqlite.Connection) -> IntegrityReport:
    """`PRAGMA integrity_check` plus `PRAGMA foreign_key_check`; ok only if both are clean."""
    problems: list[str] = []
    rows = await conn.execute_fetchall("PRAGMA integrity_check")
    messages = [str(r[0]) for r in rows]
    if messages != ["ok"]:
        problems.extend(messages)
    for r in await conn.execute_fetchall("PRAGMA foreign_key_check"):
        problems.append(f"foreign key: table {r[0]} rowid {r[1]} -> {r[2]}")
    return IntegrityReport(not problems, tuple(problems), await user_version(conn))


async def backup(conn: aiosqlite.Connection, dest: str | os.PathLike[str]) -> Path:
    """Copy the live database to `dest` with SQLite's online backup API.

    The copy is written beside `dest` and renamed into place when complete, so `dest` is
    never a half-written database. One backup step (pages=-1) copies a consistent snapshot
    even while other processes write (WAL readers see one point in time).
    """
    final = Path(dest)
    if final.is_dir():
        raise IsADirectoryError(f"{final} is a directory; give the backup file's path")
    tmp = final.with_name(f".{final.name}.partial-{os.getpid()}")
    tmp.unlink(missing_ok=True)
    create_private(tmp)  # the copy holds what the database does: private from the start
    # The backup runs on the source connection's worker thread, so the target must be
    # usable from a thread other than the one that opened it.
    target = sqlite3.connect(tmp, check_same_thread=False)
    try:
        await conn.backup(target, pages=-1)
        # The copy keeps WAL mode from the page-1 header; fold any WAL content into the
        # main file so the backup is one self-contained file.
        target.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        target.execute("PRAGMA journal_mode=DELETE")
    finally:
        target.close()
    try:
        os.replace(tmp, final)
    finally:
        for leftover in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
            leftover.unlink(missing_ok=True)
    return final
