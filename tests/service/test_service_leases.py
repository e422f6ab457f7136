"""Several processes over one database (issue 18): leases for the once-only work, the
reminder hand-over when a holder dies, and no process serving a stale cached state."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from service_testutil import PLAYERS, SEED, FixedClock, fake_png
from test_service_computer import fast_service

import rules
from service import CONSOLE, GameService
from service.errors import BadOption, StaleVersion
from service.leases import REMINDERS, Lease, Leases
from store import GameStore


class CountingStore:
    """A lease store that counts the calls reaching the database, and can fail."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.takes = 0
        self.fail = False

    async def take_lease(self, name: str, owner: str, now: float, ttl: float) -> bool:
        self.takes += 1
        if self.fail:
            raise OSError("the database went away")
        return await self.store.take_lease(name, owner, now, ttl)

    async def release_lease(self, name: str, owner: str) -> None:
        await self.store.release_lease(name, owner)

    async def lease_holder(self, name: str, now: float) -> str | None:
        return await self.store.lease_holder(name, now)


@pytest.fixture
async def two(tmp_path: Path, clock: FixedClock) -> AsyncIterator[tuple[GameService, ...]]:
    """Two processes' services: each its own connection to one file, one clock."""
    path = tmp_path / "shared.sqlite3"
    stores = [await GameStore.open(path), await GameStore.open(path)]
    services = tuple(GameService(s, clock=clock, renderer=fake_png, lease_owner=f"p{i}",
                                 lease_ttl_s=30.0) for i, s in enumerate(stores))
    try:
        yield services
    finally:
        for svc, store in zip(services, stores, strict=True):
            svc.close()
            await store.close()


async def test_one_of_two_processes_holds_the_lease(two: tuple[GameService, ...]) -> None:
    a, b = (svc.leases.lease(REMINDERS) for svc in two)
    assert await a.hold() and a.held
    assert not await b.hold() and not b.held
    assert await b.holder() == "p0"


async def test_the_holder_renews_and_keeps_it_while_alive(two: tuple[GameService, ...],
                                                          clock: FixedClock) -> None:
    a, b = (svc.leases.lease(REMINDERS) for svc in two)
    assert await a.hold()
    for _ in range(10):  # 10 x 20 s = well past one ttl of 30 s: renewed each time
        clock.now += 20.0
        assert await a.hold()
        assert not await b.hold()


async def test_a_dead_holder_is_taken_over_after_the_ttl(two: tuple[GameService, ...],
                                                         clock: FixedClock) -> None:
    a, b = (svc.leases.lease(REMINDERS) for svc in two)
    assert await a.hold()
    clock.now += 29.0  # a stops renewing (it died); not expired yet
    assert not await b.hold()
    clock.now += 1.0
    assert await b.hold()
    assert not a.held  # a's own view lapsed with the ttl, without asking the store
    assert not await a.hold()  # a woken up late does not get it back
    assert await a.holder() == "p1"


async def test_a_clean_stop_hands_it_over_at_once(two: tuple[GameService, ...]) -> None:
    a_service, b_service = two
    assert await a_service.leases.lease(REMINDERS).hold()
    await a_service.leases.release_all()
    assert await b_service.leases.lease(REMINDERS).hold()


async def test_renewal_reaches_the_store_only_after_a_third_of_the_ttl(
        store: GameStore, clock: FixedClock) -> None:
    counting = CountingStore(store)
    lease = Lease(counting, REMINDERS, "me", clock, 30.0)
    assert await lease.hold()
    clock.now += 9.0
    assert await lease.hold() and counting.takes == 1
    clock.now += 2.0  # 11 s: past a third
    assert await lease.hold() and counting.takes == 2


async def test_a_store_failure_counts_as_not_holding_it(store: GameStore,
                                                        clock: FixedClock) -> None:
    counting = CountingStore(store)
    lease = Lease(counting, REMINDERS, "me", clock, 30.0)
    assert await lease.hold()
    counting.fail = True
    clock.now += 15.0
    assert not await lease.hold() and not lease.held
    counting.fail = False
    assert await lease.hold()  # still ours in the store: renewed


def test_a_lease_time_must_be_positive(store: GameStore, clock: FixedClock) -> None:
    for bad in (0.0, -1.0, float("nan")):
        with pytest.raises(BadOption):
            Leases(store, clock, "me", bad)


async def test_a_reminder_left_unsent_by_a_dead_holder_is_sent_by_the_next(
        two: tuple[GameService, ...], clock: FixedClock) -> None:
    """`may_send_reminder` changes nothing: a holder dying before the mark leaves the
    reminder due, and the next holder sends it; the second mark changes nothing."""
    a, b = two
    game = await a.create_game(CONSOLE, PLAYERS[0], "Ann", seats=3, seed=SEED)
    for pid in PLAYERS[1:]:
        await a.join(game.id, pid, pid.title())
    await a.start(game.id, PLAYERS[0])
    clock.now += 10**6
    (due,) = await a.due_reminders()
    assert await a.may_send_reminder(due)  # ... and a dies before marking it
    (again,) = await b.due_reminders()
    assert again.id == due.id
    assert await b.may_send_reminder(again) and await b.mark_reminder_sent(again)
    assert not await a.mark_reminder_sent(due)  # a late mark of the dead one: nothing
    pending = await b.store.pending_reminders(game.id)
    assert [(r.attempt, r.sent_at) for r in pending] == [(due.attempt + 1, None)]


async def test_a_cached_state_is_never_served_after_another_process_moved(
        two: tuple[GameService, ...]) -> None:
    a, b = two
    game = await a.create_game(CONSOLE, PLAYERS[0], "Ann", seats=3, seed=SEED)
    for pid in PLAYERS[1:]:
        await a.join(game.id, pid, pid.title())
    await a.start(game.id, PLAYERS[0])
    seen = await a.legal(game.id)  # a has the state cached at this version
    assert a._states[game.id][0] == seen.version
    player = await b.deciding(game.id)
    moved = await b.act(game.id, player, seen.actions[0], expected_version=seen.version)
    # a's cache is keyed by the version, which a reads from the database on every call.
    now = await a.legal(game.id)
    assert now.version == moved.version != seen.version
    snapshot = await b.store.read_snapshot(game.id)
    assert snapshot is not None
    assert (await a.state_at(game.id)).to_json() == rules.State.from_json(
        snapshot.state_json).to_json()
    assert a._states[game.id][0] == moved.version
    # A button of the old version, pressed in a, is refused: never applied to a stale state.
    with pytest.raises(StaleVersion):
        await a.act(game.id, player, seen.actions[0], expected_version=seen.version)
    log = await a.store.read_log(game.id)
    assert [x.seq for x in log] == list(range(1, len(log) + 1))
    assert (log[-1].player_id, log[-1].notation) == (player, seen.actions[0])


async def test_the_lease_holders_catch_up_leaves_fresh_computer_decisions_alone(
        tmp_path: Path, clock: FixedClock) -> None:
    store = await GameStore.open(tmp_path / "cpu.sqlite3", clock=clock)  # updated_at
    svc = fast_service(store, clock)
    try:
        game = await svc.create_game(CONSOLE, "ann", "Ann", seats=2, seed=SEED, bots=1,
                                     bot_level="easy")
        await svc.start(game.id, "ann")
        svc.stop_computers()  # the process that started it died before the computer moved
        await svc.computers_idle()
        while await svc.deciding(game.id) != "cpu1":  # ann plays until the computer owes
            legal = await svc.legal(game.id, "ann")
            await svc.act(game.id, "ann", legal.actions[0], expected_version=legal.version)
            svc.stop_computers()
            await svc.computers_idle()
        # Just changed: another process may be thinking about it; not taken over yet.
        assert await svc.resume_computers(idle_s=30.0) == 0
        clock.now += 31.0
        assert await svc.resume_computers(idle_s=30.0) == 1
        await svc.computers_idle()
        assert await svc.deciding(game.id) == "ann"
    finally:
        svc.close()
        await store.close()
