"""Tables that lock up and refusals that lie, through the loopback Discord (issue 11,
items 4-8): a second game in a channel, a host who left, the wrong person at a button,
the undo vote, and a game that ended in its thread."""

from __future__ import annotations

import random

from fake_discord import StoredMessage
from table import Table

EN = "en-US"


def _vote_post(table: Table, prefix: str) -> StoredMessage | None:
    assert table.place is not None
    return next((m for m in reversed(table.fd.world.channel_messages(table.place))
                if any(i.startswith(prefix) for i in m.custom_ids)), None)


def _ids(message: StoredMessage) -> list[str]:
    return message.custom_ids


async def test_a_second_game_a_host_who_left_and_the_wrong_presser(table: Table) -> None:
    ann, ben, cem = table.users  # ann owns the server (an admin); cem hosts here
    world = table.fd.world
    table.place = world.channel
    await table.run(cem, "game new", {"players": 3, "thread": False}, locale=EN)
    first = table.store.games()[-1]
    assert first["thread_id"] is None
    # Any member opening a second game here gets it in a thread of its own.
    before = set(world.channels)
    await table.run(ben, "game new", {"players": 2, "thread": False}, locale=EN)
    second = table.store.games()[-1]
    assert second["thread_id"] is not None and second["thread_id"] not in before
    # The channel's commands still reach the channel's game: no "several games".
    for user in (ann, ben):
        reply = await table.run(user, "game join", locale=EN)
        assert "joined" in reply["content"], reply
    # The host leaves the lobby: the host passes on to the longest seated player.
    await table.run(cem, "game leave", locale=EN)
    reply = await table.run(cem, "game start", locale=EN)
    assert "Only the host" in reply["content"]
    assert table.store.game(first["id"])["status"] == "lobby"
    reply = await table.run(cem, "game abandon", locale=EN)
    assert table.store.game(first["id"])["status"] == "lobby", reply
    await table.run(ann, "game start", locale=EN)
    table.game_id = int(first["id"])
    board = await table.wait_turn_messages(1)
    assert table.game()["status"] == "running"
    button = next(c for c in _ids(board) if c.startswith("ab:act:"))
    current = table.current()
    waiting = ann if current == ben else ben
    # cem left: not "the board has changed", but the truth /act tells.
    reply = await table.done(await table.fd.press_button(cem, button, board, locale=EN))
    assert "is not playing in game" in reply["content"], reply
    reply = await table.done(await table.fd.press_button(waiting, button, board, locale=EN))
    assert f"it is {current.username}'s decision" in reply["content"].lower()
    assert "changed" not in reply["content"]
    assert table.game()["action_count"] == 0
    # /act and its autocomplete still find the game.
    assert await table.choices(current, "act")


async def test_the_undo_vote_and_a_game_that_ended_in_its_thread(table: Table) -> None:
    ann, ben, cem = table.users
    await table.open_game()
    rng = random.Random(3)
    while not (decision := await table.decide(rng, weights=(1, 0, 0))).turn_passed:
        pass
    asker = decision.user
    others = [u for u in table.users if u != asker]
    count = table.game()["action_count"]
    await table.run(asker, "undo", locale=EN)
    post = await table.fd.wait_for(lambda _: _vote_post(table, "ab:undo:"), 15)
    text = post.payload["content"]
    assert all(f"<@{u.id}>" in text for u in others)  # those who must answer
    assert f"<@{asker.id}>" not in text  # the asker is named, not pinged
    yes = next(c for c in _ids(post) if c.endswith(":yes"))
    reply = await table.done(await table.fd.press_button(asker, yes, post, locale=EN))
    assert "asked for this yourself" in reply["content"] and "not playing" not in reply["content"]
    for user in others:
        await table.done(await table.fd.press_button(user, yes, post, locale=EN))
    assert table.game()["action_count"] < count
    # The decided vote keeps no live buttons.
    await table.fd.wait_for(
        lambda _: not _ids(table.fd.world.messages[int(post.payload["id"])]), 15)
    # The game ends; its thread still answers about it, and the list shows it.
    await table.run(ann, "game abandon", locale=EN)
    assert table.game()["status"] == "abandoned"
    for command in ("status", "log", "export"):
        reply = await table.run(ben, command, locale=EN)
        assert "No game" not in reply["content"], (command, reply)
    reply = await table.run(cem, "game list", locale=EN)
    assert f"#{table.game_id}" in reply["content"] and "No games" not in reply["content"]
