"""Editing a game's settings and seats: `GameStore.edit_game`, the one read-modify-write
of everything outside the action log that a player or the host changes.

Settings and seats are read, changed and written back whole, so two writers that each read
the game and then write it lose one another's change (issue 30: `/game settings` racing a
hand-over lost a third of either). `edit_game` runs the caller's decision *inside* the
write transaction, on the game's row as locked there (PostgreSQL's row lock, SQLite's
write lock), so the second writer decides on what the first one wrote. The decision is a
plain function: it runs once, does no I/O, and raises (any exception, typically the
service's own refusal) to change nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ._base import StoreBase
from .conn import Conn
from .errors import GameStatusError, PlayerError
from .models import Game


@dataclass(frozen=True, slots=True)
class NewSeat:
    """A player seated after the last seat (lobby only)."""

    user_id: str
    display_name: str
    language: str | None = None


@dataclass(frozen=True, slots=True)
class EventNote:
    """An event recorded with the edit (who changed what, for the game's record)."""

    kind: str
    user_id: str | None
    detail: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class GameEdit:
    """What an edit writes. `settings`: the game's whole new settings (None: unchanged);
    `seats`: players seated after the others, in order; `events`: recorded in the same
    transaction. A new seat bumps `Game.version` (buttons shown before act on another
    table); settings alone do not, unless `bump` says so (a setting a button acts on)."""

    settings: Mapping[str, Any] | None = None
    seats: Sequence[NewSeat] = ()
    events: Sequence[EventNote] = field(default_factory=tuple)
    bump: bool = False


NO_EDIT = GameEdit()

# The caller's decision: the game as it is under the lock -> what to write.
Edit = Callable[[Game], GameEdit]


class EditsMixin(StoreBase):
    async def edit_game(self, game_id: int, edit: Edit) -> Game:
        """Read the game under its lock, call `edit(game)`, write what it returns, and
        return the game as committed, all in one transaction. An exception from `edit`
        rolls back and propagates as it is.

        Raises GameNotFoundError; for new seats GameStatusError (not in the lobby) and
        PlayerError("already_joined")."""

        async def body(conn: Conn, now: float) -> Game:
            game = await self._load_game(conn, game_id)
            change = edit(game)
            if change == NO_EDIT:
                return game
            seated = list(game.player_ids)
            if change.seats and game.status != "lobby":
                raise GameStatusError(game_id, game.status, ("lobby",))
            for seat in change.seats:
                if seat.user_id in seated:
                    raise PlayerError(game_id, seat.user_id, "already_joined")
                await conn.execute(
                    "INSERT INTO game_players (game_id, user_id, seat, display_name, "
                    "language, joined_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, seat.user_id, len(seated), seat.display_name, seat.language,
                     now),
                )
                seated.append(seat.user_id)
            if change.settings is not None:
                await conn.execute(
                    "UPDATE games SET settings = ?, updated_at = ? WHERE id = ?",
                    (self._dump(change.settings), now, game_id),
                )
            for note in change.events:
                await self._event(conn, game_id, note.kind, note.user_id, note.detail, now)
            if change.seats or change.bump:
                await self._bump(conn, game_id, now)
            return await self._load_game(conn, game_id)

        return await self._write(body)
