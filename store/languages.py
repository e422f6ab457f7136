"""Each user's language as last seen (migration 010): the reader's language of a message
sent outside any command (a reminder by direct message)."""

from __future__ import annotations

from ._base import StoreBase
from .conn import Conn
from .errors import StoreValueError


def _checked(user_id: str, language: str | None = None) -> None:
    if not isinstance(user_id, str) or not 0 < len(user_id) <= 100:
        raise StoreValueError("a user id is a text of 1..100 characters")
    if language is not None and (not isinstance(language, str) or not 0 < len(language) <= 10):
        raise StoreValueError("a language is a code of 1..10 characters")


class LanguagesMixin(StoreBase):
    async def set_user_language(self, user_id: str, language: str) -> None:
        """Remember `user_id`'s language as seen now (the latest wins)."""
        _checked(user_id, language)

        async def body(conn: Conn, now: float) -> None:
            await conn.execute(
                "INSERT INTO user_languages (user_id, language, seen_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, "
                "seen_at = excluded.seen_at", (user_id, language, now))

        await self._write(body)

    async def user_language(self, user_id: str) -> str | None:
        """`user_id`'s language as last seen; None if never seen."""
        _checked(user_id)

        async def body(conn: Conn) -> str | None:
            rows = await conn.execute_fetchall(
                "SELECT language FROM user_languages WHERE user_id = ?", (user_id,))
            found = list(rows)
            return str(found[0][0]) if found else None

        return await self._read(body)
