"""Secrets the bot makes for itself (migration 008): one random value per name, created
by the first process that asks and then the same for every process on the database."""

from __future__ import annotations

import secrets as random_secrets

from ._base import StoreBase
from .conn import Conn
from .errors import StoreValueError


class SecretsMixin(StoreBase):
    async def secret(self, name: str) -> str:
        """The secret called `name` (64 hex digits), made now if there is none yet. Of
        two processes making it at once, both get the one that was stored first."""
        if not isinstance(name, str) or not 0 < len(name) <= 100:
            raise StoreValueError("a secret's name is a text of 1..100 characters")
        fresh = random_secrets.token_hex(32)

        async def body(conn: Conn, now: float) -> str:
            await conn.execute(
                "INSERT INTO secrets (name, value, created_at) VALUES (?, ?, ?) "
                "ON CONFLICT (name) DO NOTHING", (name, fresh, now))
            rows = await conn.execute_fetchall(
                "SELECT value FROM secrets WHERE name = ?", (name,))
            return str(next(iter(rows))[0])

        return await self._write(body)
