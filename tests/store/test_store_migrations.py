"""Schema migrations: from an empty file, from every earlier version, and the refusals."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import aiosqlite
import pytest

from store import GameStore, MigrationError, SchemaTooNewError, StoreBusyError
from store import db as storedb

ROUNDS = 12  # fresh files opened concurrently per test
OPEN_CHILD = Path(__file__).with_name("open_child.py")
ROOT = Path(__file__).resolve().parents[2]


def _schema(path: Path) -> list[str]:
    """Every CREATE statement of the database, as SQLite keeps it."""
    with sqlite3.connect(path) as conn:
        return sorted(r[0] for r in conn.execute(
            "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL"))


def _tables(path: Path) -> dict[str, list[str]]:
    """Table name -> column names, read with plain sqlite3."""
    with sqlite3.connect(path) as conn:
        names = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        return {n: [c[1] for c in conn.execute(f"PRAGMA table_info({n})")] for n in names}


def _rows(path: Path, tables: dict[str, list[str]]) -> dict[str, list[tuple[object, ...]]]:
    """Every row of `tables`, restricted to the given columns (later migrations may add some)."""
    with sqlite3.connect(path) as conn:
        return {
            t: sorted(conn.execute(f"SELECT {', '.join(cols)} FROM {t}").fetchall(), key=repr)
            for t, cols in tables.items()
        }


def _user_version(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])


async def _seed(path: Path, version: int) -> None:
    """A database at `version`, built by the real migrations, holding data in every table
    that exists at that version."""
    conn = await storedb.connect(path)
    try:
        assert await storedb.migrate(conn, target=version) == version
        present = {r[0] for r in await conn.execute_fetchall("SELECT name FROM sqlite_master")}
        script = []
        if "games" in present:
            script += [
                "INSERT INTO games (id, guild_id, channel_id, host_id, edition, edition_hash, "
                "seed, status, version, action_count, current_player, settings, created_at, "
                "updated_at) VALUES (1, 5, 6, 'ann', 'classic', 'h', 7, 'running', 4, 2, 'ben', "
                '\'{"pace": "slow"}\', 1.0, 2.0)',
                "INSERT INTO game_players VALUES (1, 'ann', 0, 'Ann', NULL, 1.0)",
                "INSERT INTO game_players VALUES (1, 'ben', 1, 'Ben', 'de', 1.5)",
                "INSERT INTO actions VALUES (1, 1, 'ann', 'build r2.1 with red', 3.0, 'i1')",
                "INSERT INTO actions VALUES (1, 2, 'ann', 'pass', 3.5, NULL)",
                "INSERT INTO snapshots VALUES (1, 4, 2, '{\"s\": 2}', 3.5)",
                "INSERT INTO events (game_id, kind, user_id, detail, created_at) "
                "VALUES (1, 'start', 'ann', '{}', 1.0)",
                "INSERT INTO processed_interactions VALUES ('i1', 1, 3.0)",
            ]
        if "reminders" in present:
            script += [
                "INSERT INTO reminders (game_id, user_id, kind, due_at, created_at) "
                "VALUES (1, 'ben', 'turn', 100.0, 3.5)",
                "INSERT INTO reminder_settings (user_id, game_id, delivery, delay_s, repeat_s, "
                "max_repeats, time_zone, updated_at) "
                "VALUES ('ben', NULL, 'dm', 60, 600, 2, 'Europe/Berlin', 1.0)",
            ]
        await conn.execute("BEGIN IMMEDIATE")
        for statement in script:
            await conn.execute(statement)
        await conn.execute("COMMIT")
    finally:
        await conn.close()


def test_migration_files_are_numbered_and_self_contained() -> None:
    assert [m.version for m in storedb.MIGRATIONS] == list(range(1, storedb.SCHEMA_VERSION + 1))
    # At least two, so that "from every earlier version" covers a real upgrade.
    assert storedb.SCHEMA_VERSION >= 2
    for m in storedb.MIGRATIONS:
        statements = [s.upper() for s in storedb.split_statements(m.sql)]
        assert statements, m.name
        # The runner owns the transaction and user_version.
        assert not any(s.startswith(("BEGIN", "COMMIT", "END", "ROLLBACK")) for s in statements)
        assert "USER_VERSION" not in m.sql.upper()


def test_split_statements_keeps_trigger_bodies_whole() -> None:
    sql = (
        "-- a comment; with a semicolon\nCREATE TABLE t (x TEXT DEFAULT 'a;b');\n"
        "CREATE TRIGGER tr BEFORE UPDATE ON t BEGIN SELECT 1; SELECT 2; END;\n"
    )
    parts = storedb.split_statements(sql)
    assert len(parts) == 2
    assert parts[1].startswith("CREATE TRIGGER") and parts[1].endswith("END;")


async def test_empty_file_migrates_to_latest_with_the_pragmas(db_path: Path) -> None:
    db_path.touch()  # an empty file is a valid, empty database
    store = await GameStore.open(db_path)
    try:
        conn = store._conn
        assert await storedb.user_version(conn) == storedb.SCHEMA_VERSION

        async def pragma(name: str) -> object:
            return (await conn.execute_fetchall(f"PRAGMA {name}"))[0][0]

        assert await pragma("journal_mode") == "wal"
        assert await pragma("synchronous") == 2  # FULL
        assert await pragma("foreign_keys") == 1
        assert await pragma("busy_timeout") == storedb.BUSY_TIMEOUT_MS
        assert conn.isolation_level is None  # we issue BEGIN IMMEDIATE ourselves
    finally:
        await store.close()
    assert {"games", "game_players", "actions", "snapshots", "events", "reminders"} <= set(
        _tables(db_path)
    )


@pytest.mark.parametrize("start", range(storedb.SCHEMA_VERSION))
async def test_upgrade_from_every_earlier_version_keeps_data(tmp_path: Path, start: int) -> None:
    path = tmp_path / f"v{start}.sqlite3"
    await _seed(path, start)
    assert _user_version(path) == start
    tables_before = _tables(path)
    schema_before = _schema(path)
    rows_before = _rows(path, tables_before)

    # Upgrade, then compare every row of every old table (old columns only).
    await (await GameStore.open(path)).close()
    assert _user_version(path) == storedb.SCHEMA_VERSION
    assert _rows(path, tables_before) == rows_before
    # Every old table keeps its columns, and the upgrade changed the schema: added tables
    # or columns, or (006) widened a CHECK.
    tables_after = _tables(path)
    assert all(set(cols) <= set(tables_after[t]) for t, cols in tables_before.items())
    assert _schema(path) != schema_before

    if start >= 1:
        # The old game is playable at the new version: the log continues at seq 3.
        store = await GameStore.open(path)
        try:
            game = await store.get_game(1)
            assert game.player_ids == ("ann", "ben") and game.settings == {"pace": "slow"}
            assert (game.board_channel_id, game.board_message_id) == (None, None)
            # 004: nothing is known to be owed for a game older than the column.
            assert (game.turn_version, game.board_version) == (None, None)
            assert not game.owes_turn_post and await store.unposted_games() == []
            result = await store.append_action(
                1,
                expected_version=game.version,
                player_id="ben",
                notation="load d_red automotive with red",
                snapshot_json="{}",
                next_player="ann",
                turn_post=True,
            )
            assert result.action.seq == 3
            assert [a.seq for a in await store.read_log(1)] == [1, 2, 3]
            # ... and the first turn it plays at the new version owes its post.
            assert [g.turn_version for g in await store.unposted_games()] == [result.version]
        finally:
            await store.close()


async def test_003_moves_the_board_message_out_of_the_settings(db_path: Path) -> None:
    """Before 003 the Discord adapter kept the latest board post in the settings JSON;
    the migration moves it to the new columns and leaves the other settings alone."""
    await _seed(db_path, 2)
    with sqlite3.connect(db_path) as conn:
        conn.execute(
            "UPDATE games SET thread_id = 9, settings = "
            '\'{"board_message": 1234567890123456789, "name": "Sunday"}\' WHERE id = 1'
        )
        conn.execute(
            "INSERT INTO games (id, host_id, edition, edition_hash, seed, settings, "
            "created_at, updated_at) VALUES (2, 'cem', 'classic', 'h', 1, '{}', 1.0, 1.0)"
        )
    store = await GameStore.open(db_path)
    try:
        moved, untouched = await store.get_game(1), await store.get_game(2)
    finally:
        await store.close()
    assert moved.settings == {"name": "Sunday"}
    assert (moved.board_channel_id, moved.board_message_id) == (9, 1234567890123456789)
    assert (untouched.settings, untouched.board_message_id) == ({}, None)


async def test_reopening_the_latest_version_changes_nothing(db_path: Path) -> None:
    await (await GameStore.open(db_path)).close()
    await (await GameStore.open(db_path)).close()
    assert _user_version(db_path) == storedb.SCHEMA_VERSION


def _schema(path: Path) -> tuple[int, str, list[tuple[str, str]]]:
    """What a migrated file must be: user_version, journal mode and every schema object."""
    with sqlite3.connect(path) as conn:
        objects = conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name"
        ).fetchall()
        mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
        return int(conn.execute("PRAGMA user_version").fetchone()[0]), mode, objects


async def test_two_connections_opening_at_once_migrate_once(tmp_path: Path) -> None:
    """Two connections of one process (each has its own thread in aiosqlite) open the same
    fresh file at once, many times: both succeed and the schema is the one of a lone open.
    Before the WAL switch was retried, about one round in ten failed with "database is
    locked" (the switch is not covered by the busy timeout)."""
    await (await GameStore.open(tmp_path / "alone.sqlite3")).close()
    expected = _schema(tmp_path / "alone.sqlite3")
    for i in range(ROUNDS):
        path = tmp_path / f"pair{i}.sqlite3"
        stores = await asyncio.gather(GameStore.open(path), GameStore.open(path))
        for s in stores:
            await s.close()
        assert _schema(path) == expected


def test_two_processes_opening_at_once_migrate_once(tmp_path: Path) -> None:
    """The same with two real processes, released together for every fresh file."""
    alone = tmp_path / "alone.sqlite3"
    asyncio.run(_open_close(alone))
    expected = _schema(alone)
    env = {**os.environ,
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    children = [
        subprocess.Popen([sys.executable, str(OPEN_CHILD)], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, env=env)
        for _ in range(2)
    ]
    try:
        for child in children:  # both imported and waiting: the opens start together
            assert child.stdout is not None and child.stdout.readline() == "ready\n"
        for i in range(ROUNDS):
            path = tmp_path / f"procs{i}.sqlite3"
            for child in children:
                assert child.stdin is not None
                child.stdin.write(f"{path}\n")
            for child in children:
                assert child.stdin is not None
                child.stdin.flush()
            answers = [c.stdout.readline().strip() for c in children if c.stdout]
            assert answers == ["ok", "ok"], (i, answers)
            assert _schema(path) == expected
    finally:
        for child in children:
            if child.stdin:
                child.stdin.close()
            child.wait(timeout=30)


async def _open_close(path: Path) -> None:
    await (await GameStore.open(path)).close()


async def test_wal_switch_gives_up_with_store_busy_after_the_timeout(db_path: Path) -> None:
    """A file another connection holds exclusively cannot be switched: after the timeout
    the caller gets StoreBusyError, not a hang or a bare sqlite3 error."""
    db_path.touch()
    holder = sqlite3.connect(db_path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    conn = await aiosqlite.connect(db_path, isolation_level=None, timeout=0.01)
    try:
        with pytest.raises(StoreBusyError):
            await storedb.switch_to_wal(conn, str(db_path), timeout_ms=100)
    finally:
        await conn.close()
        holder.execute("ROLLBACK")
        holder.close()


async def test_newer_schema_is_refused_and_left_untouched(db_path: Path) -> None:
    newer = storedb.SCHEMA_VERSION + 1
    with sqlite3.connect(db_path) as conn:
        conn.execute("CREATE TABLE from_the_future (x)")
        conn.execute(f"PRAGMA user_version = {newer}")
    with pytest.raises(SchemaTooNewError) as info:
        await GameStore.open(db_path)
    assert info.value.found == newer and info.value.supported == storedb.SCHEMA_VERSION
    assert "newer" in str(info.value) and str(newer) in str(info.value)
    assert _user_version(db_path) == newer
    assert list(_tables(db_path)) == ["from_the_future"]


async def test_a_failing_migration_rolls_back_whole(db_path: Path) -> None:
    await (await GameStore.open(db_path)).close()
    broken = storedb.Migration(
        storedb.SCHEMA_VERSION + 1,
        "broken",
        "CREATE TABLE half_done (x INTEGER);\nINSERT INTO no_such_table VALUES (1);",
    )
    conn = await storedb.connect(db_path)
    try:
        with pytest.raises(MigrationError) as info:
            await storedb.migrate(conn, migrations=(*storedb.MIGRATIONS, broken))
        assert info.value.version == broken.version
        assert not conn.in_transaction
    finally:
        await conn.close()
    assert _user_version(db_path) == storedb.SCHEMA_VERSION
    assert "half_done" not in _tables(db_path)
