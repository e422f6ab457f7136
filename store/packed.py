"""The packed form of a finished game (migration 009, issue 37): its log as one compressed
JSON document, its last snapshot's text compressed beside it, in one `packed_logs` row.

Every field is kept exactly (players named once, seq implied by the position: a log is
dense), so `read_log` and `read_snapshot` answer for a packed game what they answered
before it was packed. `store.packing` writes the rows; these read them, inside the
caller's transaction.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from .conn import Conn
from .models import ActionRecord, Snapshot

LEVEL = 9  # packing is rare and off the turn path; reading back costs the same at any level
FORMAT = 1


def pack_log(actions: list[ActionRecord]) -> bytes:
    """The rows of a dense log (seq 1..n) as one compressed document. Raises ValueError
    for a log with a gap."""
    players: list[str] = []
    index: dict[str, int] = {}
    rows: list[list[Any]] = []
    for seq, action in enumerate(actions, start=1):
        if action.seq != seq:
            raise ValueError(f"the log of game {action.game_id} is not dense at seq {seq}")
        if action.player_id not in index:
            index[action.player_id] = len(players)
            players.append(action.player_id)
        rows.append([index[action.player_id], action.notation, action.created_at,
                     action.interaction_id])
    document = {"format": FORMAT, "players": players, "rows": rows}
    # JSON writes a float as its repr, which reads back as the same float.
    return zlib.compress(json.dumps(document, separators=(",", ":")).encode(), LEVEL)


def unpack_log(game_id: int, blob: bytes) -> list[ActionRecord]:
    document = json.loads(zlib.decompress(bytes(blob)))
    if document.get("format") != FORMAT:
        raise ValueError(f"packed log of game {game_id} has format {document.get('format')}")
    players = document["players"]
    return [ActionRecord(game_id, seq, players[player], notation, created_at, interaction)
            for seq, (player, notation, created_at, interaction)
            in enumerate(document["rows"], start=1)]


def pack_text(text: str) -> bytes:
    return zlib.compress(text.encode(), LEVEL)


def unpack_text(blob: bytes) -> str:
    return zlib.decompress(bytes(blob)).decode()


async def packed_log(conn: Conn, game_id: int) -> list[ActionRecord] | None:
    """A packed game's whole log; None if the game is not packed."""
    rows = await conn.execute_fetchall(
        "SELECT log FROM packed_logs WHERE game_id = ?", (game_id,))
    return unpack_log(game_id, next(iter(rows))[0]) if rows else None


async def packed_snapshot(conn: Conn, game_id: int) -> Snapshot | None:
    """A packed game's last snapshot; None if it is not packed (or had none)."""
    rows = await conn.execute_fetchall(
        "SELECT snapshot_version, snapshot_seq, state, snapshot_at FROM packed_logs "
        "WHERE game_id = ? AND state IS NOT NULL", (game_id,))
    if not rows:
        return None
    version, seq, state, at = next(iter(rows))
    return Snapshot(game_id, version, seq, unpack_text(state), at)
