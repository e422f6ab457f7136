"""A complete 3-player game of the real bot, played only through Discord interactions."""

from __future__ import annotations

import random
import re
import time

import pytest
from table import Table

MAX_DECISIONS = 1500  # a random 3-player game takes ~250-350; this only stops a runaway


@pytest.mark.slow
async def test_whole_game_through_slash_commands_autocomplete_and_buttons(table: Table) -> None:
    started = time.monotonic()
    await table.open_game(name="Ganze Partie")
    rng = random.Random(8)
    while table.game()["status"] == "running":
        assert len(table.decisions) < MAX_DECISIONS, "the game does not end"
        await table.decide(rng)
    game = table.game()
    assert game["status"] == "finished"
    table.assert_log_dense()
    assert game["action_count"] == len(table.decisions)

    # Every interaction was acknowledged within Discord's 3 seconds.
    slow = [s.ack_seconds for s in table.sent if s.ack_seconds is None or s.ack_seconds >= 3]
    assert slow == []
    # Exactly one public turn message per turn: the start, then one per turn passed.
    turns = sum(d.turn_passed for d in table.decisions)
    messages = table.turn_messages()
    assert len(messages) == 1 + turns
    for message in messages:
        table.check_board(message, 10 * 2**20)  # the payloads' attachment_size_limit
    # The last one announces the end with the scores of all three players.
    final = messages[-1].text
    assert all(u.global_name and u.global_name in final for u in table.users), final
    assert not messages[-1].custom_ids  # the end: nothing left to press
    # Every path was used: /act, specialised commands, buttons or menus.
    paths = {d.path for d in table.decisions}
    assert {"act", "command"} <= paths and paths & {"button", "select"}, paths

    # /log still answers for the finished game, by its id.
    log = await table.run(table.users[1], "log", {"game": table.game_id}, locale="fr")
    assert log["attachments"] or re.search(r"\d", log["content"])
    elapsed = time.monotonic() - started
    print(f"{len(table.decisions)} decisions, {turns} turns, {len(table.sent)} interactions "
          f"in {elapsed:.1f} s; paths {sorted(paths)}")
