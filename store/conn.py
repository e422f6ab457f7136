"""What the repository code sees of a database: one `Conn` per transaction, from a `Backend`.

The mixins of `GameStore` write their SQL once, with `?` placeholders, against this small
surface; `store.sqlite` runs it on aiosqlite, `store.postgres` on psycopg (which takes
`%s`: the PostgreSQL connection translates). Where the two dialects must differ (a JSON
list, `IS` between nullable values) the caller asks `conn.dialect`.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Literal, Protocol, TypeVar

T = TypeVar("T")
Dialect = Literal["sqlite", "postgresql"]


class Row(Protocol):
    """A result row: by position and by column name (sqlite3.Row and `postgres.PgRow`)."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...


class Pending(Protocol):
    """The row count of a statement sent ahead (`Conn.send_counted`)."""

    async def count(self) -> int:
        """The rows it changed; waits for the server only if its result has not come yet."""
        ...


class Conn(Protocol):
    """One open transaction (or a read) of a backend."""

    dialect: Dialect
    # Appended to the SELECT of a game's row inside a write: PostgreSQL's " FOR UPDATE"
    # serialises writers of one game, as SQLite's database-wide write lock does already.
    lock_rows: str
    # What a violated constraint raises on this backend (caught where one is expected).
    integrity_errors: tuple[type[Exception], ...]

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def send(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Run one statement whose outcome the caller does not look at. PostgreSQL queues
        it (pipeline mode) and sends it with the next statement whose result is needed, so
        a turn is two round trips instead of nine; an error it raises surfaces there or
        at COMMIT, still inside the transaction, which then rolls back whole."""
        ...

    async def send_counted(self, sql: str, params: Sequence[Any] = ()) -> Pending:
        """`send`, keeping the statement's row count for later: PostgreSQL's result comes
        back with that of the next statement whose rows are needed, in the same round trip
        (a turn's interaction claim travels with the game's locking SELECT)."""
        ...

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        ...

    async def executemany(self, sql: str, params: Iterable[Sequence[Any]]) -> None: ...


class Backend(Protocol):
    """A database: transactions, maintenance, closing. `path` names it in messages."""

    path: str
    dialect: Dialect

    async def write(self, body: Callable[[Conn], Awaitable[T]]) -> T:
        """`body` as one write transaction: committed as a whole, or rolled back."""
        ...

    async def read(self, body: Callable[[Conn], Awaitable[T]]) -> T:
        """`body` seeing one consistent state of committed transactions."""
        ...

    async def integrity_check(self) -> Any: ...

    async def backup(self, dest: str | os.PathLike[str]) -> Path: ...

    async def tidy(self, *, vacuum: bool) -> None:
        """Refresh the planner's statistics; with `vacuum`, also give freed space back."""
        ...

    async def close(self) -> None: ...


POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:///"


def dialect_of(target: str) -> tuple[Dialect, str]:
    """Which backend `target` ($AUTOBAHN_DB) names, and its address for that backend:
    a `postgresql://` URL, else a SQLite path (`sqlite:///` stripped off)."""
    if target.startswith(POSTGRES_SCHEMES):
        return "postgresql", target
    if target.startswith(SQLITE_SCHEME):
        return "sqlite", target[len(SQLITE_SCHEME):]
    return "sqlite", target
