"""What is PostgreSQL's own: its migrations and schema version, the append-only trigger,
`check`, the backup that is pg_dump's job, an unreachable server, and AUTOBAHN_DB's forms."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import psycopg
import pytest
from store_testutil import play, started_game

from store import BackupUnsupportedError, GameStore, SchemaTooNewError, StorageError
from store import db as storedb
from store.__main__ import main
from store.conn import dialect_of
from store.errors import MigrationError
from store.postgres import backend as pg
from store.postgres import migrate as pg_migrate


def _rows(url: str, sql: str) -> list[tuple[object, ...]]:
    with psycopg.connect(url, autocommit=True) as conn:
        return conn.execute(sql.encode()).fetchall()


def test_the_target_names_the_backend() -> None:
    assert dialect_of("games.sqlite3") == ("sqlite", "games.sqlite3")
    assert dialect_of("sqlite:////var/lib/a.db") == ("sqlite", "/var/lib/a.db")
    assert dialect_of("sqlite:///rel.db") == ("sqlite", "rel.db")
    url = "postgresql://bot:secret@db.internal/autobahn"
    assert dialect_of(url) == ("postgresql", url)
    assert pg.masked(url) == "postgresql://bot:***@db.internal/autobahn"


def test_postgres_migrations_match_sqlite_by_number_and_name() -> None:
    assert [(m.version, m.name) for m in pg_migrate.MIGRATIONS] == [
        (m.version, m.name) for m in storedb.MIGRATIONS]
    for m in pg_migrate.MIGRATIONS:  # the runner owns the transaction
        assert not any(line.strip().upper().startswith(("BEGIN;", "COMMIT", "ROLLBACK"))
                       for line in m.sql.splitlines())


async def test_a_fresh_database_migrates_once_even_when_two_open_it_at_once(
    pg_url: str,
) -> None:
    first, second = await asyncio.gather(GameStore.open(pg_url), GameStore.open(pg_url))
    await first.close()
    await second.close()
    applied = _rows(pg_url, "SELECT version, name FROM store_schema ORDER BY version")
    assert applied == [(m.version, m.name) for m in pg_migrate.MIGRATIONS]
    reopened = await GameStore.open(pg_url)  # the latest version: nothing to do
    await reopened.close()
    assert len(_rows(pg_url, "SELECT version FROM store_schema")) == storedb.SCHEMA_VERSION


async def test_a_newer_schema_is_refused_and_a_failed_migration_rolls_back(
    pg_url: str,
) -> None:
    raw = await pg.connect(pg_url)
    try:
        assert await pg_migrate.migrate(raw, target=2) == 2
        bad = pg_migrate.Migration(3, "broken", "CREATE TABLE ok_so_far (x int); SELECT 1/0;")
        with pytest.raises(MigrationError):
            await pg_migrate.migrate(raw, migrations=(*pg_migrate.MIGRATIONS[:2], bad))
        assert await pg_migrate.schema_version(raw) == 2
        assert _rows(pg_url, "SELECT to_regclass('ok_so_far')") == [(None,)]
        await pg_migrate.migrate(raw)
        await raw.execute("INSERT INTO store_schema VALUES (99, 'future', 0)")
    finally:
        await raw.close()
    with pytest.raises(SchemaTooNewError):
        await GameStore.open(pg_url)


async def test_the_log_is_append_only_in_postgres_too(pg_url: str) -> None:
    store = await GameStore.open(pg_url)
    try:
        game = await started_game(store)
        await play(store, game, "pass")
    finally:
        await store.close()
    with pytest.raises(psycopg.IntegrityError, match="append-only"):
        _rows(pg_url, "UPDATE actions SET notation = 'forged' RETURNING seq")


async def test_cli_check_finds_a_broken_log_and_backup_points_to_pg_dump(
    pg_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = await GameStore.open(pg_url)
    try:
        game = await started_game(store)
        for i in range(3):
            await play(store, game, f"m{i}")
        with pytest.raises(BackupUnsupportedError, match="pg_dump"):
            await store.backup(tmp_path / "b.sqlite3")
        assert (await store.integrity_check()).ok
    finally:
        await store.close()
    assert await asyncio.to_thread(main, ["--db", pg_url, "check"]) == 0
    out = capsys.readouterr().out
    assert "integrity: ok" in out and f"schema version {storedb.SCHEMA_VERSION}" in out
    dest = tmp_path / "dump"
    assert await asyncio.to_thread(main, ["backup", str(dest), "--db", pg_url]) == 2
    assert "pg_dump --format=custom" in capsys.readouterr().err
    assert not dest.exists()
    assert await asyncio.to_thread(main, ["--db", pg_url, "info"]) == 0
    assert "actions: 3" in capsys.readouterr().out

    _rows(pg_url, f"DELETE FROM actions WHERE game_id = {game.id} AND seq = 2 RETURNING seq")
    assert await asyncio.to_thread(main, ["--db", pg_url, "check"]) == 1
    assert f"the log of game {game.id} is not dense" in capsys.readouterr().out


async def test_an_unreachable_server_is_a_typed_error(tmp_path: Path) -> None:
    url = f"postgresql://nobody@/none?host={tmp_path}&connect_timeout=2"
    with pytest.raises(StorageError) as err:
        await GameStore.open(url)
    assert err.value.kind == "cannot_open"
    assert await asyncio.to_thread(main, ["--db", url, "check"]) == 2


async def test_snapshots_are_compressed_with_lz4_where_the_server_has_it(pg_url: str) -> None:
    if _rows(pg_url, "SELECT 'lz4' = ANY(enumvals) FROM pg_settings "
                     "WHERE name = 'default_toast_compression'") != [(True,)]:
        pytest.skip("this PostgreSQL was built without LZ4: snapshots keep pglz")
    store = await GameStore.open(pg_url)
    try:
        game = await started_game(store)
        big = json.dumps({"sections": [f"k{i}" for i in range(5000)]})  # ~45 KB: toasted
        await store.append_action(game.id, expected_version=game.version, player_id="ann",
                                  notation="pass", snapshot_json=big, next_player="ben")
    finally:
        await store.close()
    assert _rows(pg_url, "SELECT pg_column_compression(state_json) FROM snapshots") == [("lz4",)]

