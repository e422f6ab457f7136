"""When to remind a player: pure schedule computation, no clock and no database.

A hand-off (the turn passes to a player) schedules attempt 0 after the player's `delay_s`;
each reminder sent schedules the next attempt `repeat_s` later, up to `max_repeats`
repeats; after the last one, a single "stalled" notice goes to the game's channel. A due
time that falls in the player's quiet hours (local time in their zone, DST included) moves
to the end of those hours; during a vacation it moves to the vacation's end.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from store import Reminder, ReminderRequest, ReminderSettings

from .reminder_limits import MAX_WAIT_S

RETRY_S = 600.0  # a reminder that failed to go out is tried again this much later
LATEST = datetime(9999, 1, 1, tzinfo=UTC)


def _wait(seconds: int) -> timedelta:
    """A delay or repeat as stored, kept in range: a row written before the service
    checked ranges must not raise OverflowError at a hand-off and stall the game."""
    return timedelta(seconds=min(max(int(seconds), 0), MAX_WAIT_S))


def zone(name: str) -> ZoneInfo:
    """The zone called `name`; UTC for an unknown name (settings are checked on entry, so
    this only guards rows written by an older version)."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


@cache
def _zones_by_lower_name() -> dict[str, str]:
    return {z.lower(): z for z in available_timezones()}


def zone_named(name: str) -> str:
    """`name` as the time-zone database spells it, whatever the case it was typed in
    ("europe/berlin" is Europe/Berlin); unchanged when no zone has that name."""
    if len(name) > 64 or valid_zone(name):  # longer than any zone: refused as it is
        return name
    return _zones_by_lower_name().get(name.strip().lower(), name)


def valid_zone(name: str) -> bool:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a name too long for a file
        return False
    return True


def _in_quiet(minute: int, start: int, end: int) -> bool:
    if start == end:
        return False  # an empty window, not a whole day of silence
    if start < end:
        return start <= minute < end
    return minute >= start or minute < end  # the window wraps past midnight


def after_quiet_hours(due: datetime, settings: ReminderSettings) -> datetime:
    """`due`, or the end of the quiet hours it falls in."""
    start, end = settings.quiet_start, settings.quiet_end
    if start is None or end is None:
        return due
    tz = zone(settings.time_zone)
    local = due.astimezone(tz)
    minute = local.hour * 60 + local.minute
    if not _in_quiet(minute, start, end):
        return due
    day = local.date()
    if start > end and minute >= start:
        day += timedelta(days=1)  # quiet since the evening: it ends tomorrow morning
    wake = datetime(day.year, day.month, day.day, end // 60, end % 60, tzinfo=tz)
    return wake.astimezone(UTC)


def after_vacation(due: datetime, settings: ReminderSettings) -> datetime:
    if settings.vacation_until is None:
        return due
    try:
        back = datetime.fromtimestamp(settings.vacation_until, UTC)
    except (OverflowError, OSError, ValueError):  # an absurd row from before the checks
        back = LATEST
    return max(due, back)


def next_due(now: datetime, settings: ReminderSettings, attempt: int) -> datetime | None:
    """When reminder `attempt` is due: attempt 0 counts from the hand-off at `now`, later
    attempts from the previous reminder sent at `now`. None once the limit is reached
    (then `stall_due` says when the channel hears that the game stalled)."""
    if attempt < 0 or attempt > settings.max_repeats:
        return None
    wait = settings.delay_s if attempt == 0 else settings.repeat_s
    due = now.astimezone(UTC) + _wait(wait)
    # Vacation first, then quiet hours: the day someone comes back may start at 3 a.m.
    return after_quiet_hours(after_vacation(due, settings), settings)


def stall_due(now: datetime, settings: ReminderSettings) -> datetime:
    """The channel's "this game has stalled" notice: one interval after the last reminder.
    It goes to the channel, so the player's quiet hours do not hold it back."""
    return now.astimezone(UTC) + _wait(settings.repeat_s)


def held_until(reminder: Reminder, now: float, settings: ReminderSettings) -> float | None:
    """When a reminder due now may go out instead, if the player's settings as they are
    *now* hold it back; None if it may go out at once.

    The schedule applied the settings when the reminder was planned; a vacation begun or
    quiet hours set since then apply here, at send time. A turn reminder waits for the end
    of a vacation and of quiet hours; the stall notice goes to the channel, so quiet hours
    do not hold it, but a vacation does (a player away is not stalling the table).
    """
    due = _at(now)
    allowed = after_vacation(due, settings)
    if reminder.kind != "stalled":
        allowed = after_quiet_hours(allowed, settings)
    return allowed.timestamp() if allowed > due else None


def _at(ts: float) -> datetime:
    return datetime.fromtimestamp(ts, UTC)


def first_reminder(user_id: str, now: float, settings: ReminderSettings) -> ReminderRequest:
    """The reminder to schedule when the turn passes to `user_id` at `now`."""
    due = next_due(_at(now), settings, 0)
    if due is None:  # max_repeats < 0 cannot be stored, but stay total
        return ReminderRequest(None, stall_due(_at(now), settings).timestamp(), "stalled", 0)
    return ReminderRequest(user_id, due.timestamp(), "turn", 0)


def follow_up(
    reminder: Reminder, sent_at: float, settings: ReminderSettings
) -> ReminderRequest | None:
    """What to schedule once `reminder` went out at `sent_at`: the next repeat, else the
    stall notice, and nothing after the stall notice."""
    if reminder.kind == "stalled":
        return None
    attempt = reminder.attempt + 1
    due = next_due(_at(sent_at), settings, attempt)
    if due is not None:
        return ReminderRequest(reminder.user_id, due.timestamp(), "turn", attempt)
    # The stall notice keeps the player's id so the message can say whom the table waits for.
    return ReminderRequest(reminder.user_id, stall_due(_at(sent_at), settings).timestamp(),
                           "stalled", attempt)
