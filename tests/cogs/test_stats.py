"""`/stats player`, `/stats server` and `/game history` on Discord (issue 35): private
answers in the reader's language (de, fr, en), with the rating and its uncertainty, the
plural forms, and a link to each finished game's last card."""

from __future__ import annotations

import random

import pytest

import rules
from locales import translate
from service import Place
from tests.cogs.conftest import ANN, BEN, Table
from tests.cogs.harness import CHANNEL_ID, GUILD_ID


async def finish_a_game(table: Table) -> None:
    players = [str(ANN[0]), str(BEN[0])]
    service = table.service
    game = await service.create_game(Place(GUILD_ID, CHANNEL_ID), players[0], "Ann", seats=2,
                                     seed=3, players=[(players[1], "Ben")])
    await service.start(game.id, players[0])
    rng = random.Random(4)
    state = rules.new_game(rules.load_edition(), players, 3)
    while not rules.is_over(state):
        player = rules.current_player(state)
        assert player is not None
        action = str(rng.choice(rules.legal_actions(state, player)))
        state = rules.apply(state, player, action)
        await service.act(game.id, player, action)


@pytest.mark.parametrize(("locale", "lang"), [("de", "de"), ("fr", "fr"), ("en-US", "en")])
async def test_stats_and_history_in_the_readers_language(table: Table, locale: str,
                                                         lang: str) -> None:
    await finish_a_game(table)
    await table.slash(ANN, "stats player", locale=locale)
    mine = table.recorder.last_reply()
    assert mine.ephemeral
    assert translate("pace.stats.title", lang, player="Ann") in mine.content
    assert translate("pace.games.one", lang, count=1) in mine.content
    assert "±" in mine.content
    await table.slash(BEN, "stats server", locale=locale)
    board = table.reply_text()
    assert translate("pace.players", lang, count=2) in board
    assert "1. " in board and "2. " in board
    await table.slash(BEN, "game history", locale=locale)
    history = table.reply_text()
    assert translate("pace.history.title", lang, count=1, page=1, pages=1) in history
    assert f"https://discord.com/channels/{GUILD_ID}/" in history and "<t:" in history


async def test_a_server_without_games_says_so(table: Table) -> None:
    await table.slash(ANN, "stats player", locale="de")
    assert table.reply_text() == translate("pace.stats.none", "de", player="ann")
    await table.slash(ANN, "game history", locale="fr")
    assert table.reply_text() == translate("pace.history.empty", "fr")
