"""Many actions in one transaction: importing a game record (`import_game`: the game, its
seats, its start and its whole log as one commit, so a killed or cancelled import leaves
nothing half imported) and `append_actions`.

A record of a whole game is a few hundred actions; one transaction per action means one
fsync each (synchronous=FULL) and a snapshot written each time, most of a second for a
long game. Here the whole log goes in with one commit and the final snapshot only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ._base import ACTION_COLUMNS, StoreBase
from .conn import Conn
from .errors import StoreValueError
from .models import ActionRecord, AppendResult, Game, GameStatus, ReminderRequest
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

    async def import_game(
        self,
        *,
        host_id: str,
        edition: str,
        edition_hash: str,
        seed: int,
        guild_id: int | None,
        channel_id: int | None,
        thread_id: int | None,
        language: str,
        settings: Mapping[str, Any],
        players: Sequence[tuple[str, str]],
        initial_snapshot: str,
        first_player: str | None,
        actions: Sequence[tuple[str, str]],
        final_snapshot: str,
        next_player: str | None,
        finished: bool,
    ) -> Game:
        """A whole game record as one new game, in one transaction: the game, its seats
        ((user id, display name) in seat order), its start (with `initial_snapshot`), its
        log (`actions`, oldest first) with the snapshot after it, and the end when
        `finished`. Either all of it is stored or nothing is: a kill or a cancellation
        never leaves an empty lobby or a game at move 0 that looks like a fresh deal."""
        batch = [(str(p), str(n)) for p, n in actions]

        async def body(conn: Conn, now: float) -> Game:
            rows = await conn.execute_fetchall(
                "INSERT INTO games (guild_id, channel_id, thread_id, host_id, edition, "
                "edition_hash, seed, language, settings, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (guild_id, channel_id, thread_id, host_id, edition, edition_hash, seed,
                 language, self._dump(settings), now, now),
            )
            game_id = int(rows[0][0])
            await conn.executemany(
                "INSERT INTO game_players (game_id, user_id, seat, display_name, joined_at)"
                " VALUES (?, ?, ?, ?, ?)",
                [(game_id, user, seat, name, now) for seat, (user, name) in enumerate(players)],
            )
            version = await self._bump(conn, game_id, now, status="running",
                                       current_player=first_player, locked_version=0)
            await self._put_snapshot(conn, game_id, version, 0, initial_snapshot, now)
            await self._event(conn, game_id, "start", host_id,
                              {"seats": [user for user, _ in players]}, now)
            if batch:
                await conn.executemany(
                    f"INSERT INTO actions ({ACTION_COLUMNS}) VALUES (?, ?, ?, ?, ?, NULL)",
                    [(game_id, i + 1, p, n, now) for i, (p, n) in enumerate(batch)],
                )
                version = await self._bump(
                    conn, game_id, now, status="finished" if finished else None,
                    current_player=next_player, seq=len(batch), locked_version=version)
                await self._put_snapshot(conn, game_id, version, len(batch), final_snapshot,
                                         now)
            return await self._load_game(conn, game_id)

        return await self._write(body)
