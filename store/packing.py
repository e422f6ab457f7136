"""Storage that stays small (issue 37): finished games packed, the space given back.

A running game's log is one row per action (appended by a move, removed by an undo) and its
state one snapshot row rewritten by every move. Once a game is finished or abandoned
nothing changes it again, so `pack_game` moves both into one `packed_logs` row
(`store.packed`): `read_log` and `read_snapshot` answer as before, and `digest` (every
game's row, seats, log and snapshot) is the same before and after. Each game is packed in
its own short transaction under its row lock, so a large backlog never holds up a move.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import astuple

from ._base import ACTION_COLUMNS
from .conn import Conn
from .errors import StorageError
from .packed import pack_log, pack_text, packed_log
from .queries import QueriesMixin
from .snapshots import SnapshotsMixin

PACK_BATCH = 200


class PackingMixin(QueriesMixin, SnapshotsMixin):
    # -- packing ---------------------------------------------------------------------------

    async def pack_finished(self, *, limit: int = PACK_BATCH) -> int:
        """Pack up to `limit` finished or abandoned games not packed yet; returns how many
        were packed (fewer than `limit`: none are left)."""

        async def pending(conn: Conn) -> list[int]:
            # A started game has a snapshot row until it is packed, and only then loses it.
            rows = await conn.execute_fetchall(
                "SELECT g.id FROM games g JOIN snapshots s ON s.game_id = g.id "
                "WHERE g.status IN ('finished', 'abandoned') ORDER BY g.id LIMIT ?",
                (limit,))
            return [int(r[0]) for r in rows]

        packed = 0
        for game_id in await self._read(pending):
            packed += await self.pack_game(game_id)
        return packed

    async def pack_game(self, game_id: int) -> bool:
        """Pack one finished or abandoned game; False if it is running, in the lobby, or
        packed already. Raises GameNotFoundError, StorageError (a log that is not dense)."""

        async def body(conn: Conn, now: float) -> bool:
            row = await self._game_row(conn, game_id)  # locked: no move can come between
            if row["status"] not in ("finished", "abandoned"):
                return False
            snapshots = await conn.execute_fetchall(
                "SELECT version, seq, state_json, updated_at FROM snapshots WHERE game_id = ?",
                (game_id,))
            if not snapshots or await packed_log(conn, game_id) is not None:
                return False
            log = [self._action(r) for r in await conn.execute_fetchall(
                f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? ORDER BY seq",
                (game_id,))]
            if len(log) != row["action_count"]:
                raise StorageError(self.path, "corrupt",
                                   f"game {game_id} has {len(log)} of {row['action_count']} "
                                   "actions in its log")
            try:
                blob = pack_log(log)
            except ValueError as exc:
                raise StorageError(self.path, "corrupt", str(exc)) from exc
            version, seq, state_json, at = next(iter(snapshots))
            await conn.send(
                "INSERT INTO packed_logs (game_id, actions, log, state, snapshot_version, "
                "snapshot_seq, snapshot_at, packed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, len(log), blob, pack_text(state_json), version, seq, at, now))
            await conn.send("DELETE FROM actions WHERE game_id = ?", (game_id,))
            await conn.send("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
            return True

        return await self._write(body)

    async def compact(self, *, vacuum: bool = True) -> int:
        """Pack every finished game, then give the freed space back (`vacuum`: SQLite's
        VACUUM, PostgreSQL's VACUUM ANALYZE) and refresh the planner's statistics.
        Returns how many games were packed."""
        packed = 0
        while (batch := await self.pack_finished()) > 0:
            packed += batch
        await self._settle()
        await self._db.tidy(vacuum=vacuum)
        return packed

    async def tidy(self) -> None:
        """The periodic part of `compact` without the full vacuum: SQLite's
        `PRAGMA optimize` (freed pages are reused by later writes); on PostgreSQL
        autovacuum does this (settings in docs/operating.md)."""
        await self._settle()
        await self._db.tidy(vacuum=False)

    # -- the digest ------------------------------------------------------------------------

    async def digest(self) -> str:
        """SHA-256 over every game as the store's API returns it: the game's row and seats,
        its log and its snapshot. Equal before and after packing (the test of `compact`);
        the row's `updated_at` is left out (nothing packing changes, but a rewritten
        snapshot's repair may)."""
        hasher = hashlib.sha256()
        for game_id in await self.game_ids():
            game = await self.get_game(game_id)
            snapshot = await self.read_snapshot(game_id)
            log = await self.read_log(game_id)
            part = {
                "game": [game.id, game.status, game.seed, game.edition_hash, game.version,
                         game.action_count, game.current_player, game.settings,
                         [astuple(p) for p in game.players]],
                "log": [[a.seq, a.player_id, a.notation, a.created_at, a.interaction_id]
                        for a in log],
                "snapshot": None if snapshot is None else
                [snapshot.version, snapshot.seq, snapshot.state_json, snapshot.updated_at],
            }
            hasher.update(json.dumps(part, sort_keys=True, default=repr).encode())
        return hasher.hexdigest()
