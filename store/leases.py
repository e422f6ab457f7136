"""Leases: named rows with an owner and an expiry (migration 005).

A process does work that must happen once (DESIGN §9) only while `take_lease` says it holds
that work's lease, and renews it well before it expires; when the holder dies, its lease
runs out and another process takes it over. Each call is one statement in one
transaction, so of two owners racing for a free lease exactly one gets it, on SQLite
(the database's write lock) as on PostgreSQL (the upsert locks the row it conflicts on).

The callers pass `now`, so every process must agree on the time: leases are renewed at a
fraction of their ttl, which leaves room for clocks a little apart.
"""

from __future__ import annotations

from ._base import StoreBase
from .conn import Conn
from .errors import StoreValueError


def _check(name: str, owner: str, ttl: float) -> None:
    if not name or not owner:
        raise StoreValueError("a lease needs a name and an owner")
    if not ttl > 0:
        raise StoreValueError(f"a lease's ttl must be > 0, not {ttl!r}")


class LeasesMixin(StoreBase):
    async def take_lease(self, name: str, owner: str, now: float, ttl: float) -> bool:
        """Take the lease `name` for `owner` until `now + ttl` if it is free, expired
        (its expiry is at or before `now`) or already `owner`'s (a renewal); True then.
        False, and no change, while another owner holds it."""
        _check(name, owner, ttl)

        async def body(conn: Conn, _now: float) -> bool:
            rows = await conn.execute_fetchall(
                "INSERT INTO leases (name, owner, expires_at) VALUES (?, ?, ?) "
                "ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, "
                "expires_at = excluded.expires_at "
                "WHERE leases.owner = excluded.owner OR leases.expires_at <= ? "
                "RETURNING owner",
                (name, owner, now + ttl, now),
            )
            return bool(rows)

        return await self._write(body)

    async def release_lease(self, name: str, owner: str) -> None:
        """Give the lease up now (a clean shutdown), if `owner` holds it; else nothing."""

        async def body(conn: Conn, _now: float) -> None:
            await conn.send("DELETE FROM leases WHERE name = ? AND owner = ?", (name, owner))

        await self._write(body)

    async def lease_holder(self, name: str, now: float) -> str | None:
        """Who holds the lease `name` at `now`; None if nobody (free or expired)."""

        async def body(conn: Conn) -> str | None:
            rows = await conn.execute_fetchall(
                "SELECT owner FROM leases WHERE name = ? AND expires_at > ?", (name, now)
            )
            return str(rows[0][0]) if rows else None

        return await self._read(body)
