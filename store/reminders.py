"""Reminder schedule and per-player reminder settings (the part of GameStore behind them).

`mark_reminder_sent` marks a reminder sent once: True only for the one call that marked
it, with its follow-up scheduled in the same transaction. When to call it is the
sender's choice: the service's `claim_reminder` marks before sending
(at most once); the Discord loop marks after sending, under its lease, with a nonce that
makes a repeat of the send the same message (cogs/reminders.py), so a sender that dies
between the two neither loses the ping nor doubles it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from ._base import StoreBase
from .conn import Conn, Row
from .errors import StoreValueError
from .models import Delivery, Reminder, ReminderKind, ReminderRequest, ReminderSettings

REMINDER_COLUMNS = "id, game_id, user_id, kind, due_at, attempt, created_at, sent_at"
SETTINGS_COLUMNS = (
    "user_id, game_id, delivery, delay_s, repeat_s, max_repeats, quiet_start, quiet_end, "
    "time_zone, vacation_until, updated_at"
)


def _same(conn: Conn) -> str:
    """`IS` between values that may be NULL, in the connection's dialect."""
    return "IS NOT DISTINCT FROM" if conn.dialect == "postgresql" else "IS"


def _reminder(row: Row) -> Reminder:
    return Reminder(
        id=row["id"],
        game_id=row["game_id"],
        user_id=row["user_id"],
        kind=cast(ReminderKind, row["kind"]),
        due_at=row["due_at"],
        attempt=row["attempt"],
        created_at=row["created_at"],
        sent_at=row["sent_at"],
    )


def _settings(row: Row) -> ReminderSettings:
    return ReminderSettings(
        user_id=row["user_id"],
        game_id=row["game_id"],
        delivery=cast(Delivery, row["delivery"]),
        delay_s=row["delay_s"],
        repeat_s=row["repeat_s"],
        max_repeats=row["max_repeats"],
        quiet_start=row["quiet_start"],
        quiet_end=row["quiet_end"],
        time_zone=row["time_zone"],
        vacation_until=row["vacation_until"],
        updated_at=row["updated_at"],
    )


async def replace_pending(
    conn: Conn, game_id: int, requests: Sequence[ReminderRequest], now: float
) -> None:
    """Drop the game's unsent reminders and schedule `requests` instead (inside a write).

    Sent rows stay: they are the record that a ping went out.
    """
    await conn.send("DELETE FROM reminders WHERE game_id = ? AND sent_at IS NULL", (game_id,))
    if requests:
        await conn.executemany(
            "INSERT INTO reminders (game_id, user_id, kind, due_at, attempt, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, r.user_id, r.kind, r.due_at, r.attempt, now) for r in requests],
        )


class RemindersMixin(StoreBase):
    async def set_reminders(self, game_id: int, requests: Sequence[ReminderRequest]) -> None:
        """Replace the game's pending reminders (an empty list clears them).

        Raises GameNotFoundError. Prefer the `reminders=` argument of append_action, which
        commits the schedule together with the move that caused it.
        """

        async def body(conn: Conn, now: float) -> None:
            await self._game_row(conn, game_id)
            await replace_pending(conn, game_id, requests, now)

        await self._write(body)

    async def pending_reminders(self, game_id: int) -> list[Reminder]:
        async def body(conn: Conn) -> list[Reminder]:
            rows = await conn.execute_fetchall(
                f"SELECT {REMINDER_COLUMNS} FROM reminders "
                "WHERE game_id = ? AND sent_at IS NULL ORDER BY due_at, id",
                (game_id,),
            )
            return [_reminder(r) for r in rows]

        return await self._read(body)

    async def due_reminders(self, now: float | None = None, *, limit: int = 100) -> list[Reminder]:
        """Unsent reminders due at `now` (default: the clock) of running games, oldest first."""
        at = self._clock() if now is None else now

        async def body(conn: Conn) -> list[Reminder]:
            rows = await conn.execute_fetchall(
                f"SELECT {', '.join('r.' + c for c in REMINDER_COLUMNS.split(', '))} "
                "FROM reminders AS r JOIN games AS g ON g.id = r.game_id "
                "WHERE r.sent_at IS NULL AND r.due_at <= ? AND g.status = 'running' "
                "ORDER BY r.due_at, r.id LIMIT ?",
                (at, limit),
            )
            return [_reminder(r) for r in rows]

        return await self._read(body)

    async def mark_reminder_sent(
        self,
        reminder_id: int,
        *,
        sent_at: float | None = None,
        follow_up: ReminderRequest | None = None,
    ) -> bool:
        """Claim a reminder as sent; True only for the call that claimed it.

        Idempotent: a second call (a restart, a second loop) returns False and changes
        nothing. `follow_up` (the next repeat, or a 'stalled' notice) is scheduled in the
        same transaction, and only by the claiming call, so repeats are never doubled.
        An unknown id returns False.
        """

        async def body(conn: Conn, now: float) -> bool:
            rows = list(
                await conn.execute_fetchall(
                    "UPDATE reminders SET sent_at = ? WHERE id = ? AND sent_at IS NULL "
                    "RETURNING game_id",
                    (now if sent_at is None else sent_at, reminder_id),
                )
            )
            if not rows:
                return False
            row = rows[0]
            if follow_up is not None:
                await conn.send(
                    "INSERT INTO reminders (game_id, user_id, kind, due_at, attempt, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        row[0],
                        follow_up.user_id,
                        follow_up.kind,
                        follow_up.due_at,
                        follow_up.attempt,
                        now,
                    ),
                )
            return True

        return await self._write(body)

    async def defer_reminder(self, reminder_id: int, due_at: float) -> bool:
        """Move an unsent reminder to `due_at` instead of sending it (the player is on
        vacation or in quiet hours now). Only ever later: a reminder is never brought
        forward, so repeating the call, or two loops deferring at once, leaves one row at
        the latest time asked for. True if the reminder is still unsent (and now due no
        earlier than `due_at`); False if it was sent meanwhile or does not exist."""

        async def body(conn: Conn, now: float) -> bool:
            rows = await conn.execute_fetchall(
                "UPDATE reminders SET due_at = CASE WHEN due_at < ? THEN ? ELSE due_at END "
                "WHERE id = ? AND sent_at IS NULL RETURNING id",
                (due_at, due_at, reminder_id),
            )
            return bool(list(rows))

        return await self._write(body)

    async def get_reminder_settings(
        self, user_id: str, game_id: int | None = None
    ) -> ReminderSettings:
        """The settings in force: the game's override, else the user's default, else the
        built-in defaults (`ReminderSettings(user_id)`; its game_id tells which applied)."""

        async def body(conn: Conn) -> ReminderSettings:
            rows = await conn.execute_fetchall(
                f"SELECT {SETTINGS_COLUMNS} FROM reminder_settings "
                f"WHERE user_id = ? AND (game_id IS NULL OR game_id {_same(conn)} ?) "
                "ORDER BY game_id IS NULL LIMIT 1",
                (user_id, game_id),
            )
            return _settings(next(iter(rows))) if rows else ReminderSettings(user_id)

        return await self._read(body)

    async def set_reminder_settings(self, settings: ReminderSettings) -> ReminderSettings:
        """Store settings for (user, game) or the user's default (game_id None).

        Raises GameNotFoundError for an unknown game, StoreValueError for out-of-range
        values (negative delay, quiet hours outside 0..1439 or only one end given).
        """

        async def body(conn: Conn, now: float) -> ReminderSettings:
            if settings.game_id is not None:
                await self._game_row(conn, settings.game_id)
            await conn.send(
                f"DELETE FROM reminder_settings WHERE user_id = ? AND game_id {_same(conn)} ?",
                (settings.user_id, settings.game_id),
            )
            s = settings
            try:
                await conn.execute(
                    f"INSERT INTO reminder_settings ({SETTINGS_COLUMNS}) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        s.user_id,
                        s.game_id,
                        s.delivery,
                        s.delay_s,
                        s.repeat_s,
                        s.max_repeats,
                        s.quiet_start,
                        s.quiet_end,
                        s.time_zone,
                        s.vacation_until,
                        now,
                    ),
                )
            except conn.integrity_errors as exc:
                raise StoreValueError(f"bad reminder settings: {exc}") from exc
            rows = await conn.execute_fetchall(
                f"SELECT {SETTINGS_COLUMNS} FROM reminder_settings "
                f"WHERE user_id = ? AND game_id {_same(conn)} ?",
                (s.user_id, s.game_id),
            )
            return _settings(next(iter(rows)))

        return await self._write(body)
