"""Leases (migration 005): one holder at a time, renewal, release and takeover on expiry."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from store import GameStore, StoreValueError


async def test_a_free_lease_is_taken_and_others_are_refused_until_it_expires(
    store: GameStore,
) -> None:
    assert await store.lease_holder("reminders", now=100.0) is None
    assert await store.take_lease("reminders", "bot-a", now=100.0, ttl=30.0) is True
    assert await store.lease_holder("reminders", now=100.0) == "bot-a"
    assert await store.take_lease("reminders", "bot-b", now=110.0, ttl=30.0) is False
    assert await store.lease_holder("reminders", now=129.9) == "bot-a"
    # The holder renews: its expiry moves to now + ttl.
    assert await store.take_lease("reminders", "bot-a", now=125.0, ttl=30.0) is True
    assert await store.take_lease("reminders", "bot-b", now=150.0, ttl=30.0) is False
    assert await store.lease_holder("reminders", now=155.0) is None  # expired at 155
    # bot-a died: once its lease has run out, bot-b takes it over.
    assert await store.take_lease("reminders", "bot-b", now=155.0, ttl=30.0) is True
    assert await store.lease_holder("reminders", now=156.0) == "bot-b"
    assert await store.take_lease("reminders", "bot-a", now=157.0, ttl=30.0) is False


async def test_release_frees_the_lease_only_for_its_holder(store: GameStore) -> None:
    assert await store.take_lease("posts", "bot-a", now=0.0, ttl=60.0)
    await store.release_lease("posts", "bot-b")  # not the holder: nothing happens
    assert await store.lease_holder("posts", now=1.0) == "bot-a"
    await store.release_lease("posts", "bot-a")
    assert await store.lease_holder("posts", now=1.0) is None
    assert await store.take_lease("posts", "bot-b", now=1.0, ttl=60.0)
    await store.release_lease("never-taken", "bot-a")  # a no-op, not an error


async def test_leases_are_independent_by_name(store: GameStore) -> None:
    assert await store.take_lease("shard-0", "bot-a", now=0.0, ttl=10.0)
    assert await store.take_lease("shard-1", "bot-b", now=0.0, ttl=10.0)
    assert await store.lease_holder("shard-0", now=5.0) == "bot-a"
    assert await store.lease_holder("shard-1", now=5.0) == "bot-b"


async def test_bad_lease_arguments_are_refused(store: GameStore) -> None:
    for name, owner, ttl in (("", "a", 1.0), ("n", "", 1.0), ("n", "a", 0.0), ("n", "a", -1.0)):
        with pytest.raises(StoreValueError):
            await store.take_lease(name, owner, now=0.0, ttl=ttl)
    assert await store.lease_holder("n", now=0.0) is None


async def test_of_two_owners_racing_exactly_one_takes_the_lease(
    store: GameStore, db_target: Path | str
) -> None:
    # Two stores, two connections (as if two processes), racing for 20 fresh leases and
    # then for each lease again once it expired.
    other = await GameStore.open(db_target)
    try:
        for round_ in range(20):
            name, now = f"race-{round_}", float(round_)
            won = await asyncio.gather(
                store.take_lease(name, "bot-a", now=now, ttl=5.0),
                other.take_lease(name, "bot-b", now=now, ttl=5.0),
            )
            assert sorted(won) == [False, True]
            winner = "bot-a" if won[0] else "bot-b"
            assert await other.lease_holder(name, now=now) == winner
            later = now + 5.0  # expired: both race again, and again one wins
            again = await asyncio.gather(
                store.take_lease(name, "bot-a", now=later, ttl=5.0),
                other.take_lease(name, "bot-b", now=later, ttl=5.0),
            )
            assert sorted(again) == [False, True]
    finally:
        await other.close()
