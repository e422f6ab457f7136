"""The reminder schedule: delay, repeats, limit, quiet hours in the player's zone, vacation,
the stall notice; and the service keeping the schedule in the store."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from service import GameService
from service.errors import BadOption, UnknownGame
from service.reminder_schedule import first_reminder, follow_up, next_due, stall_due
from store import Game, Reminder, ReminderRequest, ReminderSettings

NOON = datetime(2025, 3, 12, 12, 0, tzinfo=UTC)


def settings(**kw) -> ReminderSettings:
    return ReminderSettings("ann", **({"delay_s": 3600, "repeat_s": 86_400, "max_repeats": 2}
                                      | kw))


def test_delay_then_repeats_then_the_limit() -> None:
    s = settings()
    assert next_due(NOON, s, 0) == datetime(2025, 3, 12, 13, 0, tzinfo=UTC)
    assert next_due(NOON, s, 1) == datetime(2025, 3, 13, 12, 0, tzinfo=UTC)
    assert next_due(NOON, s, 2) == datetime(2025, 3, 13, 12, 0, tzinfo=UTC)
    assert next_due(NOON, s, 3) is None
    assert stall_due(NOON, s) == datetime(2025, 3, 13, 12, 0, tzinfo=UTC)


def test_quiet_hours_wrap_midnight_in_the_players_zone() -> None:
    # 22:00-07:00 in Berlin (UTC+1 in March before the DST switch).
    s = settings(quiet_start=22 * 60, quiet_end=7 * 60, time_zone="Europe/Berlin")
    evening = datetime(2025, 3, 12, 21, 30, tzinfo=UTC)  # 22:30 in Berlin: quiet
    assert next_due(evening, s, 0) == datetime(2025, 3, 13, 6, 0, tzinfo=UTC)  # 07:00 local
    early = datetime(2025, 3, 13, 3, 0, tzinfo=UTC)  # 05:00 local, still quiet
    assert next_due(early, s, 0) == datetime(2025, 3, 13, 6, 0, tzinfo=UTC)
    assert next_due(NOON, s, 0) == datetime(2025, 3, 12, 13, 0, tzinfo=UTC)  # 14:00: fine


def test_quiet_hours_follow_daylight_saving_time() -> None:
    s = settings(quiet_start=22 * 60, quiet_end=7 * 60, time_zone="Europe/Berlin")
    # The night of 29/30 March 2025 Berlin moves to UTC+2: 07:00 local is 05:00 UTC.
    late = datetime(2025, 3, 29, 22, 0, tzinfo=UTC)
    assert next_due(late, s, 0) == datetime(2025, 3, 30, 5, 0, tzinfo=UTC)


def test_a_daytime_window_and_an_empty_one() -> None:
    s = settings(quiet_start=9 * 60, quiet_end=17 * 60, time_zone="America/New_York",
                 delay_s=0)
    ten_local = datetime(2025, 7, 1, 14, 0, tzinfo=UTC)  # 10:00 EDT
    assert next_due(ten_local, s, 0) == datetime(2025, 7, 1, 21, 0, tzinfo=UTC)  # 17:00 EDT
    assert next_due(ten_local, settings(quiet_start=600, quiet_end=600, delay_s=0), 0) \
        == ten_local


def test_vacation_then_quiet_hours() -> None:
    back = datetime(2025, 3, 20, 1, 0, tzinfo=UTC).timestamp()  # 02:00 in Berlin
    s = settings(vacation_until=back, quiet_start=22 * 60, quiet_end=7 * 60,
                 time_zone="Europe/Berlin")
    assert next_due(NOON, s, 0) == datetime(2025, 3, 20, 6, 0, tzinfo=UTC)


def test_follow_up_repeats_then_stalls_then_stops() -> None:
    s = settings(max_repeats=1)
    now = NOON.timestamp()
    first = first_reminder("ann", now, s)
    assert (first.kind, first.attempt, first.due_at) == ("turn", 0, now + 3600)
    sent = Reminder(1, 7, "ann", "turn", first.due_at, 0, now, None)
    repeat = follow_up(sent, first.due_at, s)
    assert repeat is not None and (repeat.kind, repeat.attempt) == ("turn", 1)
    last = Reminder(2, 7, "ann", "turn", repeat.due_at, 1, now, None)
    stalled = follow_up(last, repeat.due_at, s)
    assert stalled is not None and stalled.kind == "stalled"
    notice = Reminder(3, 7, "ann", "stalled", stalled.due_at, 2, now, None)
    assert follow_up(notice, stalled.due_at, s) is None


async def test_claiming_a_due_reminder_schedules_the_next(service: GameService, running: Game,
                                                          clock) -> None:
    clock.now += 3600
    (due,) = await service.due_reminders()
    assert due.user_id == (await service.view(running.id)).next_player
    assert await service.claim_reminder(due)
    assert not await service.claim_reminder(due)  # at most once, even after a restart
    (repeat,) = await service.store.pending_reminders(running.id)
    assert repeat.attempt == 1 and repeat.due_at == clock.now + 86_400


async def test_reminder_settings_are_checked(service: GameService) -> None:
    with pytest.raises(BadOption):
        await service.set_reminder_settings(ReminderSettings("ann", time_zone="Mars/Olympus"))
    with pytest.raises(BadOption):
        await service.set_reminder_settings(ReminderSettings("ann", quiet_start=5))
    kept = await service.set_reminder_settings(
        ReminderSettings("ann", time_zone="Europe/Paris", delay_s=60))
    assert kept.time_zone == "Europe/Paris"


async def test_reminders_off_schedules_nothing(service: GameService, lobby: Game) -> None:
    await service.update_settings(lobby.id, "ann", {"reminders": "off"})
    await service.start(lobby.id, "ann")
    assert await service.store.pending_reminders(lobby.id) == []


async def _due_one(service: GameService, clock, at: float):
    clock.now = at
    due = await service.due_reminders()
    assert len(due) == 1, due
    return due[0]


async def test_a_vacation_begun_after_the_hand_off_holds_the_reminder(
        service: GameService, running: Game, clock) -> None:
    start = clock.now
    player = (await service.view(running.id)).next_player
    # Scheduled at the hand-off for start + 1 h; then the player leaves for two days.
    back = start + 2 * 86_400
    await service.set_reminder_settings(ReminderSettings(player, vacation_until=back))
    due = await _due_one(service, clock, start + 3601)
    assert not await service.claim_reminder(due)  # not sent: moved to the end of the vacation
    assert not await service.claim_reminder(due)  # a second loop or a retry: same outcome
    (held,) = await service.store.pending_reminders(running.id)
    assert (held.id, held.due_at, held.attempt) == (due.id, back, 0)
    assert await service.due_reminders(back - 1) == []
    again = await _due_one(service, clock, back + 5)
    assert await service.claim_reminder(again)  # home again: it goes out, once
    (repeat,) = await service.store.pending_reminders(running.id)
    assert repeat.attempt == 1 and repeat.due_at == back + 5 + 86_400


async def test_quiet_hours_set_after_the_hand_off_hold_the_reminder(
        service: GameService, running: Game, clock) -> None:
    player = (await service.view(running.id)).next_player
    due_at = (await service.store.pending_reminders(running.id))[0].due_at
    local = datetime.fromtimestamp(due_at, UTC)
    minute = local.hour * 60 + local.minute
    # Quiet from half an hour before the due time to two hours after it (UTC).
    start, end = (minute - 30) % 1440, (minute + 120) % 1440
    await service.set_reminder_settings(
        ReminderSettings(player, quiet_start=start, quiet_end=end, time_zone="UTC"))
    due = await _due_one(service, clock, due_at)
    assert not await service.claim_reminder(due)
    (held,) = await service.store.pending_reminders(running.id)
    assert held.due_at == due_at + 120 * 60 - local.second
    assert await service.claim_reminder(await _due_one(service, clock, held.due_at))


async def test_quiet_hours_do_not_hold_the_stall_notice_but_a_vacation_does(
        service: GameService, running: Game, clock) -> None:
    player = (await service.view(running.id)).next_player
    await service.store.set_reminders(running.id, [ReminderRequest(player, clock.now,
                                                                   "stalled", 3)])
    await service.set_reminder_settings(ReminderSettings(player, quiet_start=0,
                                                         quiet_end=1439, time_zone="UTC"))
    notice = await _due_one(service, clock, clock.now)
    assert await service.claim_reminder(notice)  # the channel hears it regardless
    await service.store.set_reminders(running.id, [ReminderRequest(player, clock.now,
                                                                   "stalled", 3)])
    await service.set_reminder_settings(ReminderSettings(player,
                                                         vacation_until=clock.now + 3600))
    notice = await _due_one(service, clock, clock.now)
    assert not await service.claim_reminder(notice)
    (held,) = await service.store.pending_reminders(running.id)
    assert (held.kind, held.due_at) == ("stalled", clock.now + 3600)


async def test_reminder_settings_read_back_per_game(service: GameService,
                                                    running: Game) -> None:
    assert (await service.reminder_settings("ben")).delivery == "channel"
    await service.set_reminder_settings(ReminderSettings("ben", game_id=running.id,
                                                         delivery="dm"))
    assert (await service.reminder_settings("ben", running.id)).delivery == "dm"
    assert (await service.reminder_settings("ben")).delivery == "channel"
    with pytest.raises(UnknownGame):
        await service.set_reminder_settings(ReminderSettings("ben", game_id=999))
