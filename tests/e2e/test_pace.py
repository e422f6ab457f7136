"""The table's pace and memory through the real bot and the loopback Discord (issue 35):
`/stats` and `/game history` answer in German, French and English; a turn whose deadline
passed is played by the computer once, its card telling so and showing the next deadline
as a Discord timestamp.

The bot runs on the real clock, so the test moves the deadline instead of the time: it
rewrites the turn's deadline row through the store's own API, as if the turn had begun 25
hours ago (the expiry recomputes the deadline from the row's start, so a due time alone
would only be deferred)."""

from __future__ import annotations

import random
import re
import time

from table import Table

import rules
from locales import translate
from service import GameService, Place
from store import GameStore, ReminderRequest

HOUR = 3600.0


async def finish_a_game(table: Table) -> None:
    """Two of the world's users finish a game on its server, written through the service
    on the bot's database (what the bot itself would have stored)."""
    ann, ben, _ = table.users
    players = [str(ann.id), str(ben.id)]
    store = await GameStore.open(table.bot.db)
    service = GameService(store)
    try:
        where = Place(table.fd.world.guild.id, table.fd.world.channel.id)
        game = await service.create_game(where, players[0], ann.global_name or "ann",
                                         seats=2, seed=5,
                                         players=[(players[1], ben.global_name or "ben")])
        await service.start(game.id, players[0])
        rng = random.Random(3)
        state = rules.new_game(rules.load_edition(), players, 5)
        while not rules.is_over(state):
            player = rules.current_player(state)
            assert player is not None
            action = str(rng.choice(rules.legal_actions(state, player)))
            state = rules.apply(state, player, action)
            await service.act(game.id, player, action)
    finally:
        service.close()
        await store.close()


async def test_stats_and_history_in_three_languages(table: Table) -> None:
    await finish_a_game(table)
    ann, ben, cem = table.users
    table.place = table.fd.world.channel
    mine = await table.run(ann, "stats player", locale="de")
    assert translate("pace.games.one", "de", count=1) in mine["content"]
    assert "±" in mine["content"] and "Wertung" in mine["content"]
    board = await table.run(ben, "stats server", locale="fr")
    assert translate("pace.players", "fr", count=2) in board["content"]
    history = await table.run(cem, "game history")
    assert translate("pace.history.title", "en", count=1, page=1, pages=1) in history["content"]
    assert "<t:" in history["content"]
    nobody = await table.run(cem, "stats player", locale="fr")
    assert "n’a encore terminé aucune partie" in nobody["content"]


async def test_an_expired_deadline_is_played_once_and_told(table: Table) -> None:
    ann, ben, _ = table.users
    table.place = table.fd.world.channel
    before = set(table.fd.world.channels)
    await table.run(ann, "game new", {"players": 2, "thread": True, "deadline": 24,
                                      "reminders": False}, locale="de")
    new = [c for cid, c in table.fd.world.channels.items() if cid not in before]
    table.place = new[0]
    (row,) = [g for g in table.store.games() if g["status"] == "lobby"]
    table.game_id = int(row["id"])
    await table.run(ann, "game settings", {"deadline_level": "easy"}, locale="de")
    await table.run(ben, "game join")
    await table.run(ann, "game start", locale="de")
    first = await table.wait_turn_messages(1)
    stamp = re.search(r"<t:(\d+):R>", first.text)
    assert stamp is not None and abs(int(stamp[1]) - (time.time() + 24 * HOUR)) < 120
    owner = table.current()
    # the turn began 25 hours ago, as far as its deadline row says
    past = await GameStore.open(table.bot.db, clock=lambda: time.time() - 25 * HOUR)
    try:
        await past.set_reminders(table.game_id, [ReminderRequest(
            str(owner.id), time.time() - HOUR, "deadline", 0)])
    finally:
        await past.close()
    card = await table.wait_turn_messages(2, timeout=60)
    told = translate("pace.deadline.computer", "de", player=owner.global_name,
                     level=translate("computer.level.easy", "de"))
    assert told in card.text  # the game's language: ann opened it in German
    nxt = re.search(r"<t:(\d+):R>", card.text)
    assert nxt is not None and int(nxt[1]) > time.time() + 23 * HOUR
    assert table.current() != owner
    played = list(table.store.actions(table.game_id))
    assert played and all(a["interaction_id"].startswith("deadline:") for a in played)
    await table.fd.sleep_until_idle(1.0)
    assert len(table.turn_messages()) == 2  # once
    table.assert_log_dense()
