"""The bot's once-only work under the leases (issue 18): another process holding the
reminders or backups lease keeps this one idle until the lease expires, a reminder whose
sender died before marking it is sent again under the same nonce, and the owed posts of
another shard's guilds wait for the process that made the move."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from cogs.backups import BackupLoop
from cogs.reminders import reminder_nonce
from service.leases import BACKUPS, REMINDERS
from service.sharding import Shards, shard_of
from tests.cogs.conftest import ANN, BEN, START, Table
from tests.cogs.harness import GUILD_ID
from tests.cogs.test_turn_posts import join_guild, lose_the_next_post

HOUR = 3600.0
OTHER = "other-host/shards 1 of 2"


def reminders_sent(table: Table, before: int) -> list[Any]:
    return [s for s in table.recorder.sent[before:] if s.kind in ("message", "dm")]


async def test_the_loop_idles_while_another_process_holds_the_lease(table: Table) -> None:
    await table.new_game(ANN, BEN)
    table.clock.now = START + HOUR + 1  # the first reminder is due
    ttl = table.service.leases.ttl
    assert await table.store.take_lease(REMINDERS, OTHER, table.clock.now, ttl)
    loop = table.bot.reminder_loop
    before = len(table.recorder.sent)
    assert not await loop.iteration()
    assert reminders_sent(table, before) == []
    assert len(await table.service.due_reminders()) == 1  # left for the holder, not lost
    # The other process dies: it stops renewing, and once its lease expired this one
    # takes the work over and sends the reminder it never sent, once.
    table.clock.now += ttl
    assert await loop.iteration()
    assert len(reminders_sent(table, before)) == 1
    assert await table.store.lease_holder(REMINDERS, table.clock.now) == (
        table.service.leases.owner)
    assert await loop.iteration()
    assert len(reminders_sent(table, before)) == 1
    assert await table.service.due_reminders() == []


async def test_a_reminder_sent_by_a_holder_that_died_before_marking_it_is_sent_once_more_with_its_nonce(  # noqa: E501
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    await table.new_game(ANN, BEN)
    table.clock.now = START + HOUR + 1
    loop = table.bot.reminder_loop
    real_mark = table.service.mark_reminder_sent

    async def died(reminder: Any) -> bool:
        raise SystemExit("killed between the send and the mark")

    monkeypatch.setattr(table.service, "mark_reminder_sent", died)
    before = len(table.recorder.sent)
    with pytest.raises(SystemExit):
        await loop.tick()
    (first,) = reminders_sent(table, before)
    (due,) = await table.service.due_reminders()  # unmarked: still due, nothing lost
    monkeypatch.setattr(table.service, "mark_reminder_sent", real_mark)
    assert await loop.tick() == 1
    second = reminders_sent(table, before)[-1]
    # The same nonce, with enforce_nonce: Discord answers the repeat with the first message.
    assert first.body["nonce"] == second.body["nonce"] == reminder_nonce(due)
    assert reminder_nonce(due).startswith(f"remind-{due.id}.") and len(reminder_nonce(due)) <= 25
    assert first.body["enforce_nonce"] is True
    assert first.content == second.content
    assert await table.service.due_reminders() == []
    pending = await table.store.pending_reminders(due.game_id)
    assert [r.attempt for r in pending] == [due.attempt + 1]  # one follow-up, not two


async def test_backups_run_only_in_the_holder_of_their_lease(table: Table,
                                                             tmp_path: Path) -> None:
    lease = table.service.leases.lease(BACKUPS)
    loop = BackupLoop(table.service, tmp_path / "backups", every_s=6 * HOUR, keep=3,
                      lease=lease)
    now = table.clock.now
    assert await table.store.take_lease(BACKUPS, OTHER, now, lease.ttl)
    assert await loop.step() is None
    assert not (tmp_path / "backups").exists()
    table.clock.now += lease.ttl  # the other process died
    written = await loop.step()
    assert written is not None and written.exists()  # taking over backs up at once
    for _ in range(5):  # then renewing the lease, but no second backup before 6 h
        table.clock.now += lease.ttl / 3
        assert await loop.step() is None
    assert not await table.store.take_lease(BACKUPS, OTHER, table.clock.now, lease.ttl)
    table.clock.now += 6 * HOUR
    again = await loop.step()
    assert again is not None and again != written
    assert len(list((tmp_path / "backups").glob("*.sqlite3"))) == 2


def other_shard(table: Table) -> None:
    """This process connects the shard that does not hold GUILD_ID's events."""
    theirs = shard_of(GUILD_ID, 2)
    table.bot.settings = dataclasses.replace(table.bot.settings,
                                             shards=Shards(2, (1 - theirs,)))


async def test_an_owed_post_of_another_shards_guild_waits_for_its_process_then_is_made(
        table: Table) -> None:
    await table.new_game(ANN, BEN)
    await lose_the_next_post(table)
    other_shard(table)  # this process never sees GUILD_ID (not in its cache)
    loop = table.bot.reminder_loop
    table.recorder.clear()
    # Just moved: the process of that shard is making its live post.
    assert await loop.post_owed() == 0
    table.clock.now += 11.0  # past the grace: that process died or Discord failed it
    assert await loop.post_owed() == 1
    (post,) = table.posts()
    assert post.body["nonce"].startswith("turn-")
    assert not (await table.game()).owes_turn_post


async def test_with_every_shard_the_guild_filter_is_as_before(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await lose_the_next_post(table)
    table.bot.settings = dataclasses.replace(table.bot.settings, shards=Shards(2, (0, 1)))
    table.clock.now += 3600
    assert await table.bot.reminder_loop.post_owed() == 0  # not in the guild (yet)
    join_guild(table)
    assert await table.bot.reminder_loop.post_owed() == 1
