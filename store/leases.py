"""Leases (migration 005): which process does the work that must happen once.

A lease is one row (name, owner, expires_at). `take_lease` is one statement, so it is
atomic across processes: it takes the row when it is free or expired, or renews it for
the owner already holding it; anyone else gets False. The caller passes its clock's `now`
(the service injects the clock), so tests drive expiry without sleeping. The same SQL
runs on both backends: on PostgreSQL the upsert locks the row it conflicts on, so of
several owners racing one takes the lease there too.
"""

from __future__ import annotations

import math

from ._base import StoreBase
from .conn import Conn
from .errors import StoreValueError


def _checked(name: str, owner: str, *times: float) -> None:
    for label, value in (("name", name), ("owner", owner)):
        if not isinstance(value, str) or not value or len(value) > 200:
            raise StoreValueError(f"a lease {label} is a text of 1..200 characters")
    for moment in times:
        if isinstance(moment, bool) or not isinstance(moment, int | float) or not math.isfinite(
                moment):
            raise StoreValueError(f"a lease time must be a finite number, not {moment!r}")


class LeasesMixin(StoreBase):
    async def take_lease(self, name: str, owner: str, now: float, ttl: float) -> bool:
        """Hold lease `name` for `owner` until `now + ttl`: True when it was free, expired
        or already `owner`'s (then renewed), False while another owner holds it."""
        _checked(name, owner, now, ttl)
        if ttl <= 0:
            raise StoreValueError(f"a lease lasts a positive time, not {ttl!r}")

        async def body(conn: Conn, _: float) -> bool:
            rows = await conn.execute_fetchall(
                "INSERT INTO leases (name, owner, expires_at) VALUES (?, ?, ?) "
                "ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, "
                "expires_at = excluded.expires_at "
                "WHERE leases.owner = excluded.owner OR leases.expires_at <= ? "
                "RETURNING owner",
                (name, owner, now + ttl, now))
            return bool(list(rows))

        return await self._write(body)

    async def release_lease(self, name: str, owner: str) -> None:
        """Give lease `name` up at once (a clean shutdown), if `owner` holds it: the next
        process need not wait for it to expire."""
        _checked(name, owner)

        async def body(conn: Conn, _: float) -> None:
            await conn.send("DELETE FROM leases WHERE name = ? AND owner = ?", (name, owner))

        await self._write(body)

    async def lease_holder(self, name: str, now: float) -> str | None:
        """Who holds lease `name` at `now`; None when nobody does (free or expired)."""
        _checked(name, "-", now)

        async def body(conn: Conn) -> str | None:
            rows = list(await conn.execute_fetchall(
                "SELECT owner FROM leases WHERE name = ? AND expires_at > ?", (name, now)))
            return str(rows[0][0]) if rows else None

        return await self._read(body)
