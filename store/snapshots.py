"""The snapshot: the current state as JSON text, a cache of the action log.

Moves write it in their own transaction (see `append_action`); `rewrite_snapshot` replaces
one the service could not read (a schema bump, a damaged row) with the state it rebuilt
from the log.
"""

from __future__ import annotations

from ._base import StoreBase
from .conn import Conn
from .models import Snapshot
from .packed import pack_text, packed_snapshot


class SnapshotsMixin(StoreBase):
    async def read_snapshot(self, game_id: int) -> Snapshot | None:
        """The cached current state; None before the game starts. Raises GameNotFoundError."""

        async def body(conn: Conn) -> Snapshot | None:
            await self._game_row(conn, game_id)
            rows = await conn.execute_fetchall(
                "SELECT game_id, version, seq, state_json, updated_at FROM snapshots "
                "WHERE game_id = ?",
                (game_id,),
            )
            if rows:
                return Snapshot(*next(iter(rows)))
            return await packed_snapshot(conn, game_id)  # a finished game, packed

        return await self._read(body)

    async def rewrite_snapshot(
        self, game_id: int, *, version: int, seq: int, snapshot_json: str
    ) -> bool:
        """Replace the snapshot by `snapshot_json`, the state after `seq` actions, if the
        game is still at `version` with `seq` actions (a move made meanwhile wrote a newer
        one, which stays). Bumps no version: the state is the same, only its cache is
        repaired. Returns whether it was written. Raises GameNotFoundError."""

        async def body(conn: Conn, now: float) -> bool:
            row = await self._game_row(conn, game_id)
            if row["version"] != version or row["action_count"] != seq:
                return False
            if await packed_snapshot(conn, game_id) is not None:
                await conn.execute(
                    "UPDATE packed_logs SET state = ?, snapshot_version = ?, snapshot_seq = ?, "
                    "snapshot_at = ? WHERE game_id = ?",
                    (pack_text(snapshot_json), version, seq, now, game_id))
                return True
            await self._put_snapshot(conn, game_id, version, seq, snapshot_json, now)
            return True

        return await self._write(body)
