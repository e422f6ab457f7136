"""Statements sent ahead (`Conn.send`, `Conn.send_counted`): both backends run them later,
with the next awaited statement or the COMMIT, to save round trips. What must still hold:
they run in order, a count sent ahead is right, and a failing one rolls the whole
transaction back, even when it is the last before COMMIT."""

from __future__ import annotations

import sqlite3

import psycopg
import pytest
from store_testutil import started_game

from store import GameStore, StaleVersionError
from store.conn import Conn


async def test_sent_statements_run_in_order_before_the_next_read(store: GameStore) -> None:
    game = await started_game(store)

    async def body(conn: Conn, now: float) -> list[object]:
        await conn.send("UPDATE games SET current_player = ? WHERE id = ?", ("ben", game.id))
        await conn.send("UPDATE games SET current_player = ? WHERE id = ?", ("cem", game.id))
        rows = await conn.execute_fetchall(
            "SELECT current_player FROM games WHERE id = ?", (game.id,))
        return [r[0] for r in rows]

    assert await store._write(body) == ["cem"]
    assert (await store.get_game(game.id)).current_player == "cem"


async def test_a_count_sent_ahead_is_the_statements_own(store: GameStore) -> None:
    game = await started_game(store)

    async def body(conn: Conn, now: float) -> tuple[int, int]:
        none = await conn.send_counted(
            "UPDATE games SET current_player = ? WHERE id = ?", ("ben", game.id + 999))
        one = await conn.send_counted(
            "UPDATE games SET current_player = ? WHERE id = ?", ("ben", game.id))
        await conn.execute_fetchall("SELECT 1")
        return await none.count(), await one.count()

    assert await store._write(body) == (0, 1)

    async def unread(conn: Conn, now: float) -> int:
        # Nothing read after it: asking for the count runs it.
        pending = await conn.send_counted(
            "UPDATE games SET current_player = ? WHERE id = ?", ("cem", game.id))
        return await pending.count()

    assert await store._write(unread) == 1


async def test_a_failing_statement_sent_last_rolls_back_the_transaction(
    store: GameStore,
) -> None:
    game = await started_game(store)

    async def body(conn: Conn, now: float) -> None:
        await conn.send("UPDATE games SET current_player = ? WHERE id = ?", ("ben", game.id))
        # The log's unique (game, seq) refuses the second.
        await conn.send("INSERT INTO actions (game_id, seq, player_id, notation, created_at) "
                        "VALUES (?, 1, 'ann', 'x', 0)", (game.id,))
        await conn.send("INSERT INTO actions (game_id, seq, player_id, notation, created_at) "
                        "VALUES (?, 1, 'ann', 'x', 0)", (game.id,))

    with pytest.raises((sqlite3.IntegrityError, psycopg.IntegrityError)):
        await store._write(body)
    after = await store.get_game(game.id)
    assert after.current_player == game.current_player
    assert await store.read_log(game.id) == []


async def test_a_transaction_given_up_leaves_nothing_queued(store: GameStore) -> None:
    """A refusal raised after a statement was sent and before anything ran it: the next
    transaction must not run that statement."""
    game = await started_game(store)

    async def refused(conn: Conn, now: float) -> None:
        await conn.send("UPDATE games SET thread_id = ? WHERE id = ?", (4242, game.id))
        raise StaleVersionError(game.id, 0, 1)

    with pytest.raises(StaleVersionError):
        await store._write(refused)
    done = await store.append_action(game.id, expected_version=game.version,
                                     player_id="ann", notation="pass", snapshot_json="{}",
                                     next_player="ben", interaction_id="1")
    assert done.action.seq == 1
    after = await store.get_game(game.id)
    assert after.thread_id == game.thread_id != 4242
    assert [a.notation for a in await store.read_log(game.id)] == ["pass"]
