"""Seats by name in the reader's language (issue 13): a computer seat is "Computer 2
(stark)" for a German reader of an English game, the Autobot is named by its level, and
one committed move is told by its label, never its notation or a seat id."""

from __future__ import annotations

import re

import pytest
from service_testutil import SEED, FixedClock, fake_png

from service import CONSOLE, GameService
from service.computer import Thinker
from service.names import seat_name, seat_names
from store import GameStore

FAST = {"sample": 2, "width": 0, "follow": 1, "seconds": None, "noise": 0.0}


@pytest.fixture
async def svc(store: GameStore, clock: FixedClock):  # type: ignore[no-untyped-def]
    service = GameService(store, clock=clock, renderer=fake_png)
    service.use_thinker(Thinker(processes=False, budget=FAST, hint_budget=FAST))
    try:
        yield service
    finally:
        service.close()


async def test_computer_seats_are_named_in_the_readers_language(svc: GameService) -> None:
    game = await svc.create_game(CONSOLE, "ann", "Ann", seats=3, seed=SEED, bots=2,
                                 bot_level="strong", language="en")
    assert seat_names(game)["cpu2"] == "Computer 2 (strong)"  # as stored, for records
    assert seat_names(game, "de") == {"ann": "Ann", "cpu1": "Computer 1 (stark)",
                                      "cpu2": "Computer 2 (stark)"}
    assert seat_name(game, "cpu1", "fr") == "Ordinateur 1 (fort)"
    assert svc.name(game, "cpu1", "de") == seat_name(game, "cpu1", "de")
    assert seat_name(game, None, "de") == "-"


async def test_a_move_is_told_by_its_label_with_seat_names(svc: GameService) -> None:
    game = await svc.create_game(CONSOLE, "ann", "Ann", seats=3, seed=SEED, bots=2,
                                 language="de")
    started = await svc.start(game.id, "ann")
    told: list[str] = []

    async def seen(result) -> None:  # type: ignore[no-untyped-def]
        told.extend(svc.move_story(await svc.game(result.game_id), result, "fr"))

    svc.on_computer_move(seen)
    for _ in range(12):
        await svc.computers_idle()
        legal = await svc.legal(game.id, "ann")
        result = await svc.act(game.id, "ann", legal.actions[0], expected_version=legal.version)
        lines = svc.move_story(started.game, result, "fr")
        assert lines[0].startswith("Ann\u202f: ") and result.notation not in lines[0], lines
        told.extend(lines)
    await svc.computers_idle()
    assert any(line.startswith("Ordinateur 1 (normal)\u202f: ") for line in told), told
    ids = re.compile(r"\bcpu\d\b|\b[a-z]{1,3}\d{1,2}\.\d\b|\bd_[a-z_]+")
    assert not [line for line in told if ids.search(line)]


async def test_the_autobot_is_named_by_its_level(svc: GameService) -> None:
    game = await svc.create_game(CONSOLE, "ann", "Ann", seats=1, seed=SEED, solo_level=4)
    assert seat_names(game, "de")["autobot"] == "Autobot (Stufe 4)"
    assert "autobot" not in seat_names(game)  # a record names its seats only
