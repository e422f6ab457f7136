"""Issue 30 item 2: every read-modify-write of a game's settings or seats is one
transaction under the game's lock, so racing writers never lose a confirmed change."""

from __future__ import annotations

import asyncio
from pathlib import Path

from service import CONSOLE, GameService
from service.seat_settings import computer_seats, replaced_seats
from store import GameStore
from tests.service.service_testutil import SEED, FixedClock, fake_png

ROUNDS = 12


async def _running(service: GameService) -> int:
    game = await service.create_game(CONSOLE, "ann", "Ann", seats=3, seed=SEED)
    for pid in ("ben", "cem"):
        await service.join(game.id, pid, pid.title())
    return (await service.start(game.id, "ann")).game.id


async def test_settings_racing_hand_over_and_reclaim_lose_no_change(
        service: GameService, store: GameStore, db_target: Path | str,
        clock: FixedClock) -> None:
    # A second process on the same database (its own connection, its own service).
    other_store = await GameStore.open(db_target)
    other = GameService(other_store, clock=clock, renderer=fake_png)
    try:
        gid = await _running(service)
        for i in range(ROUNDS):
            wanted = "off" if i % 2 == 0 else "on"
            seat = "ben" if i % 2 == 0 else "cem"
            await asyncio.gather(
                service.update_settings(gid, "ann", {"reminders": wanted}),
                other.computers.hand_over(await other.game(gid), seat, "easy", "ann"),
            )
            after = (await service.game(gid)).settings
            assert after["reminders"] is (wanted == "on"), f"round {i}: the setting was lost"
            assert seat in replaced_seats(after), f"round {i}: the hand-over was lost"
            await asyncio.gather(
                other.update_settings(gid, "ann", {"reminders": "on"}),
                service.reclaim(gid, seat),
            )
            after = (await service.game(gid)).settings
            assert after["reminders"] is True, f"round {i}: the setting was lost"
            assert seat not in replaced_seats(after), f"round {i}: the reclaim was lost"
    finally:
        other.close()
        await other_store.close()


async def test_add_bot_racing_settings_leaves_every_seat_played(
        service: GameService, store: GameStore, db_target: Path | str,
        clock: FixedClock) -> None:
    other_store = await GameStore.open(db_target)
    other = GameService(other_store, clock=clock, renderer=fake_png)
    try:
        game = await service.create_game(CONSOLE, "ann", "Ann", seats=4, seed=SEED)
        for i in range(3):
            await asyncio.gather(
                service.add_bot(game.id, "ann", "easy"),
                other.update_settings(game.id, "ann", {"reminders": "off" if i % 2 else "on"}),
            )
        after = await service.game(game.id)
        bots = [p for p in after.player_ids if p.startswith("cpu")]
        assert len(bots) == 3
        assert set(computer_seats(after.settings)) == set(bots), \
            "a computer's seat was lost from the settings: no computer plays it"
    finally:
        other.close()
        await other_store.close()
