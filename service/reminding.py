"""The reminder side of `GameService`: players' settings, what is due, and claiming a
reminder at send time (where vacation and quiet hours are checked again)."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable

from locales import Phrase
from store import Reminder, ReminderSettings, StoreValueError

from .deadline_clock import deadline_hours
from .errors import BadOption, QuietHoursHalf, ServiceError
from .reminder_limits import DAY, MAX_REPEATS, MAX_VACATION_S, MAX_WAIT_S
from .reminder_schedule import (
    RETRY_S,
    follow_up,
    held_until,
    valid_zone,
    zone_named,
)
from .repository import GameRepository
from .validation import game_id as checked_game_id
from .validation import instance_of, integer, optional_moment, player_id, shown


class Reminding:
    def __init__(self, repo: GameRepository) -> None:
        # Set by the facade: True when a computer holds the reminded seat (not sent).
        self.held_by_computer: Callable[[Reminder], Awaitable[bool]] | None = None
        self.repo = repo

    async def reminder_settings(self, user_id: str,
                                game_id: int | None = None) -> ReminderSettings:
        """The settings in force for `user_id`: this game's override, else their default,
        else the built-in defaults (the result's `game_id` says which applied)."""
        player_id(user_id)
        if game_id is not None:
            checked_game_id(game_id)
        return await self.repo.store.get_reminder_settings(user_id, game_id)

    async def set_reminder_settings(self, settings: ReminderSettings) -> ReminderSettings:
        """Store a player's settings once every value is in range: a delay of 2**63 s or a
        vacation until 1e300 would otherwise be accepted here and break the game's next
        hand-off. A time zone is taken in any case ("europe/berlin"). Settings for one game
        are its players' own (a game is changed by those in it). Raises BadOption,
        UnknownGame, NotAPlayer."""
        if isinstance(settings, ReminderSettings) and isinstance(settings.time_zone, str):
            settings = dataclasses.replace(settings, time_zone=zone_named(settings.time_zone))
        self._check_reminder_settings(settings)
        if settings.game_id is not None:
            game = await self.repo.game(settings.game_id)  # UnknownGame, not a store error
            self.repo.require_member(game, settings.user_id)
        try:
            return await self.repo.store.set_reminder_settings(settings)
        except StoreValueError as err:
            raise BadOption(name="reminders", value=str(err)[:60],
                            expected=Phrase("expect.reminder_values")) from None

    def _check_reminder_settings(self, settings: ReminderSettings) -> None:
        if not isinstance(settings, ReminderSettings):
            raise BadOption(name="reminders", value=shown(settings),
                            expected=Phrase("expect.settings"))
        player_id(settings.user_id)
        if settings.game_id is not None:
            checked_game_id(settings.game_id)
        if settings.delivery not in ("channel", "dm"):
            raise BadOption(name="delivery", value=shown(settings.delivery),
                            expected="channel | dm")
        limits = Phrase("expect.reminder_range", days=MAX_WAIT_S // DAY, repeats=MAX_REPEATS,
                        vacation=MAX_VACATION_S // DAY)
        for name, value, low, high in (("delay", settings.delay_s, 0, MAX_WAIT_S),
                                       ("repeat", settings.repeat_s, 1, MAX_WAIT_S),
                                       ("max_repeats", settings.max_repeats, 0, MAX_REPEATS)):
            try:
                integer(value, name, low, high)
            except BadOption:
                raise BadOption(name=name, value=shown(value), expected=limits) from None
        if (settings.quiet_start is None) != (settings.quiet_end is None):
            raise QuietHoursHalf()
        for quiet_name, quiet in (("quiet_start", settings.quiet_start),
                                  ("quiet_end", settings.quiet_end)):
            if quiet is not None:
                integer(quiet, quiet_name, 0, 24 * 60 - 1)
        if not isinstance(settings.time_zone, str) or len(settings.time_zone) > 64 or (
                not valid_zone(settings.time_zone)):
            raise BadOption(name="time_zone", value=shown(settings.time_zone),
                            expected=Phrase("expect.time_zone"))
        until = optional_moment(settings.vacation_until, "vacation")
        if until is not None and until > self.repo.clock() + MAX_VACATION_S:
            raise BadOption(name="vacation", value=shown(until), expected=limits)

    async def set_aside_reminder(self, reminder: Reminder) -> bool:
        """Move a reminder that failed to go out `RETRY_S` later, so it no longer stands
        first in line before the healthy ones; True if it was still unsent."""
        instance_of(reminder, Reminder, "reminder")
        return await self.repo.store.defer_reminder(reminder.id, self.repo.clock() + RETRY_S)


    async def due_reminders(self, now: float | None = None) -> list[Reminder]:
        optional_moment(now, "now")
        return await self.repo.store.due_reminders(self.repo.clock() if now is None else now)

    async def claim_reminder(self, reminder: Reminder) -> bool:
        """Claim `reminder` for sending; True means "send it now", exactly once.

        `may_send_reminder` then `mark_reminder_sent` in one go: marked sent before it is
        sent (at most once, for a caller that cannot resend the same message). The Discord
        loop instead sends between the two, under its lease, with a nonce (cogs/reminders.py), so a
        process dying between the two loses nothing and doubles nothing.
        """
        return await self.may_send_reminder(reminder) and await self.mark_reminder_sent(
            reminder)

    async def may_send_reminder(self, reminder: Reminder) -> bool:
        """Whether `reminder` may go out now, by the player's settings as they are now: if
        they went on vacation or are in their quiet hours since it was planned, it moves
        to the next time it may go out (one transaction, only ever later, so a second loop
        or a retry changes nothing more) and False says "do not send"; likewise for a seat
        a computer holds now. Changes nothing when True."""
        instance_of(reminder, Reminder, "reminder")
        if self.held_by_computer is not None and await self.held_by_computer(reminder):
            return False
        if reminder.user_id is not None:
            settings = await self.repo.store.get_reminder_settings(reminder.user_id,
                                                                   reminder.game_id)
            later = held_until(reminder, self.repo.clock(), settings)
            if later is not None:
                await self.repo.store.defer_reminder(reminder.id, later)
                return False
        return True

    async def _has_deadline(self, game_id: int) -> bool:
        try:
            return bool(deadline_hours((await self.repo.game(game_id)).settings))
        except ServiceError:
            return False

    async def mark_reminder_sent(self, reminder: Reminder) -> bool:
        """Mark `reminder` sent and schedule, in the same transaction, the next repeat or
        the channel's stall notice after the limit; True only for the one caller that
        marked it (a second mark changes nothing, so repeats are never doubled)."""
        instance_of(reminder, Reminder, "reminder")
        now = self.repo.clock()
        following = None
        if reminder.user_id is not None and reminder.kind != "deadline" and not (
                await self._has_deadline(reminder.game_id)):
            # With a deadline, the reminders lead up to it and the expiries bring the stall
            # notice (service.deadlines): no repeats.
            settings = await self.repo.store.get_reminder_settings(reminder.user_id,
                                                                   reminder.game_id)
            following = follow_up(reminder, now, settings)
        return await self.repo.store.mark_reminder_sent(reminder.id, sent_at=now,
                                                        follow_up=following)
