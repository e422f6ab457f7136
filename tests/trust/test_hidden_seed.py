"""Issue 30 item 6: until a game ends no player may learn what is not yet revealed. The
seed deals the route cards, the start player and every future draw, so a running game's
record carries it sealed (only the bot that wrote it can read it back), and no public post
shows it. A finished game's record shows everything."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service import CONSOLE, GameService
from service.errors import BadRecord, message
from store import GameStore
from tests.service.service_testutil import FixedClock, fake_png, first_choice_game, record_of

SEED = 987_654_321


async def _running(service: GameService) -> int:
    game = await service.create_game(CONSOLE, "ann", "Ann", seats=3, seed=SEED)
    for pid in ("ben", "cem"):
        await service.join(game.id, pid, pid.title())
    started = await service.start(game.id, "ann")
    return started.game.id


async def test_a_running_games_record_does_not_show_its_seed(service: GameService) -> None:
    gid = await _running(service)
    record = await service.export(gid)
    text = json.dumps(record)
    assert "seed" not in record and str(SEED) not in text
    assert isinstance(record["sealed_seed"], str)
    copy = await service.import_record(CONSOLE, "ann", record)  # the same bot reads it back
    assert copy.seed == SEED
    assert await service.state_at(copy.id) == await service.state_at(gid)


async def test_another_bot_cannot_read_a_sealed_record(
        service: GameService, tmp_path: Path, clock: FixedClock) -> None:
    record = await service.export(await _running(service))
    elsewhere = await GameStore.open(tmp_path / "elsewhere.sqlite3")
    other = GameService(elsewhere, clock=clock, renderer=fake_png)
    try:
        with pytest.raises(BadRecord) as refused:
            await other.import_record(CONSOLE, "ann", record)
        assert "sealed" in message(refused.value, "en")
        for lang in ("de", "fr"):
            assert "sealed" not in message(refused.value, lang)
        assert await elsewhere.games_in_channel(0, ("lobby", "running", "finished")) == []
    finally:
        other.close()
        await elsewhere.close()


async def test_a_tampered_seal_is_refused(service: GameService) -> None:
    record = await service.export(await _running(service))
    token = record["sealed_seed"]
    record["sealed_seed"] = token[:-2] + ("AA" if token[-2:] != "AA" else "BB")
    with pytest.raises(BadRecord):
        await service.import_record(CONSOLE, "ann", record)
    record = await service.export(1)
    record["players"] = ["ann", "cem", "ben"]  # the seal belongs to its own table
    with pytest.raises(BadRecord):
        await service.import_record(CONSOLE, "ann", record)


async def test_a_finished_games_record_shows_everything(service: GameService) -> None:
    done = await service.import_record(CONSOLE, "ann", record_of(first_choice_game()))
    record = await service.export(done.id)
    assert done.status == "finished" and record["seed"] == 1 and "sealed_seed" not in record
