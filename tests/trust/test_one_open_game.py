"""Issue 30 item 5: "one open game per channel or thread" is a database constraint, not a
lock of one process: two processes creating a game in one channel at once ended with two
open games. Games left from before the rule (two open in one place) keep working."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

import rules
from service import GameService, Place
from service.errors import GameHere
from store import GameStore
from tests.service.service_testutil import SEED, FixedClock, fake_png

PLACE = Place(guild_id=7, channel_id=42)
PROCESSES = 4


async def _create(svc: GameService, host: str) -> int | GameHere:
    try:
        game = await svc.create_game(PLACE, host, host.title(), seats=2, seed=SEED,
                                     exclusive=True)
    except GameHere as refused:
        return refused
    return game.id


async def test_processes_creating_at_once_open_one_game(
        service: GameService, db_target: Path | str, clock: FixedClock) -> None:
    stores = [await GameStore.open(db_target) for _ in range(PROCESSES - 1)]
    services = [service, *(GameService(s, clock=clock, renderer=fake_png) for s in stores)]
    try:
        for round_ in range(3):
            outcomes = await asyncio.gather(*(
                _create(svc, f"host{round_}x{i}") for i, svc in enumerate(services)))
            created = [o for o in outcomes if isinstance(o, int)]
            assert len(created) == 1, f"round {round_}: {len(created)} open games in one place"
            assert all(o.params["game"] == created[0] for o in outcomes
                       if isinstance(o, GameHere)), "the refusal names the open game"
            assert [g.id for g in await service.games_here(PLACE)] == created
            await service.abandon(created[0], f"host{round_}x{outcomes.index(created[0])}")
    finally:
        for svc in services[1:]:
            svc.close()
        for s in stores:
            await s.close()


async def _legacy_database(db_target: Path | str, backend: str) -> None:
    """A database at schema 5 (before the constraint) with two open lobbies in PLACE."""
    edition = rules.load_edition()
    rows = [(7, 42, host, edition.name, edition.hash, SEED, "en",
             json.dumps({"reminders": True, "seats": 2}), 1.0, 1.0) for host in ("ann", "ben")]
    insert = ("INSERT INTO games (guild_id, channel_id, host_id, edition, edition_hash, seed, "
              "language, settings, created_at, updated_at) VALUES ({})")
    seat = "INSERT INTO game_players (game_id, user_id, seat, display_name, joined_at) " \
           "VALUES ({})"
    if backend == "sqlite":
        from store import db as storedb

        conn = await storedb.connect(db_target)
        try:
            assert await storedb.migrate(conn, target=5) == 5
            for game_id, row in enumerate(rows, 1):
                await conn.execute(insert.format(",".join("?" * 10)), row)
                await conn.execute(seat.format("?, ?, 0, ?, 1.0"),
                                   (game_id, row[2], row[2].title()))
        finally:
            await conn.close()
        return
    import psycopg

    from store.postgres import migrate as pg_migrate

    async with await psycopg.AsyncConnection.connect(str(db_target), autocommit=True) as raw:
        assert await pg_migrate.migrate(raw, target=5) == 5
        for game_id, row in enumerate(rows, 1):
            await raw.execute(insert.format(",".join(["%s"] * 10)).encode(), row)
            await raw.execute(seat.format("%s, %s, 0, %s, 1.0").encode(),
                              (game_id, row[2], row[2].title()))


@pytest.fixture
async def legacy(db_target: Path | str, backend: str) -> Path | str:
    await _legacy_database(db_target, backend)
    return db_target


async def test_two_open_games_from_before_the_rule_keep_working(
        legacy: Path | str, clock: FixedClock) -> None:
    store = await GameStore.open(legacy)  # migrates to the newest schema
    svc = GameService(store, clock=clock, renderer=fake_png)
    try:
        assert [g.id for g in await svc.games_here(PLACE)] == [1, 2]
        assert (await svc.game_here(PLACE, "ben")).id == 2
        for game_id, host, guest in ((1, "ann", "cem"), (2, "ben", "dan")):
            await svc.join(game_id, guest, guest.title())
            started = await svc.start(game_id, host)
            assert started.game.status == "running"
        refused = await _create(svc, "eve")
        assert isinstance(refused, GameHere)
        await svc.abandon(1, "ann")
        await svc.abandon(2, "ben")
        assert isinstance(await _create(svc, "eve"), int)  # the place is free again
    finally:
        svc.close()
        await store.close()
