"""The game store: SQLite through aiosqlite (DESIGN §3), or PostgreSQL through psycopg 3
(`store.postgres`, DESIGN §9) when $AUTOBAHN_DB is a `postgresql://` URL.

The action log is the source of truth, the snapshot a cache written in the same
transaction. The store knows the game only as notation strings and JSON snapshot text; it
never imports `rules`, `render`, `service` or discord.

    store = await GameStore.open()            # $AUTOBAHN_DB or autobahn.sqlite3, migrated
    game = await store.create_game(host_id="ann", edition="classic", edition_hash=h, seed=7)
    ...
    await store.append_action(game.id, expected_version=game.version, player_id="ann",
                              notation="build r2.1 with red", snapshot_json=state.to_json(),
                              next_player="ben")

Command line: `python -m store check`, `python -m store backup PATH`, `python -m store copy
--to postgresql://...` (`--db` or $AUTOBAHN_DB picks the database).

Why psycopg 3 rather than asyncpg: it ships its own type hints (mypy is strict here and
the project allows no untyped imports), takes SQL with placeholders close to SQLite's
(`%s` for `?`, translated in one place), has a maintained pool (psycopg_pool), and its
pipeline mode sends a turn's statements in two round trips.
"""

from .db import SCHEMA_VERSION, IntegrityReport
from .edits import Edit, EventNote, GameEdit, NewSeat
from .errors import (
    BackupUnsupportedError,
    DuplicateInteractionError,
    GameNotFoundError,
    GameStatusError,
    MigrationError,
    PlaceTakenError,
    PlayerError,
    SchemaTooNewError,
    StaleVersionError,
    StorageError,
    StoreBusyError,
    StoreError,
    StoreValueError,
)
from .models import (
    ACTIVE_STATUSES,
    ActionRecord,
    AppendResult,
    Event,
    Game,
    GameStatus,
    Player,
    Reminder,
    ReminderRequest,
    ReminderSettings,
    Snapshot,
    UndoEvent,
)
from .repository import GameStore

__all__ = [
    "ACTIVE_STATUSES",
    "SCHEMA_VERSION",
    "ActionRecord",
    "AppendResult",
    "BackupUnsupportedError",
    "DuplicateInteractionError",
    "Edit",
    "Event",
    "EventNote",
    "Game",
    "GameEdit",
    "GameNotFoundError",
    "GameStatus",
    "GameStatusError",
    "GameStore",
    "IntegrityReport",
    "MigrationError",
    "NewSeat",
    "PlaceTakenError",
    "Player",
    "PlayerError",
    "Reminder",
    "ReminderRequest",
    "ReminderSettings",
    "SchemaTooNewError",
    "Snapshot",
    "StaleVersionError",
    "StorageError",
    "StoreBusyError",
    "StoreError",
    "StoreValueError",
    "UndoEvent",
]
