"""Issue 11, item 11 in the service: reminder settings are range-checked where they are
stored (not only by /remind), and a stored row out of range never stalls a hand-off."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from dbdump import dump

from service import GameService
from service.errors import BadOption, UnknownGame
from service.reminder_schedule import MAX_WAIT_S
from store import Game, GameStore, ReminderSettings

HOSTILE = [
    {"delay_s": 2**63}, {"delay_s": -1}, {"delay_s": 1.5}, {"repeat_s": 10**13},
    {"repeat_s": 0}, {"max_repeats": 10**6}, {"max_repeats": True},
    {"vacation_until": 1e300}, {"vacation_until": float("nan")}, {"vacation_until": "soon"},
    {"quiet_start": 2000, "quiet_end": 10}, {"quiet_start": 10, "quiet_end": None},
    {"time_zone": "Mars/Olympus"}, {"time_zone": "x" * 10_000}, {"delivery": "pigeon"},
    {"user_id": "\u202eann"}, {"game_id": 2**64},
]


@pytest.mark.parametrize("change", HOSTILE)
async def test_out_of_range_settings_are_refused_and_nothing_is_stored(
        service: GameService, store: GameStore, running: Game, change: dict[str, Any]) -> None:
    before = dump(store.path)
    settings = dataclasses.replace(ReminderSettings("ann"), **change)
    with pytest.raises((BadOption, UnknownGame)):  # 2**64 is no game's number
        await service.set_reminder_settings(settings)
    assert dump(store.path) == before


async def test_settings_in_range_are_stored(service: GameService, running: Game) -> None:
    wanted = ReminderSettings("ann", delay_s=MAX_WAIT_S, repeat_s=60, max_repeats=20,
                              quiet_start=22 * 60, quiet_end=7 * 60, time_zone="Europe/Berlin",
                              vacation_until=service.clock() + 90 * 86_400)
    assert (await service.set_reminder_settings(wanted)) == wanted


async def test_an_absurd_stored_row_does_not_stall_the_next_hand_off(
        service: GameService, store: GameStore, running: Game) -> None:
    # Rows written before the service checked ranges: the store takes them as they are.
    for user in running.player_ids:
        await store.set_reminder_settings(ReminderSettings(
            user, delay_s=2**62, repeat_s=10**13, vacation_until=1e300))
    for _ in range(3):
        player = await service.deciding(running.id)
        result = await service.act(running.id, player, (await service.legal(running.id)).actions[0])
        assert result.version > 0
    pending = await store.pending_reminders(running.id)
    assert pending and all(r.due_at < 253_402_300_800 for r in pending)
