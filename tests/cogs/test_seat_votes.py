"""Handing a stalled seat to a computer on Discord (issue 16): the stall notice's button,
the remaining players' vote on the one vote button, and a seat a computer plays never
mentioned as the one to move."""

from __future__ import annotations

from typing import Any

from service.computer import Thinker
from tests.cogs.conftest import ANN, BEN, CEM, START, Table

HOUR = 3600.0
FAST = {"sample": 2, "width": 0, "follow": 1, "seconds": None, "noise": 0.0}


async def stall(table: Table) -> tuple[tuple[int, str], Any]:
    """Reminders run out for whoever decides; returns them and the stall notice."""
    for user in (ANN, BEN, CEM):
        await table.slash(user, "remind", max_repeats=0, repeat_hours=1)
    await table.new_game(ANN, BEN, CEM)
    table.bot.service.use_thinker(Thinker(processes=False, budget=FAST))
    stalled = await table.current()
    sent = []
    for hour in (2, 4, 6):
        table.clock.now = START + hour * HOUR
        before = len(table.recorder.sent)
        await table.bot.reminder_loop.tick()
        sent += [s for s in table.recorder.sent[before:] if s.kind == "message"]
    (notice,) = [s for s in sent if "stalled" in s.content]
    return stalled, notice


async def test_the_stall_notice_offers_the_seat_to_a_computer(table: Table) -> None:
    stalled, notice = await stall(table)
    game = await table.game()  # the notice names its stall: the seat and the move count
    assert notice.custom_ids == [f"ab:cpu:1:{stalled[0]}:{game.action_count}"]
    (button,) = notice.components[0]["components"]
    assert button["label"] == "Hand the seat to a computer"


async def test_the_others_vote_and_the_computer_takes_the_seat(table: Table) -> None:
    stalled, notice = await stall(table)
    remaining = [u for u in (ANN, BEN, CEM) if u != stalled]
    asker = next(u for u in remaining if u != ANN)  # not the host: the host acts at once
    other = next(u for u in remaining if u != asker)
    before = len(table.recorder.sent)
    await table.press(asker, notice.custom_ids[0], components=notice.components)
    posted = [s for s in table.recorder.sent[before:] if s.kind == "message"]
    (vote,) = [s for s in posted if s.custom_ids]
    request = vote.custom_ids[0].split(":")[3]
    assert vote.custom_ids == [f"ab:seat:1:{request}:yes", f"ab:seat:1:{request}:no"]
    assert f"<@{other[0]}>" in vote.content  # the one who must answer is mentioned
    assert f"<@{asker[0]}>" not in vote.content  # the asker is named
    game = await table.game()
    assert str(stalled[0]) not in (game.settings.get("replaced") or {})
    # The stalled player cannot answer on their own seat.
    await table.press(stalled, f"ab:seat:1:{request}:no", components=vote.components)
    assert "this vote is about your seat" in table.reply_text()
    await table.press(other, f"ab:seat:1:{request}:yes", components=vote.components)
    game = await table.game()
    assert game.settings["replaced"] == {str(stalled[0]): "normal"}
    told = [s for s in table.recorder.sent if s.kind == "message"
            and "now plays for" in s.content]
    assert told and f"<@{stalled[0]}>" not in told[-1].content
    # The computer moves for the stalled seat; its turn posts name it, never ping it.
    mark = len(table.recorder.sent)
    await table.bot.service.computers_idle()
    game = await table.game()
    assert game.current_player != str(stalled[0])
    later = [s for s in table.recorder.sent[mark:] if s.kind == "message"]
    assert all(f"<@{stalled[0]}>" not in s.content for s in later)


async def test_the_host_hands_the_seat_over_at_once(table: Table) -> None:
    stalled, notice = await stall(table)
    # ann opened the game: the host's press hands over at once (also the host's own seat).
    await table.press(ANN, notice.custom_ids[0], components=notice.components)
    game = await table.game()
    assert game.settings["replaced"] == {str(stalled[0]): "normal"}


async def test_a_seat_a_computer_plays_is_named_not_mentioned_as_next(table: Table) -> None:
    game = await table.new_game(ANN, BEN)
    service = table.bot.service
    service.use_thinker(Thinker(processes=False, budget=FAST))
    await service.replace(game.id, str(ANN[0]), str(BEN[0]), "easy")
    for _ in range(8):
        await service.computers_idle()
        if await table.current() == ANN:
            await table.slash(ANN, "act", action=(await table.legal())[0])
    await service.computers_idle()
    posts = [s for s in table.recorder.sent if s.kind == "message"]
    assert posts and all(f"<@{BEN[0]}>" not in p.content for p in posts)
    to_ben = [p for p in posts if "ben (computer) —" in p.content]
    assert to_ben  # "Next: ben (computer) — ..." named, not pinged
    # and no buttons to press for it (the card's Undo is the mover's, not the seat's)
    assert all(not [c for c in p.custom_ids if not c.startswith("ab:back:")] for p in to_ben)
