"""Reminder schedule and settings: due times in the database, sent at most once."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from store_testutil import play

from store import Game, GameNotFoundError, GameStore, ReminderRequest, ReminderSettings


async def test_the_move_schedules_its_reminder_in_the_same_transaction(
    store: GameStore, game: Game
) -> None:
    await play(store, game, "pass", reminders=[ReminderRequest("ben", due_at=50.0)])
    [pending] = await store.pending_reminders(game.id)
    assert (pending.user_id, pending.kind, pending.due_at, pending.attempt) == (
        "ben",
        "turn",
        50.0,
        0,
    )
    # The next move replaces the schedule; None leaves it alone.
    await play(store, game, "pass", reminders=[ReminderRequest("cem", due_at=80.0)])
    await play(store, game, "pass")
    assert [r.user_id for r in await store.pending_reminders(game.id)] == ["cem"]
    assert await store.due_reminders(now=79.0) == []
    assert [r.user_id for r in await store.due_reminders(now=80.0)] == ["cem"]
    await play(store, game, "pass", reminders=[])
    assert await store.pending_reminders(game.id) == []


async def test_overdue_reminders_go_out_once_after_a_restart(db_target: Path | str) -> None:
    store = await GameStore.open(db_target)
    from store_testutil import started_game

    game = await started_game(store)
    await store.set_reminders(
        game.id, [ReminderRequest("ann", 10.0), ReminderRequest(None, 20.0, "stalled")]
    )
    await store.close()

    # "Restart": two reminder loops (a restarted bot racing an old one) see the same list.
    first, second = await GameStore.open(db_target), await GameStore.open(db_target)
    try:
        due = await first.due_reminders(now=100.0)
        assert [(r.user_id, r.kind) for r in due] == [("ann", "turn"), (None, "stalled")]
        claims = await asyncio.gather(
            *(s.mark_reminder_sent(r.id, sent_at=100.0) for r in due for s in (first, second))
        )
        assert sorted(claims) == [False, False, True, True]  # each claimed exactly once
        assert await first.due_reminders(now=1e12) == []
        assert await second.mark_reminder_sent(due[0].id) is False
        assert await second.mark_reminder_sent(123456) is False  # unknown id
    finally:
        await first.close()
        await second.close()


async def test_a_repeat_is_scheduled_only_by_the_claiming_call(
    store: GameStore, game: Game
) -> None:
    await store.set_reminders(game.id, [ReminderRequest("ann", 10.0)])
    [due] = await store.due_reminders(now=10.0)
    repeat = ReminderRequest("ann", 70.0, attempt=1)
    assert await store.mark_reminder_sent(due.id, follow_up=repeat)
    assert not await store.mark_reminder_sent(due.id, follow_up=repeat)
    [pending] = await store.pending_reminders(game.id)
    assert (pending.due_at, pending.attempt) == (70.0, 1)


async def test_finished_games_have_no_due_reminders(store: GameStore, game: Game) -> None:
    await store.set_reminders(game.id, [ReminderRequest("ann", 10.0)])
    await play(store, game, "pass", status="finished")
    assert await store.due_reminders(now=1e12) == []
    assert await store.pending_reminders(game.id) == []
    with pytest.raises(GameNotFoundError):
        await store.set_reminders(999, [])


async def test_reminder_settings_default_and_per_game(store: GameStore, game: Game) -> None:
    assert await store.get_reminder_settings("ann") == ReminderSettings("ann")
    default = ReminderSettings(
        "ann",
        delivery="dm",
        delay_s=600,
        repeat_s=3600,
        max_repeats=5,
        quiet_start=22 * 60,
        quiet_end=7 * 60,
        time_zone="Europe/Berlin",
        vacation_until=1e9,
    )
    assert await store.set_reminder_settings(default) == default
    override = ReminderSettings("ann", game_id=game.id, delivery="channel", delay_s=0)
    await store.set_reminder_settings(override)
    assert await store.get_reminder_settings("ann") == default
    assert await store.get_reminder_settings("ann", game.id) == override
    assert await store.get_reminder_settings("ann", game.id + 1) == default
    changed = ReminderSettings("ann", delivery="channel", time_zone="America/Montreal")
    await store.set_reminder_settings(changed)  # replaces, never duplicates
    assert await store.get_reminder_settings("ann") == changed
    with pytest.raises(GameNotFoundError):
        await store.set_reminder_settings(ReminderSettings("ann", game_id=999))
