"""Deadlines and auto-pass on Discord with the harness's fake clock (issue 35): the turn card
shows the deadline as a Discord timestamp; the reminder loop plays an expired turn once
and posts its card, the story naming the expiry; reminders lead up to the deadline; after
the table's limit of expiries in a row the stall notice offers the seat to a computer;
`/game autopass` plays the away player's turn at once and `until:off` stops it."""

from __future__ import annotations

import asyncio
import re

from service.computer import Thinker
from tests.cogs.conftest import ANN, BEN, START, Table
from tests.cogs.harness import CHANNEL_ID

HOUR = 3600.0
FAST = {"sample": 2, "width": 0, "follow": 1, "seconds": None, "noise": 0.0}
STAMP = re.compile(r"<t:(\d+):R>")


def fast(table: Table) -> None:
    table.service.use_thinker(Thinker(processes=False, budget=FAST, hint_budget=FAST))


async def tick(table: Table, at: float) -> None:
    table.clock.now = at
    await table.bot.reminder_loop.tick()
    await table.service.computers_idle()
    await table.service.kicks_idle()


def cards(table: Table) -> list[str]:
    return [s.content for s in table.posts() if "<t:" in s.content or "·" in s.content]


async def test_the_card_shows_the_deadline_and_the_loop_plays_the_turn_once(
        table: Table) -> None:
    fast(table)
    await table.slash(ANN, "game new", players=2, thread=False, deadline=24,
                      at_deadline="computer", reminders=False)
    await table.slash(BEN, "game join")
    await table.slash(ANN, "game start")
    start_card = table.posts()[-1].content
    stamp = STAMP.search(start_card)
    assert stamp is not None and int(stamp[1]) == int(START + 24 * HOUR)
    game = await table.game()
    owner = game.current_player
    table.recorder.clear()
    await tick(table, START + 24 * HOUR - 5)
    assert table.posts() == [] and (await table.game()).current_player == owner
    await tick(table, START + 24 * HOUR + 5)
    posted = table.posts()
    assert len(posted) == 1  # one turn, one card
    name = "ann" if owner == str(ANN[0]) else "ben"
    assert "deadline" in posted[0].content and name in posted[0].content
    after = await table.game()
    assert after.current_player != owner
    # the next card's deadline runs from the expiry; another tick plays nothing more
    nxt = STAMP.search(posted[0].content)
    assert nxt is not None and int(nxt[1]) == int(START + 48 * HOUR + 5)
    await tick(table, START + 24 * HOUR + 10)
    assert len(table.posts()) == 1 and (await table.game()).version == after.version


async def test_reminders_lead_up_to_the_deadline(table: Table) -> None:
    await table.slash(ANN, "game new", players=2, thread=False, deadline=12)
    await table.slash(BEN, "game join")
    await table.slash(ANN, "game start")
    game = await table.game()
    pending = await table.store.pending_reminders(game.id)
    turn = sorted(r.due_at for r in pending if r.kind == "turn")
    assert turn == [START + 6 * HOUR, START + 11 * HOUR]
    table.recorder.clear()
    await tick(table, START + 6 * HOUR + 1)
    assert len(table.posts()) == 1 and f"<@{game.current_player}>" in table.posts()[0].content
    await tick(table, START + 11 * HOUR + 1)
    assert len(table.posts()) == 2
    pending = await table.store.pending_reminders(game.id)
    assert [r.kind for r in pending] == ["deadline"]  # no repeats after the lead-up


async def test_expiries_in_a_row_bring_the_stall_notice(table: Table) -> None:
    fast(table)
    await table.slash(ANN, "game new", players=2, thread=False, deadline=12,
                      at_deadline="pass", reminders=False)
    await table.slash(BEN, "game join")
    await table.slash(ANN, "game start")
    await table.slash(ANN, "game settings", stall_after=1, locale="de")
    assert "nach 1 verpassten Frist" in table.reply_text()
    game = await table.game()
    owner = game.current_player
    table.recorder.clear()
    await tick(table, START + 12 * HOUR + 5)
    notices = [s for s in table.posts() if s.custom_ids and "ab:cpu:" in s.custom_ids[0]]
    assert len(notices) == 1 and f"<@{owner}>" in notices[0].content


async def test_autopass_plays_the_away_players_turn_at_once(table: Table) -> None:
    fast(table)
    game = await table.new_game(ANN, BEN)
    first = await table.current()
    await table.slash(first, "game autopass", until="back", locale="fr")
    assert "absent" in table.reply_text()
    await table.service.kicks_idle()
    await table.service.computers_idle()
    assert (await table.game()).current_player != str(first[0])
    second = await table.current()
    await table.slash(first, "game autopass", until="off", locale="de")
    assert "zurück" in table.reply_text()
    while (await table.game()).current_player == str(second[0]):
        await table.slash(second, "act", action=(await table.legal())[0])
        await table.service.kicks_idle()
    assert (await table.game()).current_player == str(first[0])  # the table waits for them
    assert game.id == 1


async def test_the_final_card_offers_a_rematch_that_opens_when_both_pressed(
        table: Table) -> None:
    import random

    import rules

    await table.new_game(ANN, BEN)
    game = await table.game()
    players = list(game.player_ids)
    rng = random.Random(2)
    state = rules.new_game(rules.load_edition(), players, game.seed)
    log: list[tuple[str, str]] = []
    while not rules.is_over(state):
        player = rules.current_player(state)
        assert player is not None
        action = str(rng.choice(rules.legal_actions(state, player)))
        state = rules.apply(state, player, action)
        log.append((player, action))
    for player, action in log[:-1]:
        await table.service.act(game.id, player, action)
    last_player, last_action = log[-1]
    user = ANN if last_player == str(ANN[0]) else BEN
    table.recorder.clear()
    await table.slash(user, "act", action=last_action)
    final = table.posts()[-1]
    again = [c for c in final.custom_ids if c.startswith("ab:again:")]
    assert again == [f"ab:again:{game.id}"]
    await table.press(ANN, again[0], locale="de")
    await asyncio.sleep(0.05)
    waiting = table.posts()[-1].content  # the table hears it in the game's language
    assert "rematch" in waiting and f"<@{BEN[0]}>" in waiting
    assert "Revanche" in table.reply_text()  # the presser in their own
    await table.press(BEN, again[0])
    for _ in range(50):
        games = await table.store.games_in_channel(CHANNEL_ID)
        if len(games) == 1 and games[0].id != game.id:
            break
        await asyncio.sleep(0.05)
    new = (await table.store.games_in_channel(CHANNEL_ID))[-1]
    assert new.id != game.id and new.status == "running"
    assert new.player_ids == (players[1], players[0])
    assert any(p.content.startswith(f"**#{new.id}**") for p in table.posts())
