"""Online backup and integrity check, through the API and the command line."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from store_testutil import play, started_game

from store import GameStore
from store.__main__ import main


async def _filled(store: GameStore, games: int = 3, moves: int = 40) -> list[int]:
    ids = []
    for g in range(games):
        game = await started_game(store, channel_id=g)
        for i in range(moves):
            await play(store, game, f"move {g}.{i} \x00 ✓", interaction_id=f"{g}-{i}")
        ids.append(game.id)
    return ids


@pytest.mark.sqlite_only("the SQLite backup API; PostgreSQL's is pg_dump (test_store_postgres)")
async def test_backup_restores_to_an_identical_log(store: GameStore, tmp_path: Path) -> None:
    ids = await _filled(store)
    dest = await store.backup(tmp_path / "backup.sqlite3")
    # The store keeps working while (and after) the backup is taken.
    await play(store, await store.get_game(ids[0]), "after the backup")

    restored = await GameStore.open(dest)
    try:
        assert (await restored.integrity_check()).ok
        for game_id in ids:
            log = await store.read_log(game_id)
            if game_id == ids[0]:
                log = log[:-1]
            assert await restored.read_log(game_id) == log
        assert await restored.read_snapshot(ids[1]) == await store.read_snapshot(ids[1])
        assert await restored.get_game(ids[2]) == await store.get_game(ids[2])
    finally:
        await restored.close()
    assert not list(tmp_path.glob(".*partial*"))  # no temporary left behind


@pytest.mark.sqlite_only("a SQLite backup file")
async def test_backup_refuses_a_directory(store: GameStore, tmp_path: Path) -> None:
    with pytest.raises(IsADirectoryError):
        await store.backup(tmp_path)


@pytest.mark.sqlite_only("db_path is the store's SQLite file")
async def test_cli_check_and_backup(
    store: GameStore, db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ids = await _filled(store, games=1, moves=5)
    # While the bot (this store) holds the database open, as in production; main() runs
    # its own event loop, hence the thread.
    assert await asyncio.to_thread(main, ["--db", str(db_path), "check"]) == 0
    assert "integrity: ok" in capsys.readouterr().out
    dest = tmp_path / "cli-backup.sqlite3"
    assert await asyncio.to_thread(main, ["--db", str(db_path), "backup", str(dest)]) == 0
    assert "integrity ok" in capsys.readouterr().out
    with sqlite3.connect(dest) as conn:
        rows = conn.execute("SELECT seq, notation FROM actions ORDER BY seq").fetchall()
    assert rows == [(a.seq, a.notation) for a in await store.read_log(ids[0])]
    assert await asyncio.to_thread(main, ["--db", str(tmp_path / "missing.sqlite3"), "check"]) == 2
    assert not (tmp_path / "missing.sqlite3").exists()  # check never creates a database
    assert "no database" in capsys.readouterr().err


def test_cli_finds_the_database_through_the_environment(tmp_path: Path) -> None:
    path = tmp_path / "env.sqlite3"
    env = {**os.environ, "AUTOBAHN_DB": str(path)}
    root = Path(__file__).resolve().parents[2]
    run = lambda *args: subprocess.run(  # noqa: E731
        [sys.executable, "-m", "store", *args],
        env=env,
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run("migrate").returncode == 0
    checked = run("check")
    assert checked.returncode == 0 and "integrity: ok" in checked.stdout
    assert str(path) in checked.stdout
    assert run("backup", str(tmp_path / "b.sqlite3")).returncode == 0
    assert (tmp_path / "b.sqlite3").is_file()


def test_cli_check_reports_corruption(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE t (x TEXT)")
        conn.execute("CREATE INDEX t_x ON t (x)")
        conn.executemany("INSERT INTO t VALUES (?)", [(str(i) * 50,) for i in range(2000)])
        conn.execute("PRAGMA writable_schema = ON")
        # Point the index at the table's root page: the index b-tree is now nonsense.
        conn.execute(
            "UPDATE sqlite_master SET rootpage = (SELECT rootpage FROM sqlite_master "
            "WHERE name = 't') WHERE name = 't_x'"
        )
    assert main(["--db", str(path), "check"]) == 1
    assert "integrity:" in capsys.readouterr().out
