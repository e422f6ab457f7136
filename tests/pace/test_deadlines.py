"""Deadlines (issue 35, item 1) with a fake clock, on both backends: a turn whose deadline
expires is played by the computer or passed as the table set, once, also across a restart
and with two service instances (two processes) on one database; quiet hours and vacation
stop the clock; the story names the expiry; N expiries in a row bring the stall notice."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from service_testutil import FixedClock, fake_png

import rules
from service import CONSOLE, GameService, ReminderSettings
from service.computer import Thinker
from service.deadline_clock import deadline_at
from service.deadlines import Expiry, marked
from store import GameStore

HOUR = 3600.0
FAST = {"sample": 2, "width": 0, "follow": 1, "seconds": None, "noise": 0.0}
NOON = 1_750_075_200.0  # 2025-06-16 12:00 UTC


async def open_service(target: Path | str, clock: FixedClock) -> GameService:
    store = await GameStore.open(target, clock=clock)
    svc = GameService(store, clock=clock, renderer=fake_png)
    svc.use_thinker(Thinker(processes=False, budget=FAST, hint_budget=FAST))
    return svc


async def close(svc: GameService) -> None:
    await svc.kicks_idle()
    svc.close()
    await svc.store.close()


@pytest.fixture
async def two(db_target: Path | str) -> AsyncIterator[tuple[GameService, GameService,
                                                            FixedClock]]:
    clock = FixedClock(NOON)
    first = await open_service(db_target, clock)
    second = await open_service(db_target, clock)
    try:
        yield first, second, clock
    finally:
        await close(first)
        await close(second)


async def new_game(svc: GameService, **settings: Any) -> int:
    game = await svc.create_game(CONSOLE, "ann", "Ann", seats=2, seed=4,
                                 players=[("ben", "Ben")],
                                 settings={"reminders": False, **settings})
    await svc.start(game.id, "ann")
    return game.id


async def log_of(svc: GameService, game_id: int) -> list[Any]:
    return await svc.store.read_log(game_id)


async def test_an_expired_turn_is_played_by_the_computer_once_by_two_processes(
        two: tuple[GameService, GameService, FixedClock]) -> None:
    first, second, clock = two
    game_id = await new_game(first, deadline=24, deadline_level="easy")
    owner = await first.deciding(game_id)
    due = await first.deadline_of(game_id)
    assert due == pytest.approx(NOON + 24 * HOUR)
    clock.now = NOON + 24 * HOUR - 1
    assert await first.expire_due() == [] and await second.expire_due() == []
    clock.now = NOON + 24 * HOUR + 1
    a, b = await asyncio.gather(first.expire_due(), second.expire_due())
    played = a + b
    assert played and all(r.player == owner for r in played)
    log = await log_of(first, game_id)
    assert [r.seq for r in log] == list(range(1, len(log) + 1))  # dense: nothing twice
    theirs = [r for r in log if r.player_id == owner]
    assert len(theirs) == len(played) and all(marked(r) == "deadline" for r in theirs)
    assert played[-1].turn_passed
    assert await first.deciding(game_id) != owner  # the seat keeps its player, next one up
    game = await first.game(game_id)
    assert "replaced" not in game.settings
    # nothing is due any more for that turn, in either process
    assert await first.expire_due() == [] and await second.expire_due() == []
    # the next player's deadline runs from the expiry
    assert await second.deadline_of(game_id) == pytest.approx(clock.now + 24 * HOUR)


async def test_an_expired_deadline_survives_a_restart(db_target: Path | str) -> None:
    clock = FixedClock(NOON)
    before = await open_service(db_target, clock)
    game_id = await new_game(before, deadline=12, deadline_action="pass")
    owner = await before.deciding(game_id)
    await close(before)  # the process stops before the deadline
    clock.now = NOON + 13 * HOUR
    after = await open_service(db_target, clock)
    try:
        played = await after.expire_due()
        assert played and {r.player for r in played} == {owner}
        again = await open_service(db_target, clock)  # a second start finds nothing left
        try:
            assert await again.expire_due() == []
        finally:
            await close(again)
        log = await log_of(after, game_id)
        assert [marked(r) for r in log] == ["deadline"] * len(played)
    finally:
        await close(after)


async def test_pass_plays_pass_or_the_least_a_turn_can_do(service: GameService,
                                                          clock: FixedClock) -> None:
    game_id = await new_game(service, deadline=12, deadline_action="pass")
    for _ in range(6):  # six turns run out in a row, whoever's they are
        owner = await service.deciding(game_id)
        state = await service.state_at(game_id)
        clock.now += 13 * HOUR
        played = await service.expire_due()
        assert played and played[-1].turn_passed
        for result in played:
            legal = {str(a) for a in rules.legal_actions(state, owner)}
            plain = [a for a in ("pass", "takeback", "grant") if a in legal]
            if plain:  # where the rules allow a plain action, the seat takes it
                assert result.notation == plain[0]
            state = result.state
        assert all(r.player == owner for r in played)


async def test_quiet_hours_and_vacation_stop_the_clock(service: GameService,
                                                       clock: FixedClock) -> None:
    # ann's quiet hours 22:00-08:00 UTC; the game starts at 20:00, deadline 12 h
    clock.now = NOON + 8 * HOUR
    for player in ("ann", "ben"):
        await service.set_reminder_settings(ReminderSettings(
            player, quiet_start=22 * 60, quiet_end=8 * 60, time_zone="UTC"))
    game_id = await new_game(service, deadline=12)
    owner = await service.deciding(game_id)
    start = clock.now
    # 2 h until 22:00, 10 h stopped, then 10 h more: the next day at 18:00
    expected = start + 2 * HOUR + 10 * HOUR + 10 * HOUR
    assert await service.deadline_of(game_id) == pytest.approx(expected)
    clock.now = start + 12 * HOUR + 1  # twelve hours on the wall: not yet
    assert await service.expire_due() == []
    # a vacation begun since stops the clock again: the row moves, nothing is played
    settings = await service.reminder_settings(owner)
    clock.now = expected - HOUR
    await service.set_reminder_settings(dataclasses.replace(
        settings, vacation_until=clock.now + 5 * HOUR))
    clock.now = expected + 1
    assert await service.expire_due() == []
    moved = await service.deadline_of(game_id)
    # the hour left runs after the vacation (17:00-22:00) and the quiet night after it
    # (22:00-08:00): at 09:00 the day after
    assert moved is not None and moved == pytest.approx(expected + 15 * HOUR, abs=2)
    clock.now = moved + 1
    assert await service.expire_due()


def test_the_clock_runs_only_outside_quiet_hours_in_the_players_zone() -> None:
    berlin = ReminderSettings("ann", quiet_start=23 * 60, quiet_end=7 * 60,
                              time_zone="Europe/Berlin")
    # 12:00 UTC is 14:00 in Berlin (summer): 9 h to 23:00, 8 h stopped, then 3 h
    assert deadline_at(NOON, 12, berlin) == NOON + 9 * HOUR + 8 * HOUR + 3 * HOUR
    assert deadline_at(NOON, 12, ReminderSettings("ann")) == NOON + 12 * HOUR


async def test_expiries_in_a_row_bring_the_stall_notice_once(service: GameService,
                                                             clock: FixedClock) -> None:
    told: list[Expiry] = []

    async def listen(expiry: Expiry) -> None:
        told.append(expiry)

    service.on_expiry(listen)
    game_id = await new_game(service, deadline=12, deadline_action="pass", deadline_stall=2)
    for _ in range(6):
        clock.now += 13 * HOUR
        assert await service.expire_due()
    by_seat: dict[str, list[int]] = {}
    for expiry in told:
        by_seat.setdefault(expiry.player, []).append(expiry.misses)
    assert all(m == list(range(1, len(m) + 1)) for m in by_seat.values())
    stalled = [e for e in told if e.stalled]
    # each seat's second expiry in a row brings the notice, and only that one
    assert sorted(e.player for e in stalled) == ["ann", "ben"]
    assert all(e.misses == 2 for e in stalled)
    # the player's own move ends the run: their next expiry counts from one again
    player = await service.deciding(game_id)
    legal = (await service.legal(game_id)).actions
    while await service.deciding(game_id) == player:
        await service.act(game_id, player, legal[0])
        if await service.deciding(game_id) == player:
            legal = (await service.legal(game_id)).actions
    while await service.deciding(game_id) != player:
        clock.now += 13 * HOUR
        await service.expire_due()
    clock.now += 13 * HOUR
    await service.expire_due()
    assert told[-1].player == player and told[-1].misses == 1


async def test_the_story_names_the_expiry(service: GameService, clock: FixedClock) -> None:
    game_id = await new_game(service, deadline=12, deadline_level="easy")
    owner = await service.deciding(game_id)
    clock.now += 13 * HOUR
    await service.expire_due()
    names = {"ann": "Ann", "ben": "Ben"}
    for lang, words in (("en", "played for"), ("de", "für"), ("fr", "pour")):
        story = await service.turn_story(game_id, lang)
        assert words in story[0] and names[owner] in story[0], story[0]
