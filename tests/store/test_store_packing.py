"""Issue 37, item 3: a finished game's log and snapshot packed into one row, read back the
same on both backends; running games untouched; the check and the copy know the packed
form."""

from __future__ import annotations

from pathlib import Path

import pytest
from store_testutil import play, started_game

from store import GameStore
from store.packed import pack_log, unpack_log


async def count(store: GameStore, table: str, game_id: int) -> int:
    async def body(conn):  # type: ignore[no-untyped-def]
        rows = await conn.execute_fetchall(
            f"SELECT count(*) FROM {table} WHERE game_id = ?", (game_id,))
        return int(next(iter(rows))[0])

    return int(await store._read(body))


async def finished_game(store: GameStore, moves: int = 12, *, channel_id: int = 10) -> int:
    game = await started_game(store, channel_id=channel_id)
    players = ("ann", "ben", "cem")
    for n in range(moves - 1):
        await play(store, game, f"build r{n}.1 with red", player=players[n % 3],
                   interaction_id=f"i{channel_id}-{n}")
    # What the store keeps verbatim: non-ASCII, a long notation, no interaction id.
    await play(store, game, "pass 😀 " + "x" * 3000, player="cem", status="finished")
    return game.id


async def test_a_packed_game_reads_back_exactly_and_leaves_no_rows(store: GameStore) -> None:
    game_id = await finished_game(store)
    log, snapshot = await store.read_log(game_id), await store.read_snapshot(game_id)
    game, before = await store.get_game(game_id), await store.digest()
    assert await store.pack_finished() == 1
    assert await store.read_log(game_id) == log
    assert await store.read_log(game_id, 5, limit=3) == log[4:7]
    assert await store.read_log(game_id, 13) == []
    assert await store.read_snapshot(game_id) == snapshot
    assert await store.get_game(game_id) == game  # version and times untouched
    assert await store.digest() == before
    assert await count(store, "actions", game_id) == 0
    assert await count(store, "snapshots", game_id) == 0
    assert await count(store, "packed_logs", game_id) == 1
    assert (await store.integrity_check()).ok
    assert await store.pack_finished() == 0  # nothing left: packing twice changes nothing
    assert await store.pack_game(game_id) is False


async def test_running_and_lobby_games_are_not_packed(store: GameStore) -> None:
    running = await started_game(store, channel_id=11)
    await play(store, running, "build r1.1 with red")
    lobby = await store.create_game(host_id="dan", edition="classic",
                                    edition_hash="sha256:test", seed=1, channel_id=12)
    assert await store.pack_finished() == 0
    assert await store.pack_game(running.id) is False
    assert await store.pack_game(lobby.id) is False
    assert await count(store, "actions", running.id) == 1
    await play(store, running, "build r2.1 with red")  # still played as before
    assert len(await store.read_log(running.id)) == 2


async def test_an_abandoned_game_is_packed_too(store: GameStore) -> None:
    game = await started_game(store, channel_id=13)
    await play(store, game, "build r1.1 with red", status="abandoned")
    log = await store.read_log(game.id)
    assert await store.pack_finished() == 1
    assert await store.read_log(game.id) == log


async def test_a_repaired_snapshot_of_a_packed_game_stays_packed(store: GameStore) -> None:
    game_id = await finished_game(store)
    await store.pack_finished()
    game = await store.get_game(game_id)
    assert await store.rewrite_snapshot(game_id, version=game.version, seq=game.action_count,
                                        snapshot_json='{"rebuilt": true}')
    snapshot = await store.read_snapshot(game_id)
    assert snapshot is not None and snapshot.state_json == '{"rebuilt": true}'
    assert await count(store, "snapshots", game_id) == 0
    assert await store.pack_finished() == 0


async def test_compact_packs_every_finished_game_and_vacuums(store: GameStore) -> None:
    ids = [await finished_game(store, 6, channel_id=20 + i) for i in range(5)]
    running = await started_game(store, channel_id=30)
    await play(store, running, "build r1.1 with red")
    before = await store.digest()
    assert await store.compact() == 5
    assert await store.digest() == before
    assert [await count(store, "packed_logs", i) for i in ids] == [1] * 5
    assert (await store.integrity_check()).ok


def test_the_packed_log_format_keeps_every_field() -> None:
    from store.models import ActionRecord

    log = [ActionRecord(3, 1, "ann", "build", 1.0000000000000002, None),
           ActionRecord(3, 2, "😀", "deliver r1", 1e300, "x" * 100)]
    assert unpack_log(3, pack_log(log)) == log
    with pytest.raises(ValueError, match="not dense"):
        pack_log(log[1:])


async def test_compact_gives_a_sqlite_file_space_back(tmp_path: Path) -> None:
    sizes = []
    for packed in (False, True):
        path = tmp_path / f"packed-{packed}.sqlite3"
        store = await GameStore.open(path)
        try:
            for i in range(20):
                await finished_game(store, 40, channel_id=100 + i)
            if packed:
                assert await store.compact() == 20
            else:
                await store._db.tidy(vacuum=True)  # the same file, vacuumed, unpacked
        finally:
            await store.close()
        sizes.append(path.stat().st_size)
    assert sizes[1] < sizes[0] * 0.7, sizes
