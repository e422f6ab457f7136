"""Computer players through Discord (issue 16): ann opens a game with two computer seats,
and plays; the computers' turns are played by the bot itself, posted like any turn, and
never mention anyone but ann."""

from __future__ import annotations

import asyncio
import time

import pytest
from table import Table

ANN_DECISIONS = 12


async def wait_for_ann(table: Table, timeout: float = 60.0) -> None:
    ann = str(table.users[0].id)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        game = table.game()
        if game["status"] != "running" or game["current_player"] == ann:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"the computers did not hand back: {dict(table.game())}")


@pytest.mark.slow
async def test_one_human_and_two_computers_through_discord(table: Table) -> None:
    ann = table.users[0]
    before = set(table.fd.world.channels)
    await table.run(ann, "game new", {"players": 3, "bots": 2, "bot_level": "easy",
                                      "name": "cpu", "thread": True})
    new = [c for cid, c in table.fd.world.channels.items() if cid not in before]
    table.place = new[0] if new else table.fd.world.channel
    (row,) = [g for g in table.store.games() if g["status"] == "lobby"]
    table.game_id = int(row["id"])
    await table.run(ann, "game start")
    hinted = False
    for _ in range(ANN_DECISIONS):
        await wait_for_ann(table)
        if table.game()["status"] != "running":
            break
        if not hinted:
            answer = await table.run(ann, "hint")
            assert answer.get("content", "").startswith("Vorschlag: ")  # ann reads German
            hinted = True
        options = await table.choices(ann, "act")
        await table.run(ann, "act", {"action": str(options[0]["value"])})
    await wait_for_ann(table)
    players = {a["player_id"] for a in table.store.actions(table.game_id)}
    assert {"cpu1", "cpu2"} <= players and str(ann.id) in players
    posts = [m.text for m in table.turn_messages()]
    assert any("Computer 1" in p for p in posts)
    assert not any("<@cpu" in p for p in posts)
    assert all(r["user_id"] == str(ann.id) for r in table.store.reminders(table.game_id))
