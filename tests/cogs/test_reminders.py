"""The reminder loop with an injected clock, and /remind."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from cogs.reminders import ReminderLoop
from tests.cogs.conftest import ANN, BEN, START, Table

HOUR = 3600.0


async def tick(table: Table, at: float) -> list[Any]:
    table.clock.now = at
    before = len(table.recorder.sent)
    await table.bot.reminder_loop.tick()
    return [s for s in table.recorder.sent[before:] if s.kind in ("message", "dm")]


async def both(table: Table, **options: Any) -> None:
    for user in (ANN, BEN):
        await table.slash(user, "remind", **options)


async def test_due_reminder_is_sent_once_with_a_mention_and_a_link(table: Table) -> None:
    game = await table.new_game(ANN, BEN)
    assert await tick(table, START + HOUR - 1) == []
    sent = await tick(table, START + HOUR + 1)
    assert len(sent) == 1
    assert f"<@{game.current_player}>" in sent[0].content
    assert "https://discord.com/channels/" in sent[0].content and "#1" in sent[0].content
    assert sent[0].allowed_mentions == {"parse": ["users"]}
    assert await tick(table, START + HOUR + 2) == []


async def test_a_completed_turn_cancels_the_pending_reminder(table: Table) -> None:
    await table.new_game(ANN, BEN)
    first = await table.current()
    await table.slash(first, "act", action=(await table.legal())[0])
    second = await table.current()
    assert second != first
    sent = await tick(table, START + HOUR + 1)
    assert len(sent) == 1
    assert f"<@{second[0]}>" in sent[0].content and f"<@{first[0]}>" not in sent[0].content


async def test_quiet_hours_hold_the_reminder_until_they_end(table: Table) -> None:
    # START is 08:00 UTC; the reminder would be due at 09:00, inside 08:00-12:00.
    await both(table, quiet_start="08:00", quiet_end="12:00", time_zone="UTC")
    await table.new_game(ANN, BEN)
    assert await tick(table, START + HOUR + 1) == []
    assert await tick(table, START + 4 * HOUR - 1) == []
    assert len(await tick(table, START + 4 * HOUR + 1)) == 1


async def test_vacation_holds_reminders_until_it_ends(table: Table) -> None:
    await both(table, vacation_days=2)
    await table.new_game(ANN, BEN)
    assert await tick(table, START + HOUR + 1) == []
    assert await tick(table, START + 47 * HOUR) == []
    assert len(await tick(table, START + 48 * HOUR + 1)) == 1


async def test_repeats_up_to_the_limit_then_one_stalled_notice(table: Table) -> None:
    await both(table, max_repeats=1, repeat_hours=2)
    game = await table.new_game(ANN, BEN)
    first = await tick(table, START + HOUR + 1)
    second = await tick(table, START + 3 * HOUR + 2)
    stalled = await tick(table, START + 5 * HOUR + 3)
    assert [len(first), len(second), len(stalled)] == [1, 1, 1]
    assert "stalled" in stalled[0].content and f"<@{game.current_player}>" in stalled[0].content
    assert await tick(table, START + 500 * HOUR) == []


async def test_after_a_restart_overdue_reminders_go_out_once(table: Table) -> None:
    await table.new_game(ANN, BEN)
    table.clock.now = START + 30 * HOUR  # the bot was down; the reminder is long overdue
    second = ReminderLoop(table.bot)  # as if a second process (or the restarted one) runs
    counts = await asyncio.gather(table.bot.reminder_loop.tick(), second.tick())
    assert sum(counts) == 1
    assert await tick(table, START + 30 * HOUR + 1) == []


async def test_a_claim_before_a_crash_is_never_sent_again(table: Table) -> None:
    await table.new_game(ANN, BEN)
    due = await table.service.due_reminders(START + HOUR + 1)
    assert await table.service.claim_reminder(due[0])  # claimed, then the process died
    restarted = ReminderLoop(table.bot)
    table.clock.now = START + HOUR + 5
    assert await restarted.tick() == 0


async def test_direct_message_delivery(table: Table) -> None:
    await both(table, delivery="dm")
    await table.new_game(ANN, BEN)
    sent = await tick(table, START + HOUR + 1)
    assert [s.kind for s in sent] == ["dm"]


async def test_a_refused_dm_falls_back_to_the_channel(table: Table) -> None:
    await both(table, delivery="dm")
    await table.new_game(ANN, BEN)
    table.recorder.fail_next = [403]  # opening the DM channel is refused
    sent = await tick(table, START + HOUR + 1)
    assert [s.kind for s in sent] == ["message"]


async def test_the_loop_survives_an_exception(table: Table,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    await table.new_game(ANN, BEN)
    table.clock.now = START + HOUR + 1
    real = table.service.due_reminders
    calls = {"n": 0}

    async def flaky(now: float | None = None) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("database hiccup")
        return await real(now)

    monkeypatch.setattr(table.service, "due_reminders", flaky)
    loop = ReminderLoop(table.bot, interval=0.01)
    table.bot._ready.set()
    loop.start()
    try:
        for _ in range(200):
            if table.posts():
                break
            await asyncio.sleep(0.01)
    finally:
        await loop.stop()
    assert calls["n"] >= 2 and len(table.posts()) == 1


async def test_remind_shows_and_validates_settings(table: Table) -> None:
    await table.slash(ANN, "remind")
    assert "in the game's channel" in table.reply_text()  # words, not key=value
    await table.slash(ANN, "remind", quiet_start="25:99", quiet_end="07:00")
    assert "time of day" in table.reply_text() and "quiet_start" in table.reply_text()
    await table.slash(ANN, "remind", quiet_start="22:00", quiet_end="7h")
    assert "quiet_end" in table.reply_text()  # the option that was wrong
    await table.slash(ANN, "remind", quiet_start="22:00")
    assert "quiet" in table.reply_text()
    await table.slash(ANN, "remind", time_zone="Mars/Olympus_Mons")
    assert "time zone" in table.reply_text() or "time_zone" in table.reply_text()
    settings = await table.store.get_reminder_settings(str(ANN[0]))
    assert settings.quiet_start is None and settings.time_zone == "UTC"
    await table.slash(ANN, "remind", delay_hours=5, time_zone="Europe/Berlin")
    settings = await table.store.get_reminder_settings(str(ANN[0]))
    assert settings.delay_s == 5 * 3600 and settings.time_zone == "Europe/Berlin"


async def test_a_time_zone_is_taken_in_any_case(table: Table) -> None:
    """Issue 31, item 8: "europe/berlin" was refused; it is Europe/Berlin."""
    await table.slash(ANN, "remind", time_zone="europe/berlin")
    settings = await table.store.get_reminder_settings(str(ANN[0]))
    assert settings.time_zone == "Europe/Berlin"
    assert "Europe/Berlin" in table.reply_text()
    await table.slash(ANN, "remind", time_zone="AMERICA/NEW_YORK")
    assert (await table.store.get_reminder_settings(str(ANN[0]))).time_zone == (
        "America/New_York")


@pytest.mark.parametrize("locale", ["de", "fr"])
async def test_the_remind_reply_is_never_cut(table: Table, locale: str) -> None:
    """Issue 31, item 5: the reply was cut at a parameter's 200 characters in German and
    French, the vacation date showing as "<t:17…"."""
    await table.slash(ANN, "remind", delivery="dm", delay_hours=12, repeat_hours=24,
                      max_repeats=5, quiet_start="22:30", quiet_end="07:15",
                      time_zone="America/Argentina/ComodRivadavia", vacation_days=14,
                      locale=locale)
    text = table.reply_text()
    assert len(text) > 200 and "…" not in text
    assert re.search(r"<t:\d+:D>", text) and "America/Argentina/ComodRivadavia" in text


async def test_remind_for_this_game_only(table: Table) -> None:
    game = await table.new_game(ANN, BEN)
    await table.slash(ANN, "remind", delivery="dm", this_game=True)
    assert (await table.store.get_reminder_settings(str(ANN[0]), game.id)).delivery == "dm"
    assert (await table.store.get_reminder_settings(str(ANN[0]))).delivery == "channel"


async def test_time_zone_autocomplete(table: Table) -> None:
    choices = await table.complete(ANN, "remind", "time_zone", time_zone="berl")
    assert choices[0]["value"] == "Europe/Berlin" and len(choices) <= 25


async def test_the_reminder_links_the_latest_board_post(table: Table) -> None:
    await table.new_game(ANN, BEN)
    first = await table.current()
    await table.slash(first, "act", action=(await table.legal())[0])
    game = await table.game()
    assert game.board_message_id is not None and "board_message" not in game.settings
    sent = await tick(table, START + HOUR + 1)
    assert (f"/{game.board_channel_id}/{game.board_message_id}" in sent[0].content)


async def test_a_vacation_set_after_the_hand_off_holds_the_reminder(table: Table) -> None:
    game = await table.new_game(ANN, BEN)  # the reminder is planned for START + 1 h
    waiting = await table.current()
    await table.slash(waiting, "remind", vacation_days=2)
    assert await tick(table, START + HOUR + 1) == []  # due, but they are away now
    assert await tick(table, START + 47 * HOUR) == []
    [held] = await table.store.pending_reminders(game.id)
    assert held.due_at == START + 48 * HOUR and held.attempt == 0
    sent = await tick(table, START + 48 * HOUR + 1)
    assert len(sent) == 1 and f"<@{waiting[0]}>" in sent[0].content


async def test_quiet_hours_set_after_the_hand_off_hold_the_reminder(table: Table) -> None:
    await table.new_game(ANN, BEN)  # START is 08:00 UTC; the reminder is due at 09:00
    await table.slash(await table.current(), "remind", quiet_start="08:30",
                      quiet_end="11:00", time_zone="UTC")
    assert await tick(table, START + HOUR + 1) == []
    assert await tick(table, START + 3 * HOUR - 1) == []
    assert len(await tick(table, START + 3 * HOUR + 1)) == 1


async def test_a_reminder_waits_while_its_turn_post_is_being_made(table: Table) -> None:
    game = await table.new_game(ANN, BEN)
    table.bot.live_posts[game.id] += 1  # a command of this process is posting the turn now
    assert await tick(table, START + HOUR + 1) == []  # due, but its board is not out yet
    del table.bot.live_posts[game.id]
    sent = await tick(table, START + HOUR + 2)  # posted: it goes out on the next tick
    assert len(sent) == 1 and f"<@{game.current_player}>" in sent[0].content
