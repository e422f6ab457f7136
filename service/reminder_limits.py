"""The limits of reminders and deadlines, in one place: the service refuses what lies
outside them (`Reminding.save_settings`, `pace_settings`), and the adapters offer exactly
these ranges (`/remind`'s and `/game`'s options in `cogs`), so a value a command accepts
is never refused after it."""

from __future__ import annotations

HOUR = 3600
DAY = 86_400

MAX_WAIT_S = 30 * DAY  # the longest delay or repeat of a reminder
MAX_WAIT_HOURS = MAX_WAIT_S // HOUR
MAX_HOURS = MAX_WAIT_HOURS  # a turn's longest deadline: as long as a reminder may wait
MAX_REPEATS = 50  # repeats of one reminder
MAX_VACATION_S = 366 * DAY  # how far ahead a vacation may end
MAX_VACATION_DAYS = MAX_VACATION_S // DAY
