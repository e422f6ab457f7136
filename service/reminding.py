"""The reminder side of `GameService`: players' settings, what is due, and claiming a
reminder at send time (where vacation and quiet hours are checked again)."""

from __future__ import annotations

from locales import Phrase
from store import Game, Reminder, ReminderSettings, StoreValueError

from .core import ServiceCore
from .errors import BadOption
from .reminders import follow_up, held_until, valid_zone


class RemindingMixin(ServiceCore):
    async def reminder_settings(self, user_id: str,
                                game_id: int | None = None) -> ReminderSettings:
        """The settings in force for `user_id`: this game's override, else their default,
        else the built-in defaults (the result's `game_id` says which applied)."""
        return await self.store.get_reminder_settings(user_id, game_id)

    async def set_reminder_settings(self, settings: ReminderSettings) -> ReminderSettings:
        if not valid_zone(settings.time_zone):
            raise BadOption(name="time_zone", value=settings.time_zone,
                            expected=Phrase("expect.time_zone"))
        if settings.game_id is not None:
            await self._game(settings.game_id)  # UnknownGame rather than a store error
        try:
            return await self.store.set_reminder_settings(settings)
        except StoreValueError as err:
            raise BadOption(name="reminders", value=str(err)[:60],
                            expected=Phrase("expect.reminder_values")) from None

    async def _schedule(self, game: Game, user_id: str) -> None:
        await self.store.set_reminders(game.id, await self._reminders_for(game, user_id))

    async def due_reminders(self, now: float | None = None) -> list[Reminder]:
        return await self.store.due_reminders(self.clock() if now is None else now)

    async def claim_reminder(self, reminder: Reminder) -> bool:
        """Claim `reminder` for sending; True means "send it now", exactly once.

        First the player's settings as they are now: if they went on vacation or are in
        their quiet hours since the reminder was planned, it moves to the next time it may
        go out (one transaction, only ever later, so a second loop or a retry changes
        nothing more) and False says "do not send". Otherwise it is marked sent before it
        is sent (at most once), and the next repeat, or the channel's stall notice after
        the limit, is scheduled in the same transaction.
        """
        now = self.clock()
        following = None
        if reminder.user_id is not None:
            settings = await self.store.get_reminder_settings(reminder.user_id, reminder.game_id)
            later = held_until(reminder, now, settings)
            if later is not None:
                await self.store.defer_reminder(reminder.id, later)
                return False
            following = follow_up(reminder, now, settings)
        return await self.store.mark_reminder_sent(reminder.id, sent_at=now, follow_up=following)
