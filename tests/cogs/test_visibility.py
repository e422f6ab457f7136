"""Issue 30 items 6, 7, 8 and 17 through the real command tree: no seed in public posts; a
game is visible to those who can see its channel or thread (and to its players); one
answer for "no such game" and "a game you may not see here"; a game is changed only where
it is played, and per-game reminder settings are for its players."""

from __future__ import annotations

import re

from tests.cogs.conftest import ANN, BEN, CEM, Table
from tests.cogs.harness import CHANNEL_ID, OTHER_CHANNEL_ID, SECRET_CHANNEL_ID

LOOKS = (("status", {}), ("log", {}), ("board", {}), ("export", {}), ("game settings", {}))


async def test_no_seed_in_the_post_or_answer_of_game_new(table: Table) -> None:
    await table.slash(ANN, "game new", players=2, thread=False)
    game = await table.game()
    for text in (table.posts()[-1].content, table.reply_text()):
        assert str(game.seed) not in text and "seed" not in text.lower(), text


async def test_a_game_in_a_channel_you_cannot_see_is_not_there_for_you(table: Table) -> None:
    table.cache_guild()
    await table.slash(ANN, "game new", players=2, thread=False, channel=SECRET_CHANNEL_ID)
    await table.slash(BEN, "game join", channel=SECRET_CHANNEL_ID)
    await table.slash(ANN, "game start", channel=SECRET_CHANNEL_ID)
    game = await table.game()
    assert game.channel_id == SECRET_CHANNEL_ID
    for command, options in LOOKS:
        table.recorder.clear()
        await table.slash(CEM, command, game=game.id, channel=OTHER_CHANNEL_ID, **options)
        reply = table.recorder.last_reply()
        assert reply.content == f"There is no game {game.id}.", (command, reply.content)
        assert not reply.files, command
    # Its players see it from anywhere; anyone who can see the channel sees it too.
    await table.slash(BEN, "status", game=game.id, channel=OTHER_CHANNEL_ID)
    assert f"Game {game.id}" in table.reply_text() or "#1" in table.reply_text()


async def test_not_here_is_one_answer_across_guilds(table: Table) -> None:
    table.cache_guild()
    await table.store.create_game(host_id="x", edition="classic", edition_hash="h", seed=1,
                                  guild_id=1, channel_id=2)  # game 1, another server's
    answers = []
    for game_id in (1, 4242):  # exists elsewhere, exists nowhere
        for command in ("act", "status", "game join", "undo"):
            options = {"action": "pass"} if command == "act" else {}
            await table.slash(CEM, command, game=game_id, **options)
            answers.append(re.sub(r"\d+", "N", table.reply_text()))
    assert set(answers) == {"There is no game N."}, answers


async def test_the_host_changes_settings_only_where_the_game_is_played(table: Table) -> None:
    table.cache_guild()
    await table.new_game(ANN, BEN, start=False)
    before = await table.game()
    await table.slash(ANN, "game settings", game=1, reminders=False, channel=OTHER_CHANNEL_ID)
    assert "is played in" in table.reply_text()
    assert (await table.game()).settings == before.settings
    await table.slash(ANN, "game settings", game=1, reminders=False, channel=CHANNEL_ID)
    assert (await table.game()).settings["reminders"] is False


async def test_only_players_store_reminder_settings_for_a_game(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await table.slash(CEM, "remind", this_game=True, delay_hours=5)
    assert "cem" in table.reply_text() or "not" in table.reply_text().lower()
    assert (await table.store.get_reminder_settings(str(CEM[0]), 1)).game_id is None
    await table.slash(BEN, "remind", this_game=True, delay_hours=5)
    assert (await table.store.get_reminder_settings(str(BEN[0]), 1)).game_id == 1


async def test_a_typed_index_beyond_the_choices_is_no_action_not_a_changed_board(
        table: Table) -> None:
    await table.new_game(ANN, BEN)
    before = await table.game()
    player = await table.current()
    await table.slash(player, "act", action="#99999999999")
    assert table.reply_text().endswith("#99999999999' is not an action.")  # '\#' on Discord
    assert (await table.game()).version == before.version
