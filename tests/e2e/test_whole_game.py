"""A complete 3-player game of the real bot, played only through Discord interactions."""

from __future__ import annotations

import random
import re
import time

import pytest
from fake_discord.components import walk
from table import Table

SEND_MESSAGE_ROUTE = "/channels/{channel_id}/messages"


def walk_ids(body: object) -> list[str]:
    """The custom ids a message body was sent with."""
    components = body.get("components") if isinstance(body, dict) else None
    return [str(c["custom_id"]) for c in walk(components or []) if c.get("custom_id")]

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
        table.check_card(message)  # one V2 turn card, its phone image under 500 KB
    # Each card was edited exactly once when the next turn came, to lose its buttons;
    # the last one, the end, had none to lose.
    for message in messages[:-1]:
        assert len(table.edits_of(message)) == 1, message.payload["id"]
        assert message.custom_ids == [] and message.text
    assert table.edits_of(messages[-1]) == []
    # The card tells the whole turn: the mover's name and the decisions, line by line.
    names = {u.global_name for u in table.users}
    assert all(any(n in m.text for n in names) for m in messages[1:])
    told = [m.text.count("\n") for m in messages[1:]]
    assert max(told) >= 4, told  # a turn of several decisions and their consequences
    # The mover was offered Undo on each card of the game (none on the final one).
    offered = [m for m in messages[1:-1] if any(
        c.startswith("ab:back:") for r in table.fd.recorder.find("POST", SEND_MESSAGE_ROUTE)
        if isinstance(r.response, dict) and r.response.get("id") == m.payload["id"]
        for c in walk_ids(r.json))]
    assert len(offered) == len(messages) - 2
    # The last one announces the end with the scores of all three players.
    final = messages[-1].text
    assert all(u.global_name and u.global_name in final for u in table.users), final
    # the end: nothing left to press but Rematch (issue 35)
    assert messages[-1].custom_ids == ["ab:again:1"]
    # Every path was used: /act, specialised commands, buttons or menus.
    paths = {d.path for d in table.decisions}
    assert {"act", "command"} <= paths and paths & {"button", "select"}, paths

    # /log still answers for the finished game, by its id.
    log = await table.run(table.users[1], "log", {"game": table.game_id}, locale="fr")
    assert log["attachments"] or re.search(r"\d", log["content"])
    elapsed = time.monotonic() - started
    print(f"{len(table.decisions)} decisions, {turns} turns, {len(table.sent)} interactions "
          f"in {elapsed:.1f} s; paths {sorted(paths)}")
