"""`GameStore`: the repository the service uses. All methods are coroutines.

Every write is one transaction (see `_base`): it commits as a whole or not at all. Write
methods that change what a player's buttons act on bump `Game.version`; callers that act
on what they showed a player pass that version back as `expected_version`, and get a
`StaleVersionError` if anything changed in between.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping, Sequence
from typing import Any

from . import db
from ._base import ACTION_COLUMNS, Clock
from .board_posts import BoardPostsMixin
from .bulk import BulkMixin
from .conn import Backend, Conn, dialect_of
from .edits import EditsMixin
from .errors import (
    GameStatusError,
    PlaceTakenError,
    PlayerError,
    StoreValueError,
)
from .history import HistoryMixin
from .languages import LanguagesMixin
from .leases import LeasesMixin
from .models import (
    ActionRecord,
    AppendResult,
    Event,
    Game,
    GameStatus,
    ReminderRequest,
    UndoEvent,
)
from .packing import PackingMixin
from .queries import QueriesMixin
from .reminders import RemindersMixin, replace_pending
from .secrets import SecretsMixin
from .snapshots import SnapshotsMixin
from .sqlite import SqliteBackend

# The unique index of open games created under the one-open-game-per-place rule (006).
ONE_OPEN_PER_PLACE = "games_one_open_per_place"

# Status changes `set_status` allows; everything else is refused.
_TRANSITIONS: dict[str, tuple[GameStatus, ...]] = {
    "lobby": ("abandoned",),
    "running": ("finished", "abandoned"),
}


class GameStore(
    PackingMixin, HistoryMixin, QueriesMixin, SnapshotsMixin, RemindersMixin,
    BoardPostsMixin, BulkMixin, LeasesMixin, EditsMixin, SecretsMixin, LanguagesMixin,
):
    @classmethod
    async def open(
        cls, path: str | os.PathLike[str] | None = None, *, clock: Clock = time.time
    ) -> GameStore:
        """Open (creating if needed) and migrate the database at `path`
        (default: $AUTOBAHN_DB or autobahn.sqlite3): a SQLite file (a path or
        `sqlite:///path`) or a PostgreSQL database (`postgresql://user:pass@host/db`).
        Raises SchemaTooNewError for a database written by a newer version,
        MigrationError if a migration fails, StorageError if it cannot be reached."""
        dialect, where = dialect_of(db.db_path_from_env(path))
        backend: Backend
        if dialect == "postgresql":
            from .postgres import PostgresBackend  # psycopg is only needed here

            backend = await PostgresBackend.open(where)
        else:
            backend = await SqliteBackend.open(where)
        return cls(backend, clock)

    # -- games and seats ------------------------------------------------------------------

    async def create_game(
        self,
        *,
        host_id: str,
        edition: str,
        edition_hash: str,
        seed: int,
        guild_id: int | None = None,
        channel_id: int | None = None,
        thread_id: int | None = None,
        language: str = "en",
        settings: Mapping[str, Any] | None = None,
        host_name: str | None = None,
        players: Sequence[tuple[str, str]] = (),
        one_per_place: bool = False,
    ) -> Game:
        """A new game in the lobby at version 0. With `host_name`, the host takes seat 0
        in the same transaction, and `players` ((user id, display name) pairs) the seats
        after it: a refused seat leaves no game behind. Raises PlayerError
        ("already_joined") for a user seated twice. `one_per_place`: the game is the one
        open game of its place (thread, else channel) while it is open; PlaceTakenError
        when another such game is open there (the database's constraint, migration 006,
        so it holds across processes)."""
        seated = [(host_id, host_name)] if host_name is not None else []
        seated += list(players)
        ids = [user for user, _ in seated]
        for user in ids:
            if ids.count(user) > 1:
                raise PlayerError(0, user, "already_joined")

        async def body(conn: Conn, now: float) -> Game:
            try:
                rows = await conn.execute_fetchall(
                    "INSERT INTO games (guild_id, channel_id, thread_id, host_id, edition, "
                    "edition_hash, seed, language, settings, created_at, updated_at, "
                    "one_per_place) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (
                        guild_id,
                        channel_id,
                        thread_id,
                        host_id,
                        edition,
                        edition_hash,
                        seed,
                        language,
                        self._dump(settings or {}),
                        now,
                        now,
                        int(one_per_place),
                    ),
                )
            except conn.integrity_errors as exc:
                if ONE_OPEN_PER_PLACE not in str(exc):
                    raise
                raise PlaceTakenError(thread_id if thread_id is not None else channel_id) \
                    from None
            game_id = int(rows[0][0])
            for seat, (user, name) in enumerate(seated):
                await conn.execute(
                    "INSERT INTO game_players (game_id, user_id, seat, display_name, joined_at)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (game_id, user, seat, name, now),
                )
            return await self._load_game(conn, game_id)

        return await self._write(body)

    async def add_player(
        self,
        game_id: int,
        user_id: str,
        display_name: str,
        *,
        language: str | None = None,
        max_players: int | None = None,
    ) -> Game:
        """Seat a player at the next seat (lobby only); bumps the version.

        `max_players` is checked inside the transaction, so two last-seat joins cannot both
        succeed. Raises GameNotFoundError, GameStatusError, PlayerError
        ("already_joined", "game_full").
        """

        async def body(conn: Conn, now: float) -> Game:
            game = await self._load_game(conn, game_id)
            if game.status != "lobby":
                raise GameStatusError(game_id, game.status, ("lobby",))
            if any(p.user_id == user_id for p in game.players):
                raise PlayerError(game_id, user_id, "already_joined")
            if max_players is not None and len(game.players) >= max_players:
                raise PlayerError(game_id, user_id, "game_full")
            await conn.execute(
                "INSERT INTO game_players (game_id, user_id, seat, display_name, language, "
                "joined_at) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, user_id, len(game.players), display_name, language, now),
            )
            await self._bump(conn, game_id, now)
            return await self._load_game(conn, game_id)

        return await self._write(body)

    async def remove_player(self, game_id: int, user_id: str) -> Game:
        """Unseat a player (lobby only); later seats move up one. Bumps the version.
        Raises GameNotFoundError, GameStatusError, PlayerError("not_a_member")."""

        async def body(conn: Conn, now: float) -> Game:
            game = await self._load_game(conn, game_id)
            if game.status != "lobby":
                raise GameStatusError(game_id, game.status, ("lobby",))
            remaining = [p.user_id for p in game.players if p.user_id != user_id]
            if len(remaining) == len(game.players):
                raise PlayerError(game_id, user_id, "not_a_member")
            await conn.execute(
                "DELETE FROM game_players WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            await self._reseat(conn, game_id, remaining)
            await self._bump(conn, game_id, now)
            return await self._load_game(conn, game_id)

        return await self._write(body)

    async def start_game(
        self,
        game_id: int,
        *,
        expected_version: int,
        snapshot_json: str,
        current_player: str | None,
        seat_order: Sequence[str] | None = None,
        by_user: str | None = None,
        turn_post: bool = False,
    ) -> Game:
        """lobby -> running: optionally re-seat the players (`seat_order` = user ids, seat 0
        first), store the initial snapshot (seq 0), bump the version, record a 'start' event.
        `turn_post`: the start owes a public turn message (its version is due).

        Raises GameNotFoundError, StaleVersionError, GameStatusError,
        PlayerError("bad_seat_order") when seat_order is not exactly the seated players.
        """

        async def body(conn: Conn, now: float) -> Game:
            game = await self._load_game(conn, game_id)
            self._check_version(game, expected_version)
            if game.status != "lobby":
                raise GameStatusError(game_id, game.status, ("lobby",))
            order = list(seat_order) if seat_order is not None else list(game.player_ids)
            if sorted(order) != sorted(game.player_ids) or len(set(order)) != len(order):
                raise PlayerError(game_id, None, "bad_seat_order")
            await self._reseat(conn, game_id, order)
            version = await self._bump(
                conn, game_id, now, status="running", current_player=current_player,
                turn_post=turn_post,
            )
            await self._put_snapshot(conn, game_id, version, 0, snapshot_json, now)
            await self._event(conn, game_id, "start", by_user, {"seats": order}, now)
            return await self._load_game(conn, game_id)

        return await self._write(body)

    async def set_status(
        self,
        game_id: int,
        status: GameStatus,
        *,
        expected_version: int | None = None,
        by_user: str | None = None,
        reason: str = "",
    ) -> Game:
        """End a game: lobby -> abandoned, running -> finished | abandoned. Bumps the
        version, clears pending reminders, records a 'status' event.
        Raises GameNotFoundError, StaleVersionError, GameStatusError."""

        async def body(conn: Conn, now: float) -> Game:
            game = await self._load_game(conn, game_id)
            if expected_version is not None:
                self._check_version(game, expected_version)
            if status not in _TRANSITIONS.get(game.status, ()):
                needed = tuple(s for s, to in _TRANSITIONS.items() if status in to)
                raise GameStatusError(game_id, game.status, needed)
            await self._bump(conn, game_id, now, status=status, current_player=None)
            await replace_pending(conn, game_id, (), now)
            detail = {"from": game.status, "to": status, "reason": reason}
            await self._event(conn, game_id, "status", by_user, detail, now)
            return await self._load_game(conn, game_id)

        return await self._write(body)

    async def record_event(
        self, game_id: int, kind: str, *, user_id: str | None, detail: Mapping[str, Any]
    ) -> Event:
        """Append an out-of-band event (e.g. an undo request or a vote) to the game's
        record. Does not bump the version: an event changes no board.
        Raises GameNotFoundError."""

        async def body(conn: Conn, now: float) -> Event:
            await self._game_row(conn, game_id)
            event_id = await self._event(conn, game_id, kind, user_id, detail, now)
            return Event(event_id, game_id, kind, user_id, dict(detail), now)

        return await self._write(body)

    # -- the action log ---------------------------------------------------------------------

    async def append_action(
        self,
        game_id: int,
        *,
        expected_version: int,
        player_id: str,
        notation: str,
        snapshot_json: str,
        next_player: str | None,
        interaction_id: str | None = None,
        status: GameStatus | None = None,
        reminders: Sequence[ReminderRequest] | None = None,
        turn_post: bool = False,
    ) -> AppendResult:
        """One turn's transaction: append `notation` as seq action_count+1, bump the version,
        store the snapshot after it, note whose decision is next, record the interaction id,
        and (if `reminders` is given) replace the game's pending reminders with it; `status`
        ("finished") ends the game in the same transaction. `turn_post`: this action ended
        a turn, so the new version owes a public turn message (`unposted_games`).

        Checks, in this order: DuplicateInteractionError (this interaction was already
        processed: nothing changes), GameNotFoundError, StaleVersionError, GameStatusError
        (the game is not running). Of concurrent appends at one version exactly one wins.
        """

        if status not in (None, "finished", "abandoned"):
            raise StoreValueError(f"an action can end a game, not make it {status!r}")

        async def body(conn: Conn, now: float) -> AppendResult:
            row = await self._running_row(conn, game_id, expected_version, interaction_id, now)
            seq = row["action_count"] + 1
            await conn.send(
                f"INSERT INTO actions ({ACTION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seq, player_id, notation, now, interaction_id),
            )
            version = await self._bump(
                conn, game_id, now, status=status, current_player=next_player, seq=seq,
                turn_post=turn_post, locked_version=row["version"],
            )
            await self._put_snapshot(conn, game_id, version, seq, snapshot_json, now)
            if reminders is not None or status in ("finished", "abandoned"):
                await replace_pending(conn, game_id, reminders or (), now)
            record = ActionRecord(game_id, seq, player_id, notation, now, interaction_id)
            return AppendResult(record, version)

        return await self._write(body)

    async def undo(
        self,
        game_id: int,
        *,
        count: int,
        expected_version: int,
        by_user: str,
        reason: str,
        snapshot_json: str,
        next_player: str | None,
        interaction_id: str | None = None,
        reminders: Sequence[ReminderRequest] | None = None,
        turn_post: bool = False,
    ) -> UndoEvent:
        """Remove the last `count` actions, openly: an 'undo' event keeps who, why and the
        removed actions. Bumps the version (so buttons shown before are refused) and stores
        `snapshot_json`, the state after the remaining log. The log stays dense: the next
        append reuses the freed sequence numbers. `turn_post` as for `append_action`.

        Raises DuplicateInteractionError, GameNotFoundError, StaleVersionError,
        GameStatusError (not running), StoreValueError (count < 1 or more than the log).
        Whether an undo is allowed (own turn, consent) is the service's decision.
        """

        async def body(conn: Conn, now: float) -> UndoEvent:
            row = await self._running_row(conn, game_id, expected_version, interaction_id, now)
            last = row["action_count"]
            if not 1 <= count <= last:
                raise StoreValueError(f"cannot undo {count} of {last} actions")
            keep = last - count
            removed = [
                self._action(r)
                for r in await conn.execute_fetchall(
                    f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? AND seq > ? "
                    "ORDER BY seq",
                    (game_id, keep),
                )
            ]
            await conn.send("DELETE FROM actions WHERE game_id = ? AND seq > ?", (game_id, keep))
            version = await self._bump(
                conn, game_id, now, current_player=next_player, seq=keep, turn_post=turn_post,
                locked_version=row["version"],
            )
            await self._put_snapshot(conn, game_id, version, keep, snapshot_json, now)
            if reminders is not None:
                await replace_pending(conn, game_id, reminders, now)
            detail = {
                "reason": reason,
                "from_version": expected_version,
                "to_version": version,
                "removed": [
                    {
                        "seq": a.seq,
                        "player_id": a.player_id,
                        "notation": a.notation,
                        "created_at": a.created_at,
                        "interaction_id": a.interaction_id,
                    }
                    for a in removed
                ],
            }
            event_id = await self._event(conn, game_id, "undo", by_user, detail, now)
            return UndoEvent(
                event_id, game_id, by_user, reason, expected_version, version, tuple(removed), now
            )

        return await self._write(body)
