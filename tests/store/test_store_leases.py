"""Leases (store/leases.py): the row that says which process does the once-only work, on
both backends: take, renew, release, expiry takeover, owners racing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from store import GameStore, StoreValueError


async def test_a_free_lease_goes_to_the_first_owner_only(store: GameStore) -> None:
    assert await store.take_lease("reminders", "a", now=100.0, ttl=30.0)
    assert not await store.take_lease("reminders", "b", now=101.0, ttl=30.0)
    assert await store.lease_holder("reminders", now=101.0) == "a"


async def test_the_holder_renews_and_keeps_it(store: GameStore) -> None:
    assert await store.take_lease("reminders", "a", now=100.0, ttl=30.0)
    assert await store.take_lease("reminders", "a", now=125.0, ttl=30.0)  # renewed to 155
    # Past the first expiry (130) but before the renewed one: still a's.
    assert not await store.take_lease("reminders", "b", now=140.0, ttl=30.0)
    assert await store.lease_holder("reminders", now=154.9) == "a"


async def test_an_expired_lease_is_taken_over(store: GameStore) -> None:
    assert await store.take_lease("reminders", "a", now=100.0, ttl=30.0)
    assert await store.lease_holder("reminders", now=130.0) is None  # expires_at is exclusive
    assert await store.take_lease("reminders", "b", now=130.0, ttl=30.0)
    assert await store.lease_holder("reminders", now=131.0) == "b"
    # The old holder waking up late does not get it back while b holds it.
    assert not await store.take_lease("reminders", "a", now=131.0, ttl=30.0)


async def test_leases_are_independent_by_name(store: GameStore) -> None:
    assert await store.take_lease("reminders", "a", now=0.0, ttl=10.0)
    assert await store.take_lease("backups", "b", now=0.0, ttl=10.0)
    assert await store.lease_holder("reminders", now=1.0) == "a"
    assert await store.lease_holder("backups", now=1.0) == "b"


async def test_release_frees_it_for_the_next_at_once_but_only_by_its_holder(
        store: GameStore) -> None:
    assert await store.take_lease("reminders", "a", now=0.0, ttl=60.0)
    await store.release_lease("reminders", "b")  # not b's: nothing changes
    assert await store.lease_holder("reminders", now=1.0) == "a"
    await store.release_lease("reminders", "a")
    assert await store.lease_holder("reminders", now=1.0) is None
    assert await store.take_lease("reminders", "b", now=1.0, ttl=60.0)


@pytest.mark.parametrize("bad", [
    ("", "a", 0.0, 1.0), ("x", "", 0.0, 1.0), ("x", "a", float("nan"), 1.0),
    ("x", "a", 0.0, 0.0), ("x", "a", 0.0, -5.0), ("x", "a", 0.0, float("inf")),
    ("x" * 201, "a", 0.0, 1.0),
])
async def test_bad_lease_arguments_are_refused_and_change_nothing(
        store: GameStore, bad: tuple[str, str, float, float]) -> None:
    with pytest.raises(StoreValueError):
        await store.take_lease(*bad)
    assert await store.lease_holder("x", now=0.5) is None


async def test_two_connections_racing_for_a_free_lease_give_it_to_one(
        db_target: Path | str) -> None:
    """As two processes do: each has its own connection to the one database."""
    stores = [await GameStore.open(db_target) for _ in range(4)]
    try:
        for round_ in range(5):
            now = 1000.0 * (round_ + 1)  # each round the previous lease has expired
            won = await asyncio.gather(*(s.take_lease("reminders", f"p{i}", now, 30.0)
                                         for i, s in enumerate(stores)))
            assert sum(won) == 1
            holder = await stores[0].lease_holder("reminders", now)
            assert holder == f"p{won.index(True)}"
    finally:
        for s in stores:
            await s.close()


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
