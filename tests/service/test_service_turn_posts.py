"""The turn post a game owes: which games need one, the claim, what it shows, the record
(the store side is tests/store/test_store_turn_posts.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from service_testutil import PLAYERS, SEED, FixedClock, fake_png

from service import CONSOLE, GameService, Place
from store import Game, GameStore

DISCORD = Place(5, 6)


@pytest.fixture
async def service(tmp_path: Path, clock: FixedClock) -> AsyncIterator[GameService]:
    # The store shares the test's clock here: claims are leases timed by the store.
    store = await GameStore.open(tmp_path / "posts.sqlite3", clock=clock)
    svc = GameService(store, clock=clock, renderer=fake_png)
    try:
        yield svc
    finally:
        svc.close()
        await store.close()


async def _started(service: GameService, place: Place = DISCORD) -> Game:
    game = await service.create_game(place, PLAYERS[0], "Ann", seats=3, seed=SEED)
    for pid in PLAYERS[1:]:
        await service.join(game.id, pid, pid.title())
    return (await service.start(game.id, PLAYERS[0])).game


async def _play_until_the_turn_passes(service: GameService, game_id: int) -> int:
    while True:
        player, actions, _ = await service.legal(game_id)
        result = await service.act(game_id, player, actions[0])
        if result.turn_passed:
            return result.version


async def test_needs_post_after_start_and_each_turn_until_recorded(
    service: GameService,
) -> None:
    game = await _started(service)
    await _started(service, CONSOLE)  # owes too, but no Discord guild will ever ask for it
    # The start owes the first turn message.
    (owing,) = await service.unposted_turns([DISCORD.guild_id or 0])
    assert owing.id == game.id and owing.turn_version == game.version
    assert await service.unposted_turns([99]) == []
    assert await service.record_turn_post(game.id, game.version, 6, 1000)
    assert await service.unposted_turns([5]) == []
    # A turn-ending move owes the next one, in the move's own transaction.
    version = await _play_until_the_turn_passes(service, game.id)
    (owing,) = await service.unposted_turns([5])
    assert owing.turn_version == version and owing.board_version == game.version


async def test_the_claim_goes_to_one_caller_and_the_post_shows_the_game_now(
    service: GameService, clock: FixedClock
) -> None:
    game = await _started(service)
    version = await _play_until_the_turn_passes(service, game.id)
    (owing,) = await service.unposted_turns([5])
    claims = await asyncio.gather(*(service.claim_turn_post(owing) for _ in range(3)))
    assert sorted(claims) == [False, False, True]
    assert await service.unposted_turns([5]) == []  # claimed: the next check leaves it
    post = await service.turn_post(game.id, "de")
    last = await service.last_action(game.id)
    assert last is not None and (post.player, post.notation) == (last.player_id, last.notation)
    assert post.version == version and post.board and not post.over
    assert post.next_player == await service.deciding(game.id) and post.decision
    assert await service.record_turn_post(game.id, post.version, 6, 2000)
    clock.now += 3600  # long after the lease: paid, so nothing is owed
    assert await service.unposted_turns([5]) == []
    assert not await service.claim_turn_post(await service.game(game.id))


async def test_a_lapsed_claim_is_owed_again(service: GameService, clock: FixedClock) -> None:
    game = await _started(service)
    (owing,) = await service.unposted_turns([5])
    assert await service.claim_turn_post(owing, lease_s=60)
    # The claimer died before posting: after the lease the post is owed again.
    clock.now += 61
    assert [g.id for g in await service.unposted_turns([5])] == [game.id]
    start_post = await service.turn_post(game.id)
    assert start_post.player is None and start_post.changes == ()
