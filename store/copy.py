"""`python -m store copy --to postgresql://...`: a SQLite database moved into PostgreSQL.

Every table is copied as it is (ids included, so Discord's buttons and the reminder links
keep pointing at the same games), in one PostgreSQL transaction, from one read transaction
of the SQLite file: the bot may keep running on the file meanwhile, and the copy is the
file as it was at one moment. Then the copy is verified table by table, row by row; the
caller adds the check that needs the rules (every game's replay against its snapshot,
`service.replay_check`), which the store cannot run itself.

A target with rows in it is refused unless `replace` is given, which empties it first: a
copy run twice never mixes two databases.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncGenerator, Sequence
from dataclasses import dataclass
from typing import Any

import aiosqlite

from . import db
from .errors import StoreError
from .postgres import backend as pg
from .postgres import migrate as pg_migrate

# In foreign-key order. Everything the store keeps: the SQLite schema of this version has
# exactly these tables (checked), so a table added later cannot be forgotten silently.
TABLES: tuple[tuple[str, str], ...] = (
    ("games", "id"),
    ("game_players", "game_id, seat"),
    ("actions", "game_id, seq"),
    ("snapshots", "game_id"),
    ("events", "id"),
    ("processed_interactions", "interaction_id"),
    ("reminder_settings", "id"),
    ("reminders", "id"),
    ("leases", "name"),
    ("secrets", "name"),
    ("packed_logs", "game_id"),
    ("user_languages", "user_id"),
)
IDENTITIES = ("games", "events", "reminder_settings", "reminders")
BATCH = 2_000
TEXT_KEYS = ("interaction_id", "name", "user_id")


class CopyError(StoreError):
    code = "copy_failed"


@dataclass(frozen=True, slots=True)
class CopyReport:
    counts: dict[str, int]
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


async def _columns(conn: aiosqlite.Connection, table: str) -> list[str]:
    return [str(r[1]) for r in await conn.execute_fetchall(f"PRAGMA table_info({table})")]


async def _sqlite_rows(conn: aiosqlite.Connection, table: str, cols: Sequence[str],
                       order: str) -> AsyncGenerator[list[tuple[Any, ...]]]:
    cursor = await conn.execute(f"SELECT {', '.join(cols)} FROM {table} ORDER BY {order}")
    while batch := await cursor.fetchmany(BATCH):
        yield [tuple(r) for r in batch]
    await cursor.close()


async def _pg_rows(raw: pg.Raw, table: str, cols: Sequence[str],
                   order: str) -> AsyncGenerator[list[tuple[Any, ...]]]:
    async with raw.cursor(name=f"verify_{table}") as cursor:  # server-side: bounded memory
        await cursor.execute(f"SELECT {', '.join(cols)} FROM {table} ORDER BY {order}".encode())
        while batch := await cursor.fetchmany(BATCH):
            yield [tuple(r) for r in batch]


async def _open_source(path: str) -> aiosqlite.Connection:
    conn = await db.open_checked(path, must_exist=True)
    version = await db.user_version(conn)
    if version != db.SCHEMA_VERSION:
        await conn.close()
        raise CopyError(f"{path} is at schema version {version}, this program's is "
                        f"{db.SCHEMA_VERSION}: run `python -m store migrate --db {path}` first")
    tables = {str(r[0]) for r in await conn.execute_fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
    if tables != {t for t, _ in TABLES}:
        await conn.close()
        raise CopyError(f"{path} has tables {sorted(tables)}; the copy knows {TABLES}")
    return conn


async def _prepare_target(raw: pg.Raw, url: str, replace: bool) -> None:
    await pg_migrate.migrate(raw, path=pg.masked(url))
    filled = []
    for table, _ in TABLES:
        cursor = await raw.execute(f"SELECT EXISTS (SELECT 1 FROM {table})".encode())
        row = await cursor.fetchone()
        if row and row[0]:
            filled.append(table)
    if filled and not replace:
        raise CopyError(f"{pg.masked(url)} already holds data (in {', '.join(filled)}); "
                        "copy into an empty database, or pass --replace to empty it first")


async def copy_to_postgres(source: str, url: str, *, replace: bool = False) -> CopyReport:
    """Copy the SQLite database at `source` into the PostgreSQL database at `url`
    (migrated first) and verify it. Raises CopyError for a source at another schema
    version or a target that is not empty (without `replace`)."""
    src = await _open_source(source)
    raw = await pg.connect(url)
    try:
        await _prepare_target(raw, url, replace)
        counts: dict[str, int] = {}
        await src.execute("BEGIN")  # one read snapshot of the file (WAL: writers go on)
        async with raw.transaction():
            if replace:
                names = ", ".join(t for t, _ in TABLES)
                await raw.execute(f"TRUNCATE {names} RESTART IDENTITY CASCADE".encode())
            for table, order in TABLES:
                cols = await _columns(src, table)
                counts[table] = 0
                sql = f"COPY {table} ({', '.join(cols)}) FROM STDIN"
                async with raw.cursor().copy(sql.encode()) as copy:
                    async for batch in _sqlite_rows(src, table, cols, order):
                        for row in batch:
                            await copy.write_row(row)
                        counts[table] += len(batch)
            for table in IDENTITIES:  # new rows continue after the copied ids
                await raw.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"coalesce(max(id), 0) + 1, false) FROM {table}".encode())
        problems = await _verify(src, raw)
        await src.execute("COMMIT")
    finally:
        await raw.close()
        await src.close()
    return CopyReport(counts, tuple(problems))


async def _verify(src: aiosqlite.Connection, raw: pg.Raw) -> list[str]:
    """Every table equal, row by row, in the copy and in the source's snapshot."""
    problems: list[str] = []
    async with raw.transaction():
        for table, order in TABLES:
            cols = await _columns(src, table)
            if order in TEXT_KEYS:
                # Text sorts by collation, which the two databases need not share (and
                # NUL-escaped text sorts apart): these small tables are compared sorted here.
                mine = sorted(r for b in [b async for b in _sqlite_rows(src, table, cols, order)]
                              for r in b)
                theirs = sorted(r for b in [b async for b in _pg_rows(raw, table, cols, order)]
                                for r in b)
                if mine != theirs:
                    problems.append(f"{table}: the copy differs ({len(theirs)} rows, "
                                    f"{len(mine)} in the source)")
                continue
            n = 0
            async with contextlib.aclosing(_sqlite_rows(src, table, cols, order)) as a, \
                    contextlib.aclosing(_pg_rows(raw, table, cols, order)) as b:
                while True:
                    # Both sides fetch BATCH rows at a time in one order: equal tables give
                    # equal batches.
                    ours, copied = await anext(a, None), await anext(b, None)
                    if ours is None and copied is None:
                        break
                    if ours != copied:
                        problems.append(f"{table}: the copy differs from row {n + 1} on")
                        break
                    n += len(ours or ())
    return problems
