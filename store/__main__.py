"""Command line for operators: `python -m store [--db PATH|URL] {check,backup PATH,migrate,info,
copy --to URL,compact}`.

The database is `--db`, else $AUTOBAHN_DB, else autobahn.sqlite3: a SQLite file, or a
`postgresql://` URL. `check` and `backup` never create or migrate a database: they look at
what is there, and may run while the bot is using it (WAL lets them read alongside it).
A PostgreSQL database is backed up with `pg_dump`, which `backup` says instead of failing.
`copy --to postgresql://...` moves the SQLite database into PostgreSQL and verifies it.
`compact` packs every finished game (store/packing.py) and vacuums; it migrates first, and
may run beside the bot (each game is packed in a short transaction of its own; SQLite's
VACUUM holds the write lock while it runs, so run it when the bot is quiet).

`--db` may come before or after the command (`check --db X` as well as `--db X check`).

Exit codes: 0 ok, 1 the check found problems (a damaged file included), 2 usage or file
errors.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from . import db
from .conn import dialect_of
from .errors import StorageError, StoreError, storage_fault


async def _check(path: str) -> int:
    try:
        report = await _integrity(path)
    except (sqlite3.DatabaseError, StorageError) as exc:
        # A damaged page or header is what `check` is for: a finding, not a usage error.
        if (exc.kind if isinstance(exc, StorageError) else storage_fault(exc)) != "corrupt":
            raise
        print(f"{path}: the file is damaged")
        print(f"integrity: {exc}")
        return 1
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


async def _integrity(path: str) -> db.IntegrityReport:
    if Path(path).is_file():
        with open(path, "rb") as handle:
            header = handle.read(len(db.HEADER))
        if header and header != db.HEADER:
            raise StorageError(path, "corrupt", "file is not a database (bad header)")
    # A database on a read-only mount is checked as it is (immutable), not refused.
    conn = await db.connect(path, must_exist=True, read_only=not db.writable(path))
    try:
        return await db.integrity_check(conn)
    finally:
        await conn.close()


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


async def _copy(source: str, url: str, replace: bool) -> int:
    from importlib.metadata import entry_points

    from .copy import copy_to_postgres
    from .repository import GameStore

    report = await copy_to_postgres(source, url, replace=replace)
    target = await GameStore.open(url)
    print(f"copied {source} to {target.path}:")
    for table, n in report.counts.items():
        print(f"  {table}: {n}")
    problems = list(report.problems)
    # Checks that need more than the store (every game's replay against its snapshot needs
    # the rules) are registered by the packages that have it, as entry points.
    checks = list(entry_points(group="autobahn.store_checks"))
    try:
        for check in checks:
            problems += await check.load()(target)
    finally:
        await target.close()
    if not checks:
        print("note: no replay check is installed; only the copy itself was verified")
    for problem in problems:
        print(f"verify: {problem}")
    if problems:
        return 1
    done = ", ".join(["every row equal"] + [c.name for c in checks])
    print(f"verified: {done}")
    return 0


async def _compact(target: str) -> int:
    from .repository import GameStore

    store = await GameStore.open(target)
    try:
        before = await store.digest()
        packed = await store.compact()
        after = await store.digest()
    finally:
        await store.close()
    print(f"{store.path}: packed {packed} finished games, vacuumed")
    if before != after:
        print("verify: the games read differently after packing", file=sys.stderr)
        return 1
    print("verified: every game reads the same (digest of rows, seats, logs, snapshots)")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m store", description=__doc__.split("\n")[0])
    where = f"SQLite file or postgresql:// URL (default: ${db.ENV_DB} or {db.DEFAULT_DB})"
    parser.add_argument("--db", help=where)
    # The same option on every command, so `check --db X` works too; SUPPRESS keeps a
    # command without it from overwriting the one given first.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", default=argparse.SUPPRESS, help=where)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("check", parents=[common],
                   help="PRAGMA integrity_check and foreign_key_check")
    backup = sub.add_parser("backup", parents=[common],
                            help="online backup with the SQLite backup API")
    backup.add_argument("dest", help="file to write (replaced atomically when complete)")
    sub.add_parser("migrate", parents=[common],
                   help="create or upgrade the schema to this program's version")
    sub.add_parser("info", parents=[common], help="schema version and row counts")
    copy = sub.add_parser("copy", parents=[common],
                          help="copy the SQLite database into PostgreSQL and verify it")
    copy.add_argument("--to", required=True, metavar="URL", help="postgresql://user:pass@host/db")
    copy.add_argument("--replace", action="store_true",
                      help="empty a target that already holds data first")
    sub.add_parser("compact", parents=[common],
                   help="pack finished games, VACUUM and ANALYZE; verifies every game reads "
                        "the same")
    args = parser.parse_args(argv)
    dialect, path = dialect_of(db.db_path_from_env(args.db))
    try:
        if args.command == "copy":
            if dialect != "sqlite" or dialect_of(args.to)[0] != "postgresql":
                print("error: copy moves a SQLite database (--db) into PostgreSQL "
                      "(--to postgresql://...)", file=sys.stderr)
                return 2
            return asyncio.run(_copy(path, args.to, args.replace))
        if args.command == "compact":
            return asyncio.run(_compact(path))
        if dialect == "postgresql":
            return _postgres(args, path)
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


def _postgres(args: argparse.Namespace, url: str) -> int:
    from .postgres import tools

    if args.command == "check":
        return asyncio.run(tools.check(url))
    if args.command == "backup":
        return tools.backup(url, args.dest)
    if args.command == "migrate":
        return asyncio.run(tools.migrate_to_latest(url))
    return asyncio.run(tools.info(url))


if __name__ == "__main__":
    sys.exit(main())
