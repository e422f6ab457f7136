"""Leases (store/leases.py): the row that says which process does the once-only work."""

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


async def test_two_connections_racing_for_a_free_lease_give_it_to_one(db_path: Path) -> None:
    """As two processes do: each has its own connection to the one file."""
    stores = [await GameStore.open(db_path) for _ in range(4)]
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
