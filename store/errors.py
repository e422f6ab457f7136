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
