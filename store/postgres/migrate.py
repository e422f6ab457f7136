"""PostgreSQL's schema: the migration runner, the schema version and `check`.

The version lives in `store_schema` (one row per applied migration), not in a pragma.
Every migration runs in one transaction with its row, under a transaction-scoped advisory
lock, so two processes starting at once apply each migration once and a failed one leaves
the schema at a whole version (PostgreSQL's DDL is transactional).
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from importlib import resources
from typing import Any

import psycopg
from psycopg import AsyncConnection

from ..db import MIGRATIONS as SQLITE_MIGRATIONS
from ..db import IntegrityReport
from ..errors import MigrationError, SchemaTooNewError

Raw = AsyncConnection[Any]
_NAME = re.compile(r"^(\d{3})_([a-z0-9_]+)\.sql$")
# pg_advisory_xact_lock's key for "migrating the store" (any constant; ASCII "autobahn").
LOCK_KEY = 0x6175746F6261686E


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


def load_migrations() -> tuple[Migration, ...]:
    """PostgreSQL's migrations in order: the same numbers and names as SQLite's."""
    found = sorted(
        (Migration(int(m[1]), m[2], entry.read_text(encoding="utf-8"))
         for entry in resources.files("store.postgres.migrations").iterdir()
         if (m := _NAME.match(entry.name))),
        key=lambda m: m.version,
    )
    ours = [(m.version, m.name) for m in found]
    theirs = [(m.version, m.name) for m in SQLITE_MIGRATIONS]
    if ours != theirs:
        raise RuntimeError(f"PostgreSQL's migrations {ours} differ from SQLite's {theirs}")
    return tuple(found)


MIGRATIONS = load_migrations()


async def _lock(raw: Raw) -> None:
    await raw.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))


async def schema_version(raw: Raw) -> int:
    """The newest applied migration; 0 for an empty database."""
    cursor = await raw.execute("SELECT to_regclass('store_schema') IS NOT NULL")
    row = await cursor.fetchone()
    if not row or not row[0]:
        return 0
    cursor = await raw.execute("SELECT coalesce(max(version), 0) FROM store_schema")
    row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def migrate(
    raw: Raw, *, target: int | None = None, migrations: tuple[Migration, ...] = MIGRATIONS,
    path: str = "database",
) -> int:
    """Bring the schema up to `target` (default: the newest); returns the version reached.
    `raw` is an autocommit connection. Raises SchemaTooNewError, MigrationError."""
    newest = migrations[-1].version if migrations else 0
    target = newest if target is None else target
    current = await schema_version(raw)
    if current > newest:
        raise SchemaTooNewError(path, current, newest)
    if current >= target:
        return current
    async with raw.transaction():
        await _lock(raw)
        await raw.execute(
            "CREATE TABLE IF NOT EXISTS store_schema (version INTEGER PRIMARY KEY, "
            "name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)"
        )
    for migration in migrations:
        if migration.version <= current or migration.version > target:
            continue
        try:
            async with raw.transaction():
                await _lock(raw)
                # Re-read under the lock: another process may have migrated meanwhile.
                current = await schema_version(raw)
                if current > newest:
                    raise SchemaTooNewError(path, current, newest)
                if current >= migration.version:
                    continue
                await raw.execute(migration.sql.encode())  # a script: no parameters
                await raw.execute(
                    "INSERT INTO store_schema (version, name, applied_at) VALUES (%s, %s, %s)",
                    (migration.version, migration.name, time.time()),
                )
        except psycopg.Error as exc:
            raise MigrationError(migration.version, migration.name, str(exc)) from exc
        current = migration.version
    return current


# What `check` asks of a PostgreSQL database. The server keeps its pages and constraints
# sound itself; what it cannot know is the store's own invariants.
_CHECKS = (
    ("the log of game {0} is not dense: {1} actions, action_count {2}",
     "SELECT g.id, count(a.seq), g.action_count FROM games g "
     "LEFT JOIN actions a ON a.game_id = g.id GROUP BY g.id "
     "HAVING count(a.seq) <> g.action_count OR coalesce(max(a.seq), 0) <> g.action_count"),
    ("the snapshot of game {0} is after seq {1}, its log ends at {2}",
     "SELECT g.id, s.seq, g.action_count FROM games g JOIN snapshots s ON s.game_id = g.id "
     "WHERE s.seq <> g.action_count"),
    ("game {0} is {1} without a snapshot",
     "SELECT g.id, g.status FROM games g LEFT JOIN snapshots s ON s.game_id = g.id "
     "WHERE g.status IN ('running', 'finished') AND s.game_id IS NULL"),
)
# From 009 on a finished game's log and snapshot may be packed into one row instead.
PACKED = 9
_PACKED_CHECKS = (
    ("the log of game {0} is not dense: {1} actions, action_count {2}",
     "SELECT g.id, count(a.seq), g.action_count FROM games g "
     "LEFT JOIN actions a ON a.game_id = g.id "
     "WHERE NOT EXISTS (SELECT 1 FROM packed_logs p WHERE p.game_id = g.id) GROUP BY g.id "
     "HAVING count(a.seq) <> g.action_count OR coalesce(max(a.seq), 0) <> g.action_count"),
    ("the packed log of game {0} holds {1} actions, action_count {2}",
     "SELECT g.id, p.actions, g.action_count FROM games g "
     "JOIN packed_logs p ON p.game_id = g.id WHERE p.actions <> g.action_count "
     "OR EXISTS (SELECT 1 FROM actions a WHERE a.game_id = g.id) "
     "OR EXISTS (SELECT 1 FROM snapshots s WHERE s.game_id = g.id)"),
    _CHECKS[1],
    ("game {0} is {1} without a snapshot",
     "SELECT g.id, g.status FROM games g LEFT JOIN snapshots s ON s.game_id = g.id "
     "WHERE g.status IN ('running', 'finished') AND s.game_id IS NULL "
     "AND NOT EXISTS (SELECT 1 FROM packed_logs p WHERE p.game_id = g.id)"),
)


async def integrity_check(raw: Raw) -> IntegrityReport:
    problems: list[str] = []
    version = await schema_version(raw)
    if version >= 1:
        for message, sql in _PACKED_CHECKS if version >= PACKED else _CHECKS:
            cursor = await raw.execute(sql)
            problems += [message.format(*row) for row in await cursor.fetchall()]
    return IntegrityReport(not problems, tuple(problems), version)
