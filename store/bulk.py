"""Appending many actions in one transaction: importing a game record.

A record of a whole game is a few hundred actions; one transaction per action means one
fsync each (synchronous=FULL) and a snapshot written each time, most of a second for a
long game. Here the whole log goes in with one commit and the final snapshot only.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._base import ACTION_COLUMNS, StoreBase
from .conn import Conn
from .errors import StoreValueError
from .models import ActionRecord, AppendResult, GameStatus, ReminderRequest
from .reminders import replace_pending


class BulkMixin(StoreBase):
    async def append_actions(
        self,
        game_id: int,
        *,
        expected_version: int,
        actions: Sequence[tuple[str, str]],
        snapshot_json: str,
        next_player: str | None,
        status: GameStatus | None = None,
        reminders: Sequence[ReminderRequest] | None = None,
    ) -> AppendResult:
        """Append `actions` ((player_id, notation), oldest first) as seq action_count+1...
        in one transaction, as `append_action` does for one: the version is bumped once
        (the batch is one change), `snapshot_json` is the state after the last action,
        `next_player`, `status` and `reminders` as in `append_action`.

        All or nothing. Returns the last action and the new version. Raises
        GameNotFoundError, StaleVersionError, GameStatusError (not running),
        StoreValueError (no actions, or a status other than finished/abandoned).
        """
        batch = [(str(p), str(n)) for p, n in actions]
        if not batch:
            raise StoreValueError("append_actions needs at least one action")
        if status not in (None, "finished", "abandoned"):
            raise StoreValueError(f"an action can end a game, not make it {status!r}")

        async def body(conn: Conn, now: float) -> AppendResult:
            row = await self._running_row(conn, game_id, expected_version)
            first = row["action_count"] + 1
            await conn.executemany(
                f"INSERT INTO actions ({ACTION_COLUMNS}) VALUES (?, ?, ?, ?, ?, NULL)",
                [(game_id, first + i, p, n, now) for i, (p, n) in enumerate(batch)],
            )
            last = first + len(batch) - 1
            version = await self._bump(
                conn, game_id, now, status=status, current_player=next_player, seq=last,
                locked_version=row["version"],
            )
            await self._put_snapshot(conn, game_id, version, last, snapshot_json, now)
            if reminders is not None or status in ("finished", "abandoned"):
                await replace_pending(conn, game_id, reminders or (), now)
            player, notation = batch[-1]
            return AppendResult(ActionRecord(game_id, last, player, notation, now, None), version)

        return await self._write(body)
