"""`/remind` and `/game new`/`settings` offer exactly the ranges the service accepts
(service.reminder_limits): a value a command lets through is never refused after it."""

from __future__ import annotations

from typing import Any

from cogs.games import Games
from cogs.reminders import Reminders
from service.reminder_limits import MAX_HOURS, MAX_REPEATS, MAX_VACATION_DAYS, MAX_WAIT_HOURS


def _ranges(command: Any) -> dict[str, tuple[Any, Any]]:
    return {p.name: (p.min_value, p.max_value) for p in command.parameters
            if p.max_value is not None}


def test_the_remind_command_offers_the_service_limits() -> None:
    ranges = _ranges(Reminders.remind)
    assert ranges["delay_hours"] == (0, MAX_WAIT_HOURS)
    assert ranges["repeat_hours"] == (1, MAX_WAIT_HOURS)
    assert ranges["max_repeats"] == (0, MAX_REPEATS)
    assert ranges["vacation_days"] == (0, MAX_VACATION_DAYS)


def test_a_deadline_is_offered_up_to_the_service_limit() -> None:
    assert _ranges(Games.new)["deadline"] == (0, MAX_HOURS)
    assert _ranges(Games.settings)["deadline"] == (0, MAX_HOURS)
