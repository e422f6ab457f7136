"""Leases: the work that must happen once however many bot processes run (DESIGN §9).

The reminder loop (with the owed turn posts and the computer players' catch-up) and the
backups run only in the process that holds their lease: a row in the store with an owner
and an expiry (store/leases.py; both backends implement the same three methods). The
holder renews it well before it expires, on every iteration of its loop; a process that
dies stops renewing, and once the row expired the next process's loop takes it over and
does the work, including whatever the dead one had left half done (a reminder it was
about to send is still unsent, an owed post still owed: see cogs/reminders.py).

The clock is the service's injected clock, so tests move time instead of sleeping. A
process's owner name is unique per start (host, pid and a random part), so a restarted
process never mistakes its predecessor's row for its own.
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
from typing import Protocol

from .errors import BadOption
from .repository import Clock
from .validation import seconds

log = logging.getLogger("autobahn.service.leases")

DEFAULT_TTL_S = 60.0
REMINDERS = "reminders"  # the reminder loop: reminders, owed posts, computers, pruning
BACKUPS = "backups"


class LeaseStore(Protocol):
    """What a lease needs of the store (GameStore on SQLite and on PostgreSQL)."""

    async def take_lease(self, name: str, owner: str, now: float, ttl: float) -> bool: ...
    async def release_lease(self, name: str, owner: str) -> None: ...
    async def lease_holder(self, name: str, now: float) -> str | None: ...


def process_owner() -> str:
    """A name for this process that no other process, nor a later start of this one, has."""
    return f"{socket.gethostname()[:60]}:{os.getpid()}:{secrets.token_hex(4)}"


class Lease:
    """One named lease this process wants: `hold()` before each piece of the work."""

    def __init__(self, store: LeaseStore, name: str, owner: str, clock: Clock,
                 ttl: float) -> None:
        self.store = store
        self.name = name
        self.owner = owner
        self.clock = clock
        self.ttl = ttl
        self._until = 0.0  # when our hold ends, as far as we know; 0: not held

    @property
    def held(self) -> bool:
        """Held at this moment, by what the last take or renewal said (no store read)."""
        return self.clock() < self._until

    async def hold(self) -> bool:
        """Take the lease, or renew it once a third of its time has passed; True while
        this process holds it. A store failure counts as not holding it: the work waits
        rather than risk running twice."""
        now = self.clock()
        if now < self._until - self.ttl * 2 / 3:
            return True
        was_held = self.held
        try:
            taken = await self.store.take_lease(self.name, self.owner, now, self.ttl)
        except Exception:
            log.exception("could not take or renew the %s lease", self.name)
            taken = False
        self._until = now + self.ttl if taken else 0.0
        if taken != was_held:
            log.info("%s the %s lease (%s)", "took" if taken else "do not hold", self.name,
                     self.owner)
        return taken

    async def release(self) -> None:
        """Give it up now (a clean stop): the next process need not wait for the expiry."""
        if self._until:
            self._until = 0.0
            await self.store.release_lease(self.name, self.owner)

    async def holder(self) -> str | None:
        return await self.store.lease_holder(self.name, self.clock())


class Leases:
    """The service part: this process's leases, by name, all under one owner."""

    def __init__(self, store: LeaseStore, clock: Clock, owner: str | None = None,
                 ttl: float = DEFAULT_TTL_S) -> None:
        self.store = store
        self.clock = clock
        self.owner = owner or process_owner()
        self.ttl = seconds(ttl, "lease")
        if self.ttl <= 0:
            raise BadOption(name="lease", value=str(ttl)[:30], expected="> 0")
        self._leases: dict[str, Lease] = {}

    def lease(self, name: str) -> Lease:
        found = self._leases.get(name)
        if found is None:
            found = self._leases[name] = Lease(self.store, name, self.owner, self.clock,
                                               self.ttl)
        return found

    async def release_all(self) -> None:
        for lease in self._leases.values():
            try:
                await lease.release()
            except Exception:  # shutting down: the lease then just expires
                log.exception("could not release the %s lease", lease.name)
