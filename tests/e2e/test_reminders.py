"""Reminders of the real bot: sent once, not repeated by a restart, cancelled by a turn.

Short delays without changing the product: a player's reminder settings are rows of the
store (what `/remind` writes, but `/remind` counts in hours), so the test writes them in
seconds through the store's own API; the loop's poll interval is `REMINDER_POLL_S`
(0.2 s for every e2e bot, see botproc.py).
"""

from __future__ import annotations

import random
import time

from fake_discord import User
from table import Table

from store import GameStore, ReminderSettings

POLL = 0.2  # REMINDER_POLL_S of the e2e bot
LONG = 3600  # a repeat that never comes within a test
DELAY = 8  # seconds before the cancelled reminders would have been due


async def set_delay(table: Table, user: User, delay_s: int) -> None:
    store = await GameStore.open(table.bot.db)
    try:
        await store.set_reminder_settings(ReminderSettings(
            str(user.id), delay_s=delay_s, repeat_s=LONG, max_repeats=1))
    finally:
        await store.close()


def pending(table: Table, user: User) -> list[float]:
    return [r["due_at"] for r in table.store.reminders(table.game_id)
            if r["user_id"] == str(user.id) and r["sent_at"] is None]


async def test_reminder_once_not_repeated_by_restart_cancelled_by_a_turn(table: Table) -> None:
    fd = table.fd
    for user in table.users:
        await set_delay(table, user, 1)
    await table.open_game()
    first = table.current()

    # 1. Due one second after the start: it arrives once, in the game's thread.
    await fd.wait_for(lambda _: table.reminders_for(first), 5)
    (reminder,) = table.reminders_for(first)
    assert f"#{table.game_id}" in reminder.payload["content"]
    assert table.turn_messages()[-1].payload["id"] in reminder.payload["content"]  # the link

    # 2. A restart (SIGKILL, the worst case) does not send it again.
    await table.bot.kill()
    await table.bot.start()
    await fd.sleep_until_idle(5 * POLL)
    assert len(table.reminders_for(first)) == 1
    assert pending(table, first), "the follow-up repeat should be scheduled"

    # 3. A completed turn cancels what was pending for the player who moved, and the next
    #    player's reminder is cancelled too when they move before it is due.
    rng = random.Random(21)
    for user in table.users:
        # Long enough that the next player's turn (several decisions, each rendered) ends
        # well before it, even on a loaded CI machine.
        await set_delay(table, user, DELAY)
    await table.play_until_turn_passes(rng)
    second = table.current()
    assert pending(table, first) == [] and len(pending(table, second)) == 1
    handed_over = time.time()
    await table.play_until_turn_passes(rng)
    assert time.time() - handed_over < DELAY, "too slow to beat the delay"
    assert pending(table, second) == []
    await fd.sleep_until_idle(max(0.0, handed_over + DELAY + 5 * POLL - time.time()))
    assert table.reminders_for(second) == [] or second == first
    assert len(table.reminders_for(first)) == 1


async def test_overdue_reminder_after_downtime_is_sent_once(table: Table) -> None:
    fd = table.fd
    for user in table.users:
        await set_delay(table, user, 2)
    await table.open_game()
    player = table.current()
    # Down before it is due, back after: the overdue reminder goes out once...
    await table.bot.stop()
    due = pending(table, player)[0]
    await fd.sleep_until_idle(max(0.0, due - time.time() + 0.1))
    await table.bot.start()
    await fd.wait_for(lambda _: table.reminders_for(player), 5)
    # ...and a second restart right after does not repeat it.
    await table.bot.restart()
    await fd.sleep_until_idle(5 * POLL)
    assert len(table.reminders_for(player)) == 1
    # The game goes on; the reminder's own follow-up is cancelled by the move.
    await table.play_until_turn_passes(random.Random(22))
    assert pending(table, player) == [] or table.current() == player
