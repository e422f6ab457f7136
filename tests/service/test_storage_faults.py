"""Issue 11, item 15 at the service and console edge: a fault of the database file reaches
players as a clear typed message in their language, never as a traceback."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import bot
from service import GameService, message
from service.errors import StorageFault
from store import SCHEMA_VERSION, Game, GameStore


async def test_disk_full_during_a_move_is_a_translated_storage_fault(
        service: GameService, store: GameStore, running: Game) -> None:
    pages = next(iter(await store._conn.execute_fetchall("PRAGMA page_count")))[0]
    await store._conn.execute(f"PRAGMA max_page_count = {pages}")
    player = await service.deciding(running.id)
    with pytest.raises(StorageFault) as err:
        for _ in range(400):  # each move writes a snapshot; the file fills up quickly
            game = await service.game(running.id)
            player = await service.deciding(game.id)
            await service.act(game.id, player, (await service.legal(game.id)).actions[0])
    assert err.value.code == "storage.disk_full"
    assert "voll" in message(err.value, "de") and "plein" in message(err.value, "fr")


async def test_a_read_only_file_is_a_storage_fault(service: GameService, store: GameStore,
                                                   lobby: Game) -> None:
    await store._conn.execute("PRAGMA query_only = 1")
    with pytest.raises(StorageFault) as err:
        await service.join(lobby.id, "dan", "Dan")
    assert err.value.code == "storage.read_only"


def test_console_start_on_a_newer_database_says_so_and_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "newer.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 3}")
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    assert bot.main(["--console", "--lang", "de", "--db", str(path)]) == 1
    err = capsys.readouterr().err
    assert "neueren Version" in err and "Traceback" not in err


def test_console_start_on_a_damaged_file_says_so_and_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "junk.sqlite3"
    path.write_bytes(b"this is no database at all" * 100)
    assert bot.main(["--console", "--db", str(path)]) == 1
    err = capsys.readouterr().err
    assert "damaged" in err and "Traceback" not in err
    assert path.read_bytes() == b"this is no database at all" * 100
