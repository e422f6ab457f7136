"""The turn post a game owes (migration 004): marked in the move's own transaction, found
by `unposted_games`, claimed by one caller with a lease, paid by `record_turn_post`."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from store_testutil import play, started_game

from store import Game, GameNotFoundError, GameStore, StoreValueError


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def timed(db_target: Path | str) -> AsyncIterator[tuple[GameStore, Clock]]:
    clock = Clock()
    opened = await GameStore.open(db_target, clock=clock)
    try:
        yield opened, clock
    finally:
        await opened.close()


async def test_a_turn_ending_move_owes_a_post_until_one_is_recorded(
    store: GameStore, game: Game
) -> None:
    assert not game.owes_turn_post  # started without turn_post: nothing owed
    await play(store, game, "build r2.1 with red")  # mid-turn: nothing owed either
    assert await store.unposted_games() == []
    ended = await play(store, game, "pass", turn_post=True)
    (owing,) = await store.unposted_games()
    assert owing.id == game.id and owing.owes_turn_post
    assert (owing.turn_version, owing.board_version) == (ended.version, None)
    # The post shows that version: paid, and it is the board post reminders link to.
    assert await store.record_turn_post(game.id, ended.version, 10, 5000)
    after = await store.get_game(game.id)
    assert not after.owes_turn_post and after.board_version == ended.version
    assert (after.board_channel_id, after.board_message_id) == (10, 5000)
    assert after.version == ended.version  # recording a post moves no button
    assert await store.unposted_games() == []
    # A late answer for an older post never replaces the newer one.
    assert not await store.record_turn_post(game.id, ended.version - 1, 10, 4999)
    assert (await store.get_game(game.id)).board_message_id == 5000


async def test_start_and_undo_can_owe_a_post_too(store: GameStore) -> None:
    lobby = await store.create_game(host_id="ann", edition="classic", edition_hash="h",
                                    seed=1, guild_id=1, channel_id=10, host_name="Ann")
    await store.add_player(lobby.id, "ben", "Ben")
    lobby = await store.get_game(lobby.id)
    started = await store.start_game(lobby.id, expected_version=lobby.version,
                                     snapshot_json="{}", current_player="ann",
                                     turn_post=True)
    assert started.turn_version == started.version and started.owes_turn_post
    await play(store, started, "pass")
    current = await store.get_game(started.id)
    undone = await store.undo(started.id, count=1, expected_version=current.version,
                              by_user="ann", reason="own turn", snapshot_json="{}",
                              next_player="ann", turn_post=True)
    assert (await store.get_game(started.id)).turn_version == undone.to_version


async def test_of_two_racing_claims_exactly_one_wins_and_the_lease_lapses(
    timed: tuple[GameStore, Clock]
) -> None:
    store, clock = timed
    game = await started_game(store)
    ended = await play(store, game, "pass", turn_post=True)
    claims = await asyncio.gather(
        *(store.claim_turn_post(game.id, ended.version, 60) for _ in range(5)))
    assert sorted(claims) == [False] * 4 + [True]
    assert await store.unposted_games() == []  # claimed: no other check takes it
    clock.now += 61  # the claimer died or its send failed: owed again
    assert [g.id for g in await store.unposted_games()] == [game.id]
    assert await store.claim_turn_post(game.id, ended.version, 60)
    # Recording the post ends the claim; a claim of a paid or superseded turn fails.
    assert await store.record_turn_post(game.id, ended.version, 10, 7000)
    clock.now += 61
    assert not await store.claim_turn_post(game.id, ended.version, 60)
    newer = await play(store, game, "pass", turn_post=True)
    assert not await store.claim_turn_post(game.id, ended.version, 60)
    assert await store.claim_turn_post(game.id, newer.version, 60)


async def test_finished_games_owe_their_last_post_and_abandoned_ones_do_not(
    store: GameStore
) -> None:
    finished, abandoned = await started_game(store), await started_game(store, channel_id=11)
    await play(store, finished, "pass", turn_post=True, status="finished")
    await play(store, abandoned, "pass", turn_post=True)
    await store.set_status(abandoned.id, "abandoned")
    assert [g.id for g in await store.unposted_games()] == [finished.id]
    # Only the guilds asked for (the adapter's own): guild 1 here.
    assert [g.id for g in await store.unposted_games([1, 2])] == [finished.id]
    assert await store.unposted_games([2]) == await store.unposted_games([]) == []


async def test_turn_post_refusals(store: GameStore, game: Game) -> None:
    with pytest.raises(GameNotFoundError):
        await store.claim_turn_post(999, 1, 60)
    with pytest.raises(GameNotFoundError):
        await store.record_turn_post(999, 1, 10, 1)
    for bad in (0, -1, True):
        with pytest.raises(StoreValueError):
            await store.record_turn_post(game.id, 1, 10, bad)
