"""Issue 30 items 1 and 15: `/export` never writes over a database (or any file that is not
a game record) and writes records atomically; `/import` reads a bounded amount."""

from __future__ import annotations

import json
import sqlite3
import tracemalloc
from pathlib import Path

from console_testutil import Table, scripted_game


def _header(path: Path) -> bytes:
    return path.read_bytes()[:16]


async def test_export_onto_the_open_database_is_refused_and_the_game_lives_on(
        table: Table, tmp_path: Path) -> None:
    log, _ = scripted_game()
    database = tmp_path / "console.sqlite3"  # the table's own database (conftest)
    await table("/game new players:3 seed:1", *(f"/act {a}" for _, a in log[:6]))
    out = await table(f"/export {database}")
    assert "Game record written" not in out
    assert out == (f"! Cannot use the file {database}: it is not a game record, "
                   "so it is not written over (name a new file)")
    assert _header(database) == b"SQLite format 3\x00"
    out = await table("/status", f"/act {log[6][1]}")
    assert "Game 1" in out and "!" not in out
    with sqlite3.connect(database) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("SELECT action_count FROM games").fetchone() == (7,)


async def test_export_refuses_any_other_file_that_is_not_a_record(
        table: Table, tmp_path: Path) -> None:
    await table("/game new players:3 seed:1")
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", "utf-8")
    other_db = tmp_path / "autobahn.sqlite3"
    sqlite3.connect(other_db).close()
    sqlite3.connect(other_db).execute("CREATE TABLE t (x)").connection.commit()
    before = other_db.read_bytes()
    out = await table(f"/export {notes}", f"/export {other_db}")
    assert out.count("it is not a game record") == 2
    assert notes.read_text("utf-8") == "my notes\n" and other_db.read_bytes() == before


async def test_a_record_is_written_over_a_record_atomically(
        table: Table, tmp_path: Path) -> None:
    log, _ = scripted_game()
    record = tmp_path / "game.json"
    await table("/game new players:3 seed:1", *(f"/act {a}" for _, a in log[:3]))
    assert "Game record written" in await table(f"/export {record}")
    await table(*(f"/act {a}" for _, a in log[3:5]))
    assert "Game record written" in await table(f"/export {record}")
    assert len(json.loads(record.read_text("utf-8"))["actions"]) == 5
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


async def test_import_reads_no_more_than_a_record_may_hold(
        table: Table, tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:  # sparse: 256 MB that take no disk
        handle.truncate(256 * 1024 * 1024)
    tracemalloc.start()
    try:
        out = await table(f"/import {huge}")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "larger than 2000 KB" in out
    assert peak < 16 * 1024 * 1024, f"{peak // 2**20} MB read for a refused file"
    out = await table("/import /dev/zero")
    assert out == "! This game record cannot be imported: the file is larger than 2000 KB."
    assert "Traceback" not in out and table.console.game_id is None
