"""The repository API: lobby, start, the log, undo, listings, interaction ids."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3

import pytest
from store_testutil import play, started_game

from store import (
    DuplicateInteractionError,
    Game,
    GameEdit,
    GameNotFoundError,
    GameStatusError,
    GameStore,
    PlayerError,
    StaleVersionError,
    StoreValueError,
)


async def test_lobby_seats_and_start(store: GameStore) -> None:
    game = await store.create_game(
        host_id="ann",
        edition="classic",
        edition_hash="h1",
        seed=42,
        channel_id=7,
        thread_id=8,
        language="de",
        settings={"pace": "fast"},
        host_name="Ann",
    )
    assert (game.status, game.version, game.action_count) == ("lobby", 0, 0)
    assert game.player_ids == ("ann",)
    game = await store.add_player(game.id, "ben", "Ben", language="fr")
    game = await store.add_player(game.id, "cem", "Cem", max_players=3)
    with pytest.raises(PlayerError) as full:
        await store.add_player(game.id, "dan", "Dan", max_players=3)
    assert full.value.reason == "game_full"
    with pytest.raises(PlayerError) as again:
        await store.add_player(game.id, "ben", "Ben")
    assert again.value.reason == "already_joined"
    game = await store.remove_player(game.id, "ann")
    assert [(p.user_id, p.seat) for p in game.players] == [("ben", 0), ("cem", 1)]
    with pytest.raises(PlayerError):
        await store.remove_player(game.id, "ann")
    game = await store.add_player(game.id, "ann", "Ann")
    assert game.version == 4  # every seat change bumps it: a stale "start" is refused

    with pytest.raises(StaleVersionError):
        await store.start_game(
            game.id, expected_version=3, snapshot_json="{}", current_player="ann"
        )
    with pytest.raises(PlayerError) as bad:
        await store.start_game(
            game.id,
            expected_version=4,
            snapshot_json="{}",
            current_player="ann",
            seat_order=["ann", "ben"],
        )
    assert bad.value.reason == "bad_seat_order"
    assert await store.read_snapshot(game.id) is None
    started = await store.start_game(
        game.id,
        expected_version=4,
        snapshot_json='{"s": 0}',
        current_player="cem",
        seat_order=["cem", "ann", "ben"],
        by_user="ann",
    )
    assert started.status == "running" and started.version == 5
    assert started.player_ids == ("cem", "ann", "ben")
    assert started.current_player == "cem"
    assert {p.user_id: p.language for p in started.players}["ben"] == "fr"
    assert (started.language, started.settings, started.thread_id) == ("de", {"pace": "fast"}, 8)
    snap = await store.read_snapshot(game.id)
    assert snap is not None and (snap.version, snap.seq, snap.state_json) == (5, 0, '{"s": 0}')
    assert [e.kind for e in await store.list_events(game.id)] == ["start"]
    with pytest.raises(GameStatusError):
        await store.add_player(game.id, "dan", "Dan")
    with pytest.raises(GameStatusError):
        await store.start_game(
            game.id, expected_version=5, snapshot_json="{}", current_player="cem"
        )


async def test_append_read_log_and_snapshot(store: GameStore, game: Game) -> None:
    first = await store.append_action(
        game.id,
        expected_version=game.version,
        player_id="ann",
        notation="build r2.1 with red",
        snapshot_json='{"n": 1}',
        next_player="ann",
        interaction_id="111",
    )
    assert (first.action.seq, first.version) == (1, game.version + 1)
    second = await store.append_action(
        game.id,
        expected_version=first.version,
        player_id="ann",
        notation="move 1 k3.2 k4.1",
        snapshot_json='{"n": 2}',
        next_player="ben",
    )
    log = await store.read_log(game.id)
    assert [(a.seq, a.player_id, a.notation, a.interaction_id) for a in log] == [
        (1, "ann", "build r2.1 with red", "111"),
        (2, "ann", "move 1 k3.2 k4.1", None),
    ]
    assert [a.seq for a in await store.read_log(game.id, 2)] == [2]
    assert [a.seq for a in await store.read_log(game.id, 1, limit=1)] == [1]
    snap = await store.read_snapshot(game.id)
    assert snap is not None
    assert (snap.version, snap.seq, snap.state_json) == (second.version, 2, '{"n": 2}')
    after = await store.get_game(game.id)
    assert (after.version, after.action_count, after.current_player) == (second.version, 2, "ben")


async def test_stale_and_wrong_status_change_nothing(store: GameStore, game: Game) -> None:
    await play(store, game, "pass")
    with pytest.raises(StaleVersionError) as info:
        await store.append_action(
            game.id,
            expected_version=game.version,
            player_id="ann",
            notation="pass",
            snapshot_json="{}",
            next_player="ann",
            interaction_id="late",
        )
    assert (info.value.expected, info.value.actual) == (game.version, game.version + 1)
    # The refused append did not consume its interaction id.
    assert not await store.interaction_processed("late")
    lobby = await store.create_game(host_id="x", edition="classic", edition_hash="h", seed=1)
    with pytest.raises(GameStatusError):
        await store.append_action(
            lobby.id,
            expected_version=0,
            player_id="x",
            notation="pass",
            snapshot_json="{}",
            next_player=None,
        )
    with pytest.raises(GameNotFoundError):
        await store.append_action(
            999,
            expected_version=0,
            player_id="x",
            notation="pass",
            snapshot_json="{}",
            next_player=None,
        )
    with pytest.raises(GameNotFoundError):
        await store.read_log(999)
    with pytest.raises(GameNotFoundError):
        await store.get_game(999)
    assert [a.notation for a in await store.read_log(game.id)] == ["pass"]


async def test_a_repeated_interaction_is_recognised_and_does_nothing(
    store: GameStore, game: Game
) -> None:
    done = await play(store, game, "build r2.1 with red", interaction_id="9001")
    with pytest.raises(DuplicateInteractionError):
        # Even at the right (new) version the repeat is refused as a repeat, not applied.
        await store.append_action(
            game.id,
            expected_version=done.version,
            player_id="ann",
            notation="build r2.1 with red",
            snapshot_json="{}",
            next_player="ann",
            interaction_id="9001",
        )
    assert len(await store.read_log(game.id)) == 1
    assert (await store.get_game(game.id)).version == done.version
    assert await store.record_interaction("5") is True
    assert await store.record_interaction("5") is False
    assert await store.interaction_processed("5")
    assert await store.prune_interactions(older_than=0.0) == 0
    assert await store.prune_interactions(older_than=float("inf")) == 2
    assert not await store.interaction_processed("9001")


async def test_undo_is_recorded_and_keeps_the_log_dense(store: GameStore, game: Game) -> None:
    for notation in ("a1", "a2", "a3"):
        last = await play(store, game, notation)
    with pytest.raises(StoreValueError):
        await store.undo(
            game.id,
            count=4,
            expected_version=last.version,
            by_user="ann",
            reason="",
            snapshot_json="{}",
            next_player="ann",
        )
    with pytest.raises(StaleVersionError):
        await store.undo(
            game.id,
            count=1,
            expected_version=last.version - 1,
            by_user="ann",
            reason="",
            snapshot_json="{}",
            next_player="ann",
        )
    event = await store.undo(
        game.id,
        count=2,
        expected_version=last.version,
        by_user="ben",
        reason="host decision",
        snapshot_json='{"after": 1}',
        next_player="ann",
    )
    assert [a.notation for a in event.removed] == ["a2", "a3"]
    assert (event.from_version, event.to_version) == (last.version, last.version + 1)
    # A button rendered before the undo is refused.
    with pytest.raises(StaleVersionError):
        await store.append_action(
            game.id,
            expected_version=last.version,
            player_id="ann",
            notation="a4",
            snapshot_json="{}",
            next_player="ann",
        )
    again = await play(store, game, "b2")
    assert again.action.seq == 2
    assert [a.notation for a in await store.read_log(game.id)] == ["a1", "b2"]
    [undo] = await store.list_events(game.id, "undo")
    assert undo.user_id == "ben" and undo.detail["reason"] == "host decision"
    assert [r["notation"] for r in undo.detail["removed"]] == ["a2", "a3"]
    snap = await store.read_snapshot(game.id)
    assert snap is not None and snap.seq == 2


async def test_listings_by_channel_player_and_turn(store: GameStore) -> None:
    g1 = await started_game(store, ("ann", "ben"), channel_id=100)
    g2 = await started_game(store, ("ben", "cem"), channel_id=200)
    lobby = await store.create_game(
        host_id="ann",
        edition="classic",
        edition_hash="h",
        seed=1,
        channel_id=100,
        thread_id=300,
        host_name="Ann",
    )
    await store.append_action(
        g1.id,
        expected_version=g1.version,
        player_id="ann",
        notation="pass",
        snapshot_json="{}",
        next_player="ben",
    )
    ids = lambda games: [g.id for g in games]  # noqa: E731
    assert ids(await store.games_in_channel(100)) == [g1.id, lobby.id]
    assert ids(await store.games_in_channel(300)) == [lobby.id]  # by thread
    assert ids(await store.games_of_player("ben")) == [g1.id, g2.id]
    assert ids(await store.games_of_player("ann")) == [g1.id, lobby.id]
    await store.set_status(g2.id, "finished", by_user="ben", reason="scored")
    assert ids(await store.games_of_player("cem")) == []
    assert ids(await store.games_of_player("cem", ("finished",))) == [g2.id]


async def test_status_transitions(store: GameStore, game: Game) -> None:
    with pytest.raises(GameStatusError):
        await store.set_status(game.id, "running")
    with pytest.raises(StaleVersionError):
        await store.set_status(game.id, "abandoned", expected_version=game.version + 5)
    ended = await store.set_status(game.id, "abandoned", by_user="ann", reason="vote")
    assert ended.status == "abandoned" and ended.current_player is None
    with pytest.raises(GameStatusError):
        await store.set_status(game.id, "finished")
    [event] = await store.list_events(game.id, "status")
    assert event.detail == {"from": "running", "to": "abandoned", "reason": "vote"}


async def test_the_last_action_can_finish_the_game(store: GameStore, game: Game) -> None:
    done = await play(store, game, "pass", status="finished")
    final = await store.get_game(game.id)
    assert final.status == "finished" and final.version == done.version
    with pytest.raises(StoreValueError):
        await play(store, game, "pass", status="lobby")


async def test_settings_update_does_not_invalidate_buttons(store: GameStore, game: Game) -> None:
    updated = await store.edit_game(
        game.id, lambda g: GameEdit(settings={"pace": "slow", "limit": 3}))
    assert updated.settings == {"limit": 3, "pace": "slow"}
    assert updated.version == game.version


@pytest.mark.sqlite_only("SQLite's raw connection; see test_store_postgres")
async def test_the_log_is_append_only(store: GameStore, game: Game) -> None:
    await play(store, game, "pass")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        await store._conn.execute("UPDATE actions SET notation = 'forged'")


async def test_a_cancelled_caller_cannot_leave_half_a_transaction(
    store: GameStore, game: Game
) -> None:
    landed = 0
    for i in range(30):
        current = await store.get_game(game.id)
        task = asyncio.create_task(
            store.append_action(
                game.id,
                expected_version=current.version,
                player_id="ann",
                notation=f"try {i}",
                snapshot_json=f'{{"try": {i}}}',
                next_player="ann",
            )
        )
        for _ in range(i % 6):  # cancel at different points of the transaction
            await asyncio.sleep(0)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
            landed += 1
        # The shielded write finished as a whole or not at all; the store stays usable.
        after = await store.get_game(game.id)
        snap = await store.read_snapshot(game.id)
        assert snap is not None
        assert (snap.version, snap.seq) == (after.version, after.action_count)
        if store.dialect == "sqlite":
            assert not store._conn.in_transaction
    log = await store.read_log(game.id)
    assert [a.seq for a in log] == list(range(1, len(log) + 1))
    assert (await store.integrity_check()).ok
