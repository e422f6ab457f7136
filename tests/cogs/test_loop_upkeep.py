"""Issue 11, items 11 and 12 in the bot's background loop: a reminder that keeps failing
is set aside instead of blocking the healthy ones behind it, and the processed interaction
ids are pruned on a schedule."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cogs.reminders import ReminderLoop
from service.reminder_schedule import RETRY_S
from store import ReminderRequest
from tests.cogs.conftest import ANN, BEN, START, Table

HOUR = 3600.0
DAY = 86_400.0


async def test_a_hundred_failing_reminders_do_not_block_a_healthy_one(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    game = await table.new_game(ANN, BEN)
    user = game.current_player
    broken = [ReminderRequest(user, START, "turn", 7)] * 100  # first in line, all failing
    await table.store.set_reminders(game.id, [*broken, ReminderRequest(user, START + HOUR)])
    loop = table.bot.reminder_loop
    real = loop.deliver

    async def deliver(reminder: Any) -> bool:
        if reminder.attempt == 7:
            raise OverflowError("a row written before the service checked ranges")
        return bool(await real(reminder))

    monkeypatch.setattr(loop, "deliver", deliver)
    table.clock.now = START + HOUR + 1
    sent = [await loop.tick(), await loop.tick()]
    assert sum(sent) == 1 and len(table.posts()) == 1
    later = await table.service.due_reminders(START + HOUR + 1 + RETRY_S)
    assert len(later) == 100  # set aside, not lost: tried again later


async def processed(table: Table) -> int:
    rows = await table.store._conn.execute_fetchall("SELECT count(*) FROM processed_interactions")
    return int(next(iter(rows))[0])


async def act(table: Table) -> None:
    await table.slash(await table.current(), "act", action=(await table.legal())[0])


async def test_maintenance_prunes_old_interaction_ids_once_an_hour(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await act(table)
    assert await processed(table) > 0
    loop = table.bot.reminder_loop
    table.clock.now = START + 2 * DAY
    assert await loop.maintain() > 0
    assert await processed(table) == 0
    await act(table)  # a new id, not yet a day old
    fresh = await processed(table)
    assert fresh > 0
    table.clock.now = START + 2 * DAY + 10  # within the hour: no second prune
    assert await loop.maintain() == 0
    table.clock.now = START + 4 * DAY
    assert await processed(table) == fresh
    assert await loop.maintain() == fresh


async def test_the_running_loop_schedules_the_prune(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await act(table)
    assert await processed(table) > 0
    table.clock.now = START + 2 * DAY
    loop = ReminderLoop(table.bot, interval=0.01)
    table.bot._ready.set()
    loop.start()
    try:
        for _ in range(300):
            if await processed(table) == 0:
                break
            await asyncio.sleep(0.01)
    finally:
        await loop.stop()
    assert await processed(table) == 0
