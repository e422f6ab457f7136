"""`python -m store copy --to postgresql://...`: everything moves, is verified, and a copy is
never mixed into a database that already holds games."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from store_testutil import play, started_game

import rules
from service import CONSOLE, GameService
from store import GameEdit, GameStore, ReminderRequest, ReminderSettings
from store.__main__ import main
from store.copy import CopyError, copy_to_postgres


async def _fill(store: GameStore) -> list[int]:
    """Games in every state, with everything the store keeps around them."""
    running = await started_game(store)
    for i in range(4):
        await play(store, running, f"move\x00{i} ß", interaction_id=f"click-{i}")
    await store.undo(running.id, count=1, expected_version=(await store.get_game(
        running.id)).version, by_user="ann", reason="oops", snapshot_json='{"undone": 1}',
        next_player="ann", reminders=[ReminderRequest("ben", 500.0)])
    await store.record_turn_post(running.id, 3, channel_id=10, message_id=99)
    await store.edit_game(running.id, lambda g: GameEdit(settings={"pace": "slow"}))
    lobby = await store.create_game(host_id="zoe", edition="classic", edition_hash="h",
                                    seed=1, host_name="Zoe")
    finished = await started_game(store, ("dan", "eve"), channel_id=11)
    await play(store, finished, "last", player="dan", status="finished")
    await store.set_reminder_settings(ReminderSettings("ann", time_zone="Europe/Berlin"))
    await store.set_reminder_settings(ReminderSettings("ben", game_id=running.id,
                                                       delivery="dm", quiet_start=60,
                                                       quiet_end=420, time_zone="UTC"))
    [due] = await store.pending_reminders(running.id)
    await store.mark_reminder_sent(due.id, sent_at=501.0,
                                   follow_up=ReminderRequest("ben", 900.0, attempt=1))
    await store.record_interaction("orphan-click")
    await store.take_lease("reminders", "bot-1", now=0.0, ttl=1e12)
    return [running.id, lobby.id, finished.id]


async def _same(a: GameStore, b: GameStore, ids: list[int]) -> None:
    assert await a.game_ids() == await b.game_ids() == ids
    for game_id in ids:
        assert await a.get_game(game_id) == await b.get_game(game_id)
        assert await a.read_log(game_id) == await b.read_log(game_id)
        assert await a.read_snapshot(game_id) == await b.read_snapshot(game_id)
        assert await a.list_events(game_id) == await b.list_events(game_id)
        assert await a.pending_reminders(game_id) == await b.pending_reminders(game_id)
    for user, game_id in (("ann", None), ("ben", ids[0]), ("ben", None)):
        assert (await a.get_reminder_settings(user, game_id)
                == await b.get_reminder_settings(user, game_id))
    assert await b.interaction_processed("orphan-click")
    assert await b.lease_holder("reminders", now=1.0) == "bot-1"


async def test_copy_moves_everything_and_refuses_a_filled_target(
    db_path: Path, pg_url: str
) -> None:
    source = await GameStore.open(db_path)
    try:
        ids = await _fill(source)
        report = await copy_to_postgres(str(db_path), pg_url)
        assert report.ok, report.problems
        assert report.counts["games"] == 3 and report.counts["actions"] == 3 + 1
        assert report.counts["leases"] == 1 and report.counts["reminders"] == 2
        copied = await GameStore.open(pg_url)
        try:
            await _same(source, copied, ids)
            # New rows continue after the copied ids instead of colliding with them.
            fresh = await copied.create_game(host_id="x", edition="c", edition_hash="h",
                                             seed=2)
            assert fresh.id == max(ids) + 1
            with pytest.raises(CopyError, match="already holds data"):
                await copy_to_postgres(str(db_path), pg_url)
            assert await copied.game_ids() == [*ids, fresh.id]  # untouched by the refusal
        finally:
            await copied.close()
        # --replace empties the target first: the copy equals the source again.
        assert (await copy_to_postgres(str(db_path), pg_url, replace=True)).ok
        copied = await GameStore.open(pg_url)
        try:
            await _same(source, copied, ids)
        finally:
            await copied.close()
    finally:
        await source.close()


async def _real_games(path: Path) -> None:
    store = await GameStore.open(path)
    service = GameService(store, renderer=lambda *a, **k: b"png")
    try:
        for seed in (3, 4):
            game = await service.create_game(CONSOLE, "ann", "Ann", seats=2, seed=seed)
            game = await service.join(game.id, "ben", "Ben")
            await service.start(game.id, "ann")
            for _ in range(6):
                legal = await service.legal(game.id)
                await service.act(game.id, legal.player, legal.actions[0])
    finally:
        service.close()
        await store.close()


async def test_cli_copy_verifies_every_replay(
    db_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    await _real_games(db_path)
    args = ["--db", str(db_path), "copy", "--to", pg_url]
    assert await asyncio.to_thread(main, args) == 0
    out = capsys.readouterr().out
    assert "games: 2" in out and "verified: every row equal, replays" in out
    assert await asyncio.to_thread(main, args) == 2  # a filled target is refused
    assert "--replace" in capsys.readouterr().err

    # A snapshot that its log does not replay to is found in the copy.
    store = await GameStore.open(db_path)
    try:
        game = await store.get_game(1)
        assert await store.rewrite_snapshot(
            1, version=game.version, seq=game.action_count,
            snapshot_json=rules.new_game(rules.load_edition(), players=["ann", "ben"],
                                         seed=99).to_json())
    finally:
        await store.close()
    assert await asyncio.to_thread(main, [*args, "--replace"]) == 1
    assert "game 1: the replay of its 6 actions differs from its snapshot" in (
        capsys.readouterr().out)


def test_copy_needs_sqlite_into_postgres(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--db", str(tmp_path / "a.sqlite3"), "copy", "--to", "b.sqlite3"]) == 2
    assert "into PostgreSQL" in capsys.readouterr().err
