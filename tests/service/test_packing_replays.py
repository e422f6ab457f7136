"""Issue 37, item 3: packing finished games keeps every stored game replaying exactly, on
both backends: real games played through the service, the database's digest and every
game's replay against its snapshot (service.replay_check) the same before and after, and
what players read of a packed game (its log, its record) unchanged."""

from __future__ import annotations

from pathlib import Path

from service_testutil import PLAYERS, SEED, FixedClock, fake_png, random_game

from service import GameService
from service.replay_check import check_replays
from service.repository import Place
from store import GameStore


async def seated(service: GameService, place: int) -> int:
    game = await service.create_game(Place(1, place), PLAYERS[0], "Ann", seats=3, seed=SEED)
    for pid in PLAYERS[1:]:
        await service.join(game.id, pid, pid.title())
    await service.start(game.id, PLAYERS[0])
    return game.id


async def played(service: GameService, game_id: int, moves: tuple[tuple[str, str], ...]) -> None:
    for player, notation in moves:
        legal = await service.legal(game_id)
        await service.act(game_id, player, notation, expected_version=legal.version)


async def test_every_stored_game_replays_the_same_after_packing(db_target: Path | str) -> None:
    store = await GameStore.open(db_target)
    service = GameService(store, clock=FixedClock(), renderer=fake_png)
    try:
        finished = [await seated(service, 100)]
        await played(service, finished[0], random_game(1))
        running = await seated(service, 200)
        await played(service, running, random_game(3)[:40])
        abandoned = await seated(service, 300)
        await played(service, abandoned, random_game(4)[:25])
        await service.abandon(abandoned, PLAYERS[0], is_admin=True)

        before = await store.digest()
        seen = {g: (await service.log(g), await service.export(g)) for g in finished}
        assert await check_replays(store) == []

        assert await service.pack_finished() == 2  # the finished one and the abandoned one
        assert await store.digest() == before
        assert await check_replays(store) == []
        assert {g: (await service.log(g), await service.export(g)) for g in finished} == seen
        assert (await store.integrity_check()).ok

        # The running game goes on as before and is packed once it is over.
        await played(service, running, random_game(3)[40:])
        assert (await store.get_game(running)).status == "finished"
        assert await service.pack_finished() == 1
        assert await check_replays(store) == []
    finally:
        service.close()
        await store.close()
