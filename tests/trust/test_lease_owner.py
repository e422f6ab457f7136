"""Issue 30 item 4: a lease owner is a process, not a configuration. Two processes started
with the same shard settings on one host held one owner name, so both took the reminders
lease and sent reminders and turn posts twice."""

from __future__ import annotations

from pathlib import Path

from cogs.runner import build_service
from service.leases import REMINDERS
from service.settings import Settings


async def test_two_processes_with_the_same_shards_never_both_hold_the_lease(
        db_target: Path | str) -> None:
    settings = Settings(db_path=str(db_target))
    first, first_store = await build_service(settings)
    second, second_store = await build_service(settings)
    try:
        assert first.leases.owner != second.leases.owner
        held = [await s.leases.lease(REMINDERS).hold() for s in (first, second)]
        assert held == [True, False]
        await first.leases.release_all()  # a stopped process gives it up at once
        assert await second.leases.lease(REMINDERS).hold()
    finally:
        for svc, store in ((first, first_store), (second, second_store)):
            svc.close()
            await store.close()
