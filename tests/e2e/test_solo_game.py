"""A complete solo game against the Autobot, through Discord: `/game new level:N`, then the
human alone decides; the Autobot's turns are played and logged by the bot itself."""

from __future__ import annotations

import json
import random

import pytest
from table import Table

MAX_DECISIONS = 1500


@pytest.mark.slow
@pytest.mark.parametrize("level", [3, 12])
async def test_a_whole_solo_game_through_discord(table: Table, level: int) -> None:
    await table.open_solo_game(level, name=f"Solo {level}")
    ann = table.users[0]
    rng = random.Random(level)
    while table.game()["status"] == "running":
        assert len(table.decisions) < MAX_DECISIONS, "the game does not end"
        decision = await table.decide(rng)
        assert decision.user == ann  # nobody else is ever asked
    assert table.game()["status"] == "finished"
    table.assert_log_dense()
    actions = table.store.actions(table.game_id)
    players = {a["player_id"] for a in actions}
    assert players == {str(ann.id), "autobot"}
    assert all(a["notation"].startswith("autobot ") for a in actions
               if a["player_id"] == "autobot")
    final = table.turn_messages()[-1].text
    assert "autobot" in final.lower() and ann.global_name in final
    assert json.loads(table.store.game(table.game_id)["settings"])["solo_level"] == level
