"""Command line for operators: `python -m store [--db PATH] {check,backup PATH,migrate,info}`.

The database is `--db`, else $AUTOBAHN_DB, else autobahn.sqlite3. `check` and `backup`
never create or migrate a database: they look at what is there, and may run while the bot
is using it (WAL lets them read alongside it).

Exit codes: 0 ok, 1 the check found problems, 2 usage or file errors.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import Sequence

from . import db
from .errors import StoreError


async def _check(path: str) -> int:
    conn = await db.connect(path, must_exist=True)
    try:
        report = await db.integrity_check(conn)
    finally:
        await conn.close()
    note = ""
    if report.schema_version != db.SCHEMA_VERSION:
        note = f" (this program's schema is {db.SCHEMA_VERSION})"
    print(f"{path}: schema version {report.schema_version}{note}")
    if report.ok:
        print("integrity: ok")
        return 0
    for problem in report.problems:
        print(f"integrity: {problem}")
    return 1


async def _backup(path: str, dest: str) -> int:
    conn = await db.connect(path, must_exist=True)
    try:
        written = await db.backup(conn, dest)
    finally:
        await conn.close()
    # Prove the copy is usable before saying so.
    copy = await db.connect(written, must_exist=True)
    try:
        report = await db.integrity_check(copy)
    finally:
        await copy.close()
    if not report.ok:
        print(f"backup written to {written} but it fails the integrity check:", file=sys.stderr)
        for problem in report.problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    print(f"backed up {path} to {written} (schema version {report.schema_version}, integrity ok)")
    return 0


async def _migrate(path: str) -> int:
    conn = await db.connect(path)
    try:
        before = await db.user_version(conn)
        after = await db.migrate(conn, path=path)
    finally:
        await conn.close()
    print(f"{path}: schema version {before} -> {after}")
    return 0


async def _info(path: str) -> int:
    conn = await db.connect(path, must_exist=True)
    try:
        version = await db.user_version(conn)
        counts: dict[str, int] = {}
        if version >= 1:
            for table in ("games", "actions", "processed_interactions"):
                rows = await conn.execute_fetchall(f"SELECT count(*) FROM {table}")
                counts[table] = int(next(iter(rows))[0])
    finally:
        await conn.close()
    print(f"{path}: schema version {version} (this program: {db.SCHEMA_VERSION})")
    for table, n in counts.items():
        print(f"  {table}: {n}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m store", description=__doc__.split("\n")[0])
    parser.add_argument("--db", help=f"database file (default: ${db.ENV_DB} or {db.DEFAULT_DB})")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("check", help="PRAGMA integrity_check and foreign_key_check")
    backup = sub.add_parser("backup", help="online backup with the SQLite backup API")
    backup.add_argument("dest", help="file to write (replaced atomically when complete)")
    sub.add_parser("migrate", help="create or upgrade the schema to this program's version")
    sub.add_parser("info", help="schema version and row counts")
    args = parser.parse_args(argv)
    path = db.db_path_from_env(args.db)
    try:
        if args.command == "check":
            return asyncio.run(_check(path))
        if args.command == "backup":
            return asyncio.run(_backup(path, args.dest))
        if args.command == "migrate":
            return asyncio.run(_migrate(path))
        return asyncio.run(_info(path))
    except (StoreError, OSError, sqlite3.Error) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
