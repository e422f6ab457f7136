"""Typed errors of the store.

Like `RuleError`, every error carries a stable `code` and its parameters as attributes, so
the service can tell a player what happened in their own language instead of showing an
English sentence from here. The `str()` of an error is for logs only.
"""

from __future__ import annotations


class StoreError(Exception):
    """Base of every error the store raises on purpose."""

    code = "store_error"


class SchemaTooNewError(StoreError):
    """The database was written by a newer version of the bot; we refuse to touch it."""

    code = "schema_too_new"

    def __init__(self, path: str, found: int, supported: int) -> None:
        self.path = path
        self.found = found
        self.supported = supported
        super().__init__(
            f"{path}: database schema version {found} is newer than this program supports "
            f"({supported}). It was written by a newer version of the bot; run that version "
            f"(or newer) instead. The file was not modified."
        )


class MigrationError(StoreError):
    """A migration failed; its transaction was rolled back and the schema is unchanged."""

    code = "migration_failed"

    def __init__(self, version: int, name: str, reason: str) -> None:
        self.version = version
        self.name = name
        self.reason = reason
        super().__init__(f"migration {version:03d} ({name}) failed and was rolled back: {reason}")


class StoreBusyError(StoreError):
    """Another process held the write lock for longer than the busy timeout."""

    code = "store_busy"


class GameNotFoundError(StoreError):
    code = "game_not_found"

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(f"game {game_id} does not exist")


class StaleVersionError(StoreError):
    """The game changed since the caller read it (another move, an undo, a join...)."""

    code = "stale_version"

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        self.game_id = game_id
        self.expected = expected
        self.actual = actual
        super().__init__(f"game {game_id} is at version {actual}, not {expected}")


class DuplicateInteractionError(StoreError):
    """This interaction id was already processed; nothing was changed this time."""

    code = "duplicate_interaction"

    def __init__(self, interaction_id: str) -> None:
        self.interaction_id = interaction_id
        super().__init__(f"interaction {interaction_id!r} was already processed")


class GameStatusError(StoreError):
    """The operation needs the game in another status (e.g. joining a running game)."""

    code = "wrong_status"

    def __init__(self, game_id: int, status: str, needed: tuple[str, ...]) -> None:
        self.game_id = game_id
        self.status = status
        self.needed = needed
        super().__init__(f"game {game_id} is {status}; this needs {' or '.join(needed)}")


class PlayerError(StoreError):
    """A seat problem: already joined, not a member, the table is full, a bad seat order."""

    code = "player_error"

    def __init__(self, game_id: int, user_id: str | None, reason: str) -> None:
        self.game_id = game_id
        self.user_id = user_id
        self.reason = reason  # "already_joined" | "not_a_member" | "game_full" | "bad_seat_order"
        super().__init__(f"game {game_id}, player {user_id!r}: {reason}")


class StoreValueError(StoreError, ValueError):
    """An argument the store cannot keep as given (a lone surrogate, a count out of range)."""

    code = "bad_value"


class StorageError(StoreError):
    """The database file itself failed: the disk is full, the file or its folder is
    read-only, or the file is damaged (a corrupted page or header, not a database).

    `kind` is one of "disk_full", "read_only", "cannot_open", "corrupt", "io"; the service
    turns it into a message for players, so no traceback reaches them."""

    code = "storage_fault"

    def __init__(self, path: str, kind: str, detail: str) -> None:
        self.path = path
        self.kind = kind
        self.detail = detail
        super().__init__(f"{path}: {kind}: {detail}")


# SQLite's own messages (sqlite3 gives no portable error codes before Python 3.11's
# sqlite_errorname, and the text is stable across versions).
_FAULTS = (
    ("database or disk is full", "disk_full"),
    ("readonly database", "read_only"),
    ("unable to open database", "cannot_open"),
    ("malformed", "corrupt"),
    ("file is not a database", "corrupt"),
    ("disk i/o error", "io"),
)


def storage_fault(exc: BaseException) -> str | None:
    """The `StorageError.kind` of a sqlite3 error, or None if it is not a storage fault."""
    text = str(exc).lower()
    for needle, kind in _FAULTS:
        if needle in text:
            return kind
    return None


class BackupUnsupportedError(StoreError):
    """`backup` on a PostgreSQL store: its online backups are `pg_dump`'s job."""

    code = "backup_unsupported"

    def __init__(self, path: str, dest: str) -> None:
        self.path = path
        self.dest = dest
        super().__init__(
            f"{path} is a PostgreSQL database: back it up online with pg_dump, e.g. "
            f"`pg_dump --format=custom --file={dest} \"$AUTOBAHN_DB\"` "
            f"(restore with pg_restore); `python -m store backup` copies SQLite files only"
        )


class PlaceTakenError(StoreError):
    """A game created under the one-open-game-per-place rule, where one is open already
    (migration 006's unique index). Nothing was created."""

    code = "place_taken"

    def __init__(self, place: int | None) -> None:
        self.place = place
        super().__init__(f"an open game is at place {place} already")
