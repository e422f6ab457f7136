"""A turn's deadline on a clock that stops (issue 35): pure, no store and no clock.

The deadline is a number of hours of *running* time from the moment the turn passed to the
player: the player's quiet hours (local time in their zone, DST included) and their
vacation stop the clock, as they hold back reminders (service.reminder_schedule). Quiet
hours are a daily window; a vacation is known only by its end (`vacation_until`), so it is
taken to run from when the player set it (the settings' `updated_at`), or from the turn's
start if it was set before.

With a deadline, the reminders lead up to it instead of repeating: one at half the running
time and one an hour before the deadline (when that comes after half time), each held
back by quiet hours as any reminder; the deadline itself is a reminder row of kind
"deadline", committed with the move that started the turn, so a move made in time replaces
it in the same transaction and it is never due for a turn already played.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import UTC, date, datetime, timedelta
from typing import Any

from store import ReminderRequest, ReminderSettings

from .reminder_schedule import after_quiet_hours, after_vacation, zone

HOUR = 3600.0
CHOICES = (12, 24, 48, 72)  # what the adapters offer; any whole number of hours is taken
LEAD_UP_BEFORE_S = HOUR
HORIZON_DAYS = 800  # a search for the end never runs away (a year of vacation + 30 days)


def deadline_hours(settings: Mapping[str, Any]) -> int:
    """The game's deadline in hours; 0: none."""
    value = settings.get("deadline") or 0
    return int(value) if isinstance(value, int) and not isinstance(value, bool) else 0


def away_of(settings: Mapping[str, Any], player: str | None) -> Mapping[str, Any] | None:
    """The player's auto-pass, if they set one: {"until": "era"|"back", "era": n}."""
    found = (settings.get("away") or {}).get(player or "")
    return found if isinstance(found, Mapping) else None


def away_active(settings: Mapping[str, Any], player: str | None, era: int) -> bool:
    found = away_of(settings, player)
    if found is None or settings.get("autopass") is False:
        return False
    return found.get("until") != "era" or found.get("era") == era


def _quiet_windows(start: float, settings: ReminderSettings) -> Iterator[tuple[float, float]]:
    """The player's quiet hours as UTC intervals, in order, from the day before `start`."""
    begin, end = settings.quiet_start, settings.quiet_end
    if begin is None or end is None or begin == end:
        return
    tz = zone(settings.time_zone)
    day: date = datetime.fromtimestamp(start, UTC).astimezone(tz).date() - timedelta(days=1)
    for _ in range(HORIZON_DAYS):
        opens = datetime(day.year, day.month, day.day, begin // 60, begin % 60, tzinfo=tz)
        closes_day = day if begin < end else day + timedelta(days=1)
        closes = datetime(closes_day.year, closes_day.month, closes_day.day, end // 60,
                          end % 60, tzinfo=tz)
        yield opens.timestamp(), closes.timestamp()
        day += timedelta(days=1)


def _vacation(start: float, settings: ReminderSettings) -> tuple[float, float] | None:
    until = settings.vacation_until
    if until is None or until <= start:
        return None
    since = max(start, settings.updated_at or start)
    return (since, until) if since < until else None


def deadline_at(start: float, hours: float, settings: ReminderSettings) -> float:
    """When `hours` of running time from `start` have passed, quiet hours and vacation
    left out."""
    remaining = max(0.0, float(hours)) * HOUR
    now = start
    away = _vacation(start, settings)
    windows = _quiet_windows(start, settings)
    window = next(windows, None)
    for _ in range(HORIZON_DAYS * 3):
        if away is not None and away[0] <= now < away[1]:
            now = away[1]
            continue
        while window is not None and window[1] <= now:
            window = next(windows, None)
        if window is not None and window[0] <= now:
            now = window[1]
            continue
        stops = [t for t in (window[0] if window else None,
                             away[0] if away and away[0] > now else None) if t is not None]
        running = (min(stops) - now) if stops else remaining
        if remaining <= running:
            return now + remaining
        remaining -= running
        now += running
    return now + remaining


def deadline_schedule(user_id: str, now: float, hours: int, settings: ReminderSettings,
                      *, remind: bool) -> list[ReminderRequest]:
    """The rows a hand-off commits when the game has a deadline: the deadline itself, and
    with `remind` the reminders leading up to it (half time, an hour before)."""
    due = deadline_at(now, hours, settings)
    rows = [ReminderRequest(user_id, due, "deadline", 0)]
    if remind:
        half = deadline_at(now, hours / 2, settings)
        times = [half]
        before = due - LEAD_UP_BEFORE_S
        if before > half + 60:
            times.append(before)
        for attempt, at in enumerate(times):
            moment = datetime.fromtimestamp(at, UTC)
            held = after_quiet_hours(after_vacation(moment, settings), settings).timestamp()
            if held < due:
                rows.append(ReminderRequest(user_id, held, "turn", attempt))
    return rows
