"""The reminder side of `GameService`: players' settings, what is due, and claiming a
reminder at send time."""

from __future__ import annotations

from store import Game, Reminder, ReminderSettings, StoreValueError

from .core import ServiceCore
from .errors import BadOption
from .reminders import follow_up, valid_zone


class RemindingMixin(ServiceCore):
    async def reminder_settings(self, user_id: str,
                                game_id: int | None = None) -> ReminderSettings:
        """The settings in force for `user_id`: this game's override, else their default,
        else the built-in defaults (the result's `game_id` says which applied)."""
        return await self.store.get_reminder_settings(user_id, game_id)

    async def set_reminder_settings(self, settings: ReminderSettings) -> ReminderSettings:
        if not valid_zone(settings.time_zone):
            raise BadOption(name="time_zone", value=settings.time_zone,
                            expected="an IANA time zone such as Europe/Berlin")
        if settings.game_id is not None:
            await self._game(settings.game_id)  # UnknownGame rather than a store error
        try:
            return await self.store.set_reminder_settings(settings)
        except StoreValueError as err:
            raise BadOption(name="reminders", value=str(err), expected="valid values") from None

    async def _schedule(self, game: Game, user_id: str) -> None:
        await self.store.set_reminders(game.id, await self._reminders_for(game, user_id))

    async def due_reminders(self, now: float | None = None) -> list[Reminder]:
        return await self.store.due_reminders(self.clock() if now is None else now)

    async def claim_reminder(self, reminder: Reminder) -> bool:
        """Mark `reminder` sent (before sending it: at most once) and schedule what follows:
        the next repeat, or the channel's stall notice after the limit."""
        now = self.clock()
        following = None
        if reminder.user_id is not None:
            settings = await self.store.get_reminder_settings(reminder.user_id, reminder.game_id)
            following = follow_up(reminder, now, settings)
        return await self.store.mark_reminder_sent(reminder.id, sent_at=now, follow_up=following)
