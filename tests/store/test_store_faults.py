"""Issue 11, items 13, 15 and 20: faults of the file itself reach callers as typed
errors, a damaged file is not written to further, a newer file is refused untouched, the
backup runs beside the store's connection, and `python -m store` takes `--db` anywhere."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from store_testutil import play, started_game

from store import SCHEMA_VERSION, Game, GameEdit, GameStore, SchemaTooNewError, StorageError
from store import db as store_db
from store.__main__ import main


@pytest.mark.sqlite_only("SQLite's max_page_count")
async def test_disk_full_is_a_typed_error_and_nothing_is_half_written(store: GameStore,
                                                                      game: Game) -> None:
    pages = next(iter(await store._conn.execute_fetchall("PRAGMA page_count")))[0]
    await store._conn.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(StorageError) as err:
        for i in range(2000):
            await play(store, game, "x" * 2000 + str(i))
    assert err.value.kind == "disk_full"
    done = await store.get_game(game.id)
    assert len(await store.read_log(game.id)) == done.action_count


@pytest.mark.sqlite_only("SQLite's query_only pragma")
async def test_a_read_only_database_is_a_typed_error(store: GameStore, game: Game) -> None:
    await store._conn.execute("PRAGMA query_only = 1")  # SQLite's read-only refusal
    with pytest.raises(StorageError) as err:
        await play(store, game, "pass")
    assert err.value.kind == "read_only"


def corrupt_actions(path: Path) -> None:
    """Overwrite the root page of the `actions` table with garbage."""
    conn = sqlite3.connect(path)
    root, size = (conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'actions'")
                  .fetchone()[0], conn.execute("PRAGMA page_size").fetchone()[0])
    conn.close()
    with open(path, "r+b") as handle:
        handle.seek((root - 1) * size)
        handle.write(b"\xa5" * size)


async def test_a_corrupted_actions_page_stops_every_later_write(db_path: Path) -> None:
    store = await GameStore.open(db_path)
    game = await started_game(store)
    for i in range(3):
        await play(store, game, f"move {i}")
    await store.close()
    corrupt_actions(db_path)
    store = await GameStore.open(db_path)
    try:
        with pytest.raises(StorageError) as err:
            await play(store, game, "move 4")
        assert err.value.kind == "corrupt"
        before = db_path.read_bytes()
        # Even a write that would not touch the damaged page is refused from now on.
        with pytest.raises(StorageError):
            await store.create_game(host_id="dan", edition="classic",
                                    edition_hash="sha256:test", seed=1)
        with pytest.raises(StorageError):
            await store.edit_game(game.id, lambda g: GameEdit(settings={"seats": 3}))
        assert db_path.read_bytes() == before
    finally:
        await store.close()


def newer_file(path: Path) -> bytes:
    conn = sqlite3.connect(path)  # rollback journal, as a file copied from elsewhere is
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    return path.read_bytes()


async def test_a_newer_database_is_refused_before_anything_touches_it(tmp_path: Path) -> None:
    path = tmp_path / "newer.sqlite3"
    before = newer_file(path)
    with pytest.raises(SchemaTooNewError):
        await GameStore.open(path)
    assert path.read_bytes() == before  # not even switched to WAL
    assert sorted(p.name for p in tmp_path.iterdir()) == ["newer.sqlite3"]


async def test_a_damaged_header_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "header.sqlite3"
    await (await GameStore.open(path)).close()
    data = bytearray(path.read_bytes())
    data[:16] = b"not a database!!"
    path.write_bytes(bytes(data))
    with pytest.raises(StorageError) as err:
        await GameStore.open(path)
    assert err.value.kind == "corrupt"
    assert path.read_bytes() == bytes(data)


def test_check_exits_1_on_a_malformed_database(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "malformed.sqlite3"

    async def make() -> None:
        store = await GameStore.open(path)
        game = await started_game(store)
        for i in range(200):
            await play(store, game, f"move {i} " + "y" * 200)
        await store.close()

    asyncio.run(make())
    corrupt_actions(path)
    assert main(["--db", str(path), "check"]) == 1
    assert "integrity:" in capsys.readouterr().out
    data = bytearray(path.read_bytes())
    data[:16] = b"\x00" * 16
    path.write_bytes(bytes(data))
    assert main(["--db", str(path), "check"]) == 1
    assert "damaged" in capsys.readouterr().out


def test_db_may_follow_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "order.sqlite3"
    assert main(["migrate", "--db", str(path)]) == 0
    assert main(["check", "--db", str(path)]) == 0
    assert main(["--db", str(path), "check"]) == 0
    assert main(["info", "--db", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count(str(path)) >= 4 and "integrity: ok" in out
    assert main(["backup", str(tmp_path / "copy.sqlite3"), "--db", str(path)]) == 0
    assert (tmp_path / "copy.sqlite3").is_file()


@pytest.mark.sqlite_only("the SQLite backup API")
async def test_a_command_proceeds_while_a_backup_runs(store: GameStore, game: Game,
                                                      tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    release = asyncio.Event()
    started = asyncio.Event()
    real = store_db.backup

    async def slow_backup(conn: object, dest: object) -> Path:
        started.set()
        await release.wait()  # a backup of a 50,000-game file takes seconds
        return await real(conn, dest)  # type: ignore[arg-type]

    monkeypatch.setattr(store_db, "backup", slow_backup)
    backup = asyncio.create_task(store.backup(tmp_path / "b.sqlite3"))
    try:
        await asyncio.wait_for(started.wait(), 5)
        moved = await asyncio.wait_for(play(store, game, "during the backup"), 2)
        assert (await asyncio.wait_for(store.get_game(game.id), 2)).version == moved.version
    finally:
        release.set()
    written = await backup
    copy = sqlite3.connect(written)
    assert copy.execute("SELECT count(*) FROM games").fetchone()[0] == 1
    copy.close()


async def test_prune_in_batches_removes_only_old_ids(store: GameStore, game: Game) -> None:
    for i in range(5):
        await play(store, game, f"m{i}", interaction_id=f"i{i}")
    assert await store.prune_interactions(float("inf"), limit=2) == 2
    assert await store.prune_interactions(float("inf"), limit=2) == 2
    assert await store.prune_interactions(0.0, limit=2) == 0
    assert await store.prune_interactions(float("inf"), limit=2) == 1
