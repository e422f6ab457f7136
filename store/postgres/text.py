"""Text and rows between psycopg and the store: NUL-safe strings, rows by name or position.

PostgreSQL's text cannot hold U+0000, which SQLite stores and the store promises to keep
verbatim (a notation or a name is whatever a player typed). Strings holding it are stored
escaped instead: a noncharacter (U+FDD0, never in text players send, but escaped too if a
string starts with it, so the mapping stays reversible) marks them, and in the rest `\\0`
stands for NUL and `\\\\` for a backslash. Every other string is stored as it is, so the
database stays readable to `psql` and `pg_dump`; equal strings stay equal when escaped, so
lookups by id or name still match. psycopg applies this to every str parameter and every
text value read, through the dumper and loader registered on each connection.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

from psycopg import AsyncConnection
from psycopg.pq import Format
from psycopg.types.string import StrDumperUnknown, TextLoader

MARK = "\ufdd0"
_ESCAPED = re.compile(r"\\(.)", re.S)


def escape(text: str) -> str:
    if "\x00" not in text and not text.startswith(MARK):
        return text
    return MARK + text.replace("\\", "\\\\").replace("\x00", "\\0")


def unescape(stored: str) -> str:
    if not stored.startswith(MARK):
        return stored
    return _ESCAPED.sub(lambda m: "\x00" if m[1] == "0" else m[1], stored[1:])


class NulSafeDumper(StrDumperUnknown):
    """psycopg's default str dumper (the 'unknown' type, so the server infers it), escaping."""

    def dump(self, obj: str) -> bytes:
        # A lone surrogate raises UnicodeEncodeError here, which the backend refuses as
        # a StoreValueError, as SQLite's does.
        return escape(obj).encode("utf-8")


class NulSafeLoader(TextLoader):
    format = Format.TEXT

    def load(self, data: Any) -> str:
        return unescape(bytes(data).decode("utf-8"))


def register(conn: AsyncConnection[Any]) -> None:
    conn.adapters.register_dumper(str, NulSafeDumper)
    for name in ("text", "varchar"):
        conn.adapters.register_loader(name, NulSafeLoader)


class PgRow:
    """A row by position and by column name, like sqlite3.Row."""

    __slots__ = ("_index", "_values")

    def __init__(self, values: Sequence[Any], index: dict[str, int]) -> None:
        self._values = values
        self._index = index

    def __getitem__(self, key: int | str, /) -> Any:
        if isinstance(key, str):
            return self._values[self._index[key]]
        return self._values[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"PgRow({tuple(self._values)!r})"


_QUOTED = re.compile(r"('(?:[^']|'')*')")


@lru_cache(maxsize=512)
def placeholders(sql: str) -> bytes:
    """The store's `?` placeholders as psycopg's `%s` (a literal `%` doubled); quoted
    strings keep their `?`. Bytes: the query psycopg takes when it is built at run time."""
    parts = _QUOTED.split(sql.replace("%", "%%"))
    return "".join(p if i % 2 else p.replace("?", "%s") for i, p in enumerate(parts)).encode()
