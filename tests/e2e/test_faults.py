"""Discord's failures and the bot's own crash, injected into real games of the real bot.

In every case the store is the judge: the log stays dense (no move lost, none applied
twice) and the game goes on afterwards, through Discord again.
"""

from __future__ import annotations

import asyncio
import random

import pytest
from fake_discord import SEND_MESSAGE
from fake_discord.faults import Hold
from table import FOLLOWUP, Table

WEBHOOK = f"POST {FOLLOWUP}"


async def test_rate_limited_turn_post_is_sent_once_after_retry_after(table: Table) -> None:
    await table.open_game()
    rng = random.Random(2)
    table.fd.faults.rate_limit(SEND_MESSAGE, retry_after=0.4, scope="shared")
    decision = await table.play_until_turn_passes(rng, weights=(1, 0, 0))
    attempts = [r.status for r in table.fd.recorder.find(*SEND_MESSAGE.split(" ", 1))]
    assert attempts[-2:] == [429, 200]
    assert decision.seconds >= 0.4  # discord.py slept through retry_after, then posted
    assert len(table.turn_messages()) == 2
    await table.play_until_turn_passes(rng)
    assert len(table.turn_messages()) == 3
    table.assert_log_dense()


async def test_server_errors_on_posts_and_followups_are_retried(table: Table) -> None:
    await table.open_game()
    rng = random.Random(3)
    faults = table.fd.faults
    faults.server_error(SEND_MESSAGE, status=500)
    faults.server_error(WEBHOOK, status=502)
    before = table.game()["action_count"]
    await table.play_until_turn_passes(rng, weights=(1, 0, 0))
    statuses = {r.key: r.status for r in table.fd.recorder.requests if r.fault}
    assert set(statuses.values()) == {500, 502}
    assert len(table.turn_messages()) == 2
    assert table.game()["action_count"] > before
    await table.play_until_turn_passes(rng)
    table.assert_log_dense()
    assert len(table.turn_messages()) == 3


async def test_deferral_refused_with_unknown_interaction_applies_nothing(table: Table) -> None:
    await table.open_game()
    user = table.current()
    notation = str((await table.choices(user, "act"))[0]["value"])
    before = table.game()["action_count"]
    table.fd.faults.unknown_interaction()
    lost = await table.slash(user, "act", {"action": notation})
    refused = await table.fd.wait_for(
        lambda r: next((q for q in r.requests if q.fault == "10062"), None), 5)
    assert refused.status == 404 and str(lost.id) in refused.path
    await table.fd.sleep_until_idle(0.5)  # whatever the bot does next, it must not act
    assert table.game()["action_count"] == before, "a move whose ack failed was applied"
    # The player simply tries again: applied once, and the game goes on.
    await table.run(user, "act", {"action": notation})
    assert table.game()["action_count"] == before + 1
    await table.play_until_turn_passes(random.Random(4))
    table.assert_log_dense()


async def test_gateway_close_and_resume_loses_and_doubles_nothing(table: Table) -> None:
    await table.open_game()
    fd = table.fd
    user = table.current()
    notation = str((await table.choices(user, "act"))[0]["value"])
    before = table.game()["action_count"]
    async with fd.gateway_held():
        await fd.close_gateway(4000)
        # Dispatched while the bot is away: it reaches the bot only in the RESUME replay.
        sent = await table.slash(user, "act", {"action": notation})
    await table.done(sent)
    await fd.wait_for(lambda r: any(f.t == "RESUMED" for f in r.frames), 5)
    assert table.game()["action_count"] == before + 1
    await fd.reconnect()  # op 7 RECONNECT: another resume
    await fd.wait_for(lambda r: sum(f.t == "RESUMED" for f in r.frames) == 2, 5)
    identifies = [f for f in fd.recorder.frames if f.direction == "recv" and f.op == 2]
    assert len(identifies) == 1  # resumed both times, never a new session
    await table.play_until_turn_passes(random.Random(5))
    await table.play_until_turn_passes(random.Random(6))
    table.assert_log_dense()
    interactions = [a["interaction_id"] for a in table.store.actions(table.game_id)]
    assert interactions.count(str(sent.id)) == 1


async def test_sigkill_in_the_middle_of_a_turn_then_restart(table: Table) -> None:
    await table.open_game()
    rng = random.Random(7)
    # Play until a decision leaves the same player deciding again: the middle of a turn.
    for _ in range(200):
        decision = await table.decide(rng, weights=(1, 0, 0))
        if not decision.turn_passed and table.game()["status"] == "running":
            break
    else:
        raise AssertionError("no turn with two decisions in 200 decisions")
    mid = table.game()
    log = table.log_notations()
    # And one more move in flight at the kill: acknowledged, perhaps applied, never twice.
    user = table.current()
    notation = str((await table.choices(user, "act"))[0]["value"])
    sent = await table.slash(user, "act", {"action": notation})
    await sent.wait_ack()
    await table.bot.kill()
    await table.bot.start()
    after = table.log_notations()
    assert after[: len(log)] == log and len(after) in (len(log), len(log) + 1)
    if len(after) == len(log):
        await table.run(user, "act", {"action": notation})  # the player retries
    assert table.game()["action_count"] == mid["action_count"] + 1
    table.assert_log_dense()
    # The game goes on after the restart, through the same commands and buttons.
    messages = len(table.turn_messages())
    await table.play_until_turn_passes(rng)
    await table.play_until_turn_passes(rng, weights=(0, 0, 1))
    assert len(table.turn_messages()) >= messages + 2
    table.assert_log_dense()


async def test_restart_at_a_turn_start_keeps_the_old_buttons_working(table: Table) -> None:
    await table.open_game()
    rng = random.Random(9)
    await table.play_until_turn_passes(rng)
    posted = len(table.turn_messages())
    before = table.game()["action_count"]
    await table.bot.kill()
    await table.bot.start()
    assert table.game()["action_count"] == before
    # A button of the message posted before the kill (DynamicItems are persistent).
    decision = await table.decide(rng, weights=(0, 0, 1))
    assert decision.path in ("button", "select")
    assert table.game()["action_count"] == before + 1
    assert len(table.turn_messages()) >= posted
    table.assert_log_dense()


async def test_same_button_pressed_twice_at_once_acts_once(table: Table) -> None:
    await table.open_game()
    game = table.game()
    user = table.current()
    pressed = table._component(game, random.Random(10))
    assert pressed is not None
    _, custom_id, values, message = pressed
    fd = table.fd
    first, second = await asyncio.gather(
        fd.press_button(user, custom_id, message, values=values),
        fd.press_button(user, custom_id, message, values=values))
    replies = [await table.done(first), await table.done(second)]
    await fd.sleep_until_idle(0.3)
    assert table.game()["action_count"] == game["action_count"] + 1
    # One press was confirmed with the move, the other told the board changed (in the
    # presser's language, French for ben).
    applied = table.store.actions(table.game_id)[-1]["notation"]
    from test_post_commit import labels_of  # the move named by its label (issue 13)

    confirmed = [r for r in replies
                 if any(r.get("content", "").endswith(label) for label in labels_of(applied))]
    assert len(confirmed) == 1, replies
    table.assert_log_dense()
    await table.play_until_turn_passes(random.Random(11))


async def test_same_command_twice_at_once_acts_once(table: Table) -> None:
    await table.open_game()
    user = table.current()
    notation = await table.turn_ender(user)
    if notation is None:  # e.g. a draft pick that asks for more: end the turn first
        await table.play_until_turn_passes(random.Random(12))
        user = table.current()
        notation = await table.turn_ender(user)
    assert notation is not None
    before = table.game()["action_count"]
    first, second = await asyncio.gather(table.slash(user, "act", {"action": notation}),
                                         table.slash(user, "act", {"action": notation}))
    await table.done(first)
    await table.done(second)
    await table.fd.sleep_until_idle(0.3)
    assert table.game()["action_count"] == before + 1
    # And Discord delivering one interaction twice (a retry after a lost ack): still once.
    user = table.current()
    notation = str((await table.choices(user, "act"))[0]["value"])
    sent = await table.slash(user, "act", {"action": notation})
    await table.done(sent)
    await table.fd.gateway.dispatch("INTERACTION_CREATE", sent.record.payload)
    await table.fd.sleep_until_idle(0.5)
    assert table.game()["action_count"] == before + 2
    table.assert_log_dense()
    await table.play_until_turn_passes(random.Random(13))


async def test_sigterm_closes_the_session_and_exits_cleanly(table: Table) -> None:
    # A service manager stops the bot with SIGTERM: it closes its Discord session and the
    # store instead of dying mid-write, exits 0, and starts again where it was.
    await table.open_game()
    before = table.game()
    code = await table.bot.stop(grace=10.0)
    assert code == 0, table.bot.tail()
    await table.bot.start()
    assert table.game()["action_count"] == before["action_count"]
    first = table.turn_messages()[-1]  # posted before the restart, with its buttons
    assert first.custom_ids
    await table.play_until_turn_passes(random.Random(3))
    table.assert_log_dense()
    # the restarted bot found the card by the stored board post and closed it, once
    assert first.custom_ids == [] and len(table.edits_of(first)) == 1


async def _kill_while_the_turn_post_is_held(table: Table, seed: int) -> tuple[int, int, Hold]:
    """Play to a turn-ending move, hold its public post in the fake, and SIGKILL the bot
    once the player has the confirmation and the post is on its way. Returns the turn
    messages before, the version whose post is owed, and the held request."""
    await table.open_game()
    user = table.current()
    notation = await table.turn_ender(user)
    if notation is None:
        await table.play_until_turn_passes(random.Random(seed))
        user = table.current()
        notation = await table.turn_ender(user)
    assert notation is not None
    posted = len(table.turn_messages())
    before = table.game()["action_count"]
    held = table.fd.faults.hold(SEND_MESSAGE)
    sent = await table.slash(user, "act", {"action": notation})
    await table.done(sent)  # acknowledged and confirmed to the player...
    await asyncio.wait_for(held.arrived.wait(), 15)  # ...and the turn post is in flight
    game = table.game()
    assert game["action_count"] == before + 1
    assert game["turn_version"] == game["version"] != game["board_version"]  # owed
    await table.bot.kill()
    return posted, int(game["version"]), held


@pytest.fixture
def bot_env() -> dict[str, str]:
    """A restarted process is a new lease owner (cogs.runner.lease_owner): it waits for
    the killed one's lease to expire. A short LEASE_TTL_S keeps that wait within the
    restart tests' time."""
    return {"LEASE_TTL_S": "2"}


async def _restart_and_expect_one_post(table: Table, posted: int, version: int) -> None:
    await table.bot.start()
    await table.fd.wait_for(lambda _: table.game()["board_version"] == version, 15)
    await table.fd.sleep_until_idle(0.5)  # several reminder polls: nothing more arrives
    messages = table.turn_messages()
    assert len(messages) == posted + 1, [m.text for m in messages[posted:]]
    latest = messages[-1]
    current = table.by_id[table.game()["current_player"]]
    assert f"<@{current.id}>" in latest.text  # the mention...
    ids = [i for i in latest.custom_ids if not i.startswith("ab:back:")]  # Undo aside
    assert ids and all(f":{version}" in i for i in ids)  # ...and buttons of this board
    assert table.game()["board_message_id"] == int(latest.payload["id"])
    table.assert_log_dense()


async def test_sigkill_before_the_turn_post_then_restart_posts_it_once(table: Table) -> None:
    posted, version, held = await _kill_while_the_turn_post_is_held(table, 14)
    held.release(deliver=False)  # the send never reached Discord
    assert len(table.turn_messages()) == posted
    await _restart_and_expect_one_post(table, posted, version)
    # The game goes on from the recovered message, through its buttons too.
    await table.play_until_turn_passes(random.Random(15), weights=(0, 0, 1))
    assert len(table.turn_messages()) == posted + 2
    table.assert_log_dense()


async def test_sigkill_after_discord_took_the_post_but_before_it_was_recorded(
    table: Table,
) -> None:
    posted, version, held = await _kill_while_the_turn_post_is_held(table, 16)
    held.release(deliver=True)  # Discord made the message; the bot died before the answer
    await table.fd.wait_for(lambda _: len(table.turn_messages()) == posted + 1, 5)
    # On restart the post is still owed; sent again with the same nonce, Discord answers
    # with the message it has, so the table sees the turn once.
    await _restart_and_expect_one_post(table, posted, version)
    await table.play_until_turn_passes(random.Random(17))
    table.assert_log_dense()
