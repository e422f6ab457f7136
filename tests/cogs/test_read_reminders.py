"""A direct message follows its reader (issue 31, item 4): a player whose Discord is French
gets a French reminder from a German game; the table's channel stays in the game's
language. The language is the player's client's as last seen, stored per user (migration
010), so a restarted bot or another process knows it."""

from __future__ import annotations

from typing import Any

from tests.cogs.conftest import ANN, BEN, START, Table

HOUR = 3600.0


async def tick(table: Table, at: float) -> list[Any]:
    table.clock.now = at
    before = len(table.recorder.sent)
    await table.bot.reminder_loop.tick()
    return [s for s in table.recorder.sent[before:] if s.kind in ("message", "dm")]


async def test_a_reminder_dm_is_in_the_readers_language(table: Table) -> None:
    await table.new_game(ANN, BEN, language="de")
    for user in (ANN, BEN):  # their last command, from a French client
        await table.slash(user, "remind", delivery="dm", locale="fr")
    assert await table.store.user_language(str(ANN[0])) == "fr"
    (sent,) = await tick(table, START + HOUR + 1)
    assert sent.kind == "dm"
    assert f"<@{(await table.game()).current_player}>, la partie #1 vous attend." in \
        sent.content, sent.content
    assert "wartet auf dich" not in sent.content  # not the game's German


async def test_a_refused_dm_reminds_in_the_channel_in_the_games_language(table: Table) -> None:
    await table.new_game(ANN, BEN, language="de")
    for user in (ANN, BEN):
        await table.slash(user, "remind", delivery="dm", locale="fr")
    table.recorder.fail_next = [403]
    (sent,) = await tick(table, START + HOUR + 1)
    assert sent.kind == "message" and "Partie #1 wartet auf dich." in sent.content
    dm = await table.service.reader_language(await table.service.game(1), str(ANN[0]))
    assert dm == "fr" and (await table.game()).language == "de"


async def test_the_stalled_players_answer_in_a_hand_over_is_in_their_language(
        table: Table) -> None:
    """The stalled player pressing the vote on their own seat reads why in their own
    language, not the table's."""
    from tests.cogs.conftest import CEM
    from tests.cogs.test_seat_votes import stall

    stalled, notice = await stall(table)
    asker = next(u for u in (BEN, CEM) if u != stalled)
    await table.press(asker, notice.custom_ids[0], components=notice.components)
    vote = [s for s in table.posts() if any(c.startswith("ab:seat:") for c in s.custom_ids)][-1]
    await table.press(stalled, vote.custom_ids[0], components=vote.components, locale="fr")
    said = table.reply_text()
    assert said == (f"{stalled[1]}, ce vote porte sur votre place\u202f: les autres en "
                    "décident. Votre prochain coup y met fin."), said
