"""After a move is committed, nothing may tell the mover it failed (issue 11, item 2).

A turn post can fail in ways discord.py does not turn into an HTTPException: the
connection drops (aiohttp.ServerDisconnectedError, not retried) or a 429 asks for a wait
longer than max_ratelimit_timeout (discord.RateLimited). The mover must hear that the
move was made, the log must hold it once, and the game keeps owing its post, which the
owed-post check sends.
"""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path
from typing import Any

from botproc import group_members
from fake_discord import SEND_MESSAGE, SentInteraction
from table import FOLLOWUP, Table

from locales import translate

FAILURE_TEXTS = [translate("internal_error", lang, ref="@").split("@")[0]
                 for lang in ("en", "de", "fr")]


async def end_turn_with_fault(table: Table, fault: Any, hit: Any) -> tuple[SentInteraction, str]:
    """The current player ends their turn while `fault()` breaks its turn post; returns
    once the fault hit it (`hit(request)`) and the bot had time to say anything more."""
    await table.open_game()
    user = table.current()
    notation = await table.turn_ender(user)
    assert notation is not None
    before = table.game()["action_count"]
    fault()
    sent = await table.slash(user, "act", {"action": notation})
    await table.done(sent)
    await table.fd.wait_for(lambda r: any(hit(q) for q in r.requests), 10)
    await table.fd.sleep_until_idle(0.5)
    assert table.game()["action_count"] == before + 1
    return sent, notation


def labels_of(notation: str) -> set[str]:
    """The move's label in every language (which one a player reads is theirs)."""
    from rules import load_edition
    from service.labels import action_label

    return {action_label(notation, load_edition(), lang) for lang in ("en", "de", "fr")}


def assert_told_done(table: Table, sent: SentInteraction, notation: str) -> None:
    """Every answer the mover got says the move was made; none says it failed."""
    token = sent.record.token
    answers = [str((r.json or {}).get("content", "")) for r in table.fd.recorder.requests
               if r.route == FOLLOWUP and token in r.path]
    # the move named by its label, in the mover's language (issue 13)
    assert answers and any(label in answers[0] for label in labels_of(notation)), answers
    assert not any(text in a for a in answers for text in FAILURE_TEXTS), answers


async def test_a_dropped_connection_on_the_turn_post_does_not_fail_the_move(
        table: Table) -> None:
    sent, notation = await end_turn_with_fault(
        table, lambda: table.fd.faults.disconnect(SEND_MESSAGE),
        lambda r: r.fault == "disconnect")
    assert_told_done(table, sent, notation)
    # The game still owed the post; the owed-post check sends it, once.
    posted = await table.wait_turn_messages(2)
    # the turn told in words, the move by its label (the notation is /log's, for experts)
    assert any(label in posted.text for label in labels_of(notation)), posted.text
    assert notation not in posted.text
    await table.fd.sleep_until_idle(0.6)
    assert len(table.turn_messages()) == 2
    table.assert_log_dense()


async def test_a_rate_limit_longer_than_the_bot_waits_does_not_fail_the_move(
        table: Table) -> None:
    # 31 s is over max_ratelimit_timeout (30 s): discord.py raises RateLimited at once.
    sent, notation = await end_turn_with_fault(
        table, lambda: table.fd.faults.rate_limit(SEND_MESSAGE, retry_after=31.0),
        lambda r: r.status == 429)
    assert_told_done(table, sent, notation)
    # Still owed, so the owed-post check sends it (once) when the channel takes it.
    await table.wait_turn_messages(2)
    await table.fd.sleep_until_idle(0.6)
    assert len(table.turn_messages()) == 2
    game = table.game()
    assert game["board_version"] == game["version"] == game["turn_version"]
    table.assert_log_dense()


def render_workers(table: Table) -> list[int]:
    """The bot's render workers: its group's processes that the forkserver started."""
    assert table.bot.proc is not None
    bot = table.bot.proc.pid
    members = {pid for pid, _ in group_members(table.bot.groups)}
    parents = {pid: parent_of(pid) for pid in members}
    forkservers = {pid for pid, parent in parents.items() if parent == bot}
    return [pid for pid, parent in parents.items() if parent in forkservers]


def parent_of(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[1])


async def test_killed_render_workers_do_not_fail_the_next_turn(table: Table) -> None:
    await table.open_game()  # the start drew a board: the workers are up
    workers = render_workers(table)
    assert workers, "no render worker found"
    for pid in workers:  # the OOM killer, or an operator
        os.kill(pid, signal.SIGKILL)
    await asyncio.sleep(0.5)
    user = table.current()
    notation = await table.turn_ender(user)
    assert notation is not None
    sent = await table.slash(user, "act", {"action": notation})
    await table.done(sent)
    posted = await table.wait_turn_messages(2)  # the board was drawn by a new pool
    table.check_board(posted, int(sent.record.payload["attachment_size_limit"]))
    await table.fd.sleep_until_idle(0.5)
    assert_told_done(table, sent, notation)
    assert len(table.turn_messages()) == 2
    table.assert_log_dense()


async def test_replays_are_limited_per_user_with_a_translated_refusal(table: Table) -> None:
    from service.animation import REPLAYS_PER_WINDOW

    await table.open_game()
    ann = table.users[0]
    for _ in range(REPLAYS_PER_WINDOW):
        await table.run(ann, "replay", locale="de")
    before = len(table.fd.recorder.requests)
    sent = await table.slash(ann, "replay", locale="de")
    refusal = await table.done(sent)
    assert "Wiederholungen" in str(refusal.get("content", ""))
    uploads = [r for r in table.fd.recorder.requests[before:] if r.files]
    assert uploads == []  # refused before anything was drawn or sent
