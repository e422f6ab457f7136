"""The operator commands of `python -m store` on a PostgreSQL database."""

from __future__ import annotations

import sys

from ..db import SCHEMA_VERSION
from ..errors import BackupUnsupportedError
from . import backend, migrate


async def check(url: str) -> int:
    raw = await backend.connect(url)
    try:
        report = await migrate.integrity_check(raw)
    finally:
        await raw.close()
    note = "" if report.schema_version == SCHEMA_VERSION else (
        f" (this program's schema is {SCHEMA_VERSION})")
    print(f"{backend.masked(url)}: schema version {report.schema_version}{note}")
    if report.ok:
        print("integrity: ok")
        return 0
    for problem in report.problems:
        print(f"integrity: {problem}")
    return 1


def backup(url: str, dest: str) -> int:
    print(f"error: {BackupUnsupportedError(backend.masked(url), dest)}", file=sys.stderr)
    return 2


async def migrate_to_latest(url: str) -> int:
    raw = await backend.connect(url)
    try:
        before = await migrate.schema_version(raw)
        after = await migrate.migrate(raw, path=backend.masked(url))
    finally:
        await raw.close()
    print(f"{backend.masked(url)}: schema version {before} -> {after}")
    return 0


async def info(url: str) -> int:
    raw = await backend.connect(url)
    try:
        version = await migrate.schema_version(raw)
        counts: dict[str, int] = {}
        if version >= 1:
            for table in ("games", "actions", "processed_interactions"):
                cursor = await raw.execute(f"SELECT count(*) FROM {table}".encode())
                row = await cursor.fetchone()
                counts[table] = int(row[0]) if row else 0
    finally:
        await raw.close()
    print(f"{backend.masked(url)}: schema version {version} (this program: {SCHEMA_VERSION})")
    for table, n in counts.items():
        print(f"  {table}: {n}")
    return 0
