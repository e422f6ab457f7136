"""/game new|join|leave|start|abandon|list|settings through the real command tree."""

from __future__ import annotations

from tests.cogs.conftest import ANN, BEN, CEM, Table
from tests.cogs.harness import ADMIN, CHANNEL_ID, OTHER_CHANNEL_ID, THREAD_ID


async def test_new_join_start_posts_board_and_prompt(table: Table) -> None:
    await table.slash(ANN, "game new", players=2, thread=False, name="Sunday")
    assert table.recorder.of("callback")[0].body == {"type": 5, "data": {"flags": 64}}
    await table.slash(BEN, "game join")
    await table.slash(ANN, "game start")
    game = await table.game()
    assert game.status == "running" and game.player_ids == (str(ANN[0]), str(BEN[0]))
    start_post = table.posts()[-1]
    assert start_post.files and start_post.files[0][0] == "board.png"
    assert f"<@{game.current_player}>" in start_post.content
    assert start_post.body["allowed_mentions"] == {"parse": ["users"]}
    ids = start_post.custom_ids
    assert ids and all(c.split(":")[2:4] == ["1", str(game.version)] for c in ids)
    # Every personal answer was private.
    assert all(r.ephemeral for r in table.recorder.replies())


async def test_new_in_a_thread_and_commands_from_the_parent_are_refused(table: Table) -> None:
    await table.slash(ANN, "game new", players=2, thread=True)
    game = await table.game()
    assert game.thread_id == THREAD_ID and game.channel_id == CHANNEL_ID
    assert table.recorder.of("thread")
    await table.slash(BEN, "game join")  # in the parent channel, not the thread
    assert "is played in" in table.reply_text()
    assert len((await table.game()).players) == 1
    await table.slash(BEN, "game join", channel=THREAD_ID, in_thread=True)
    assert len((await table.game()).players) == 2


async def test_direct_messages_are_refused_politely(table: Table) -> None:
    await table.slash(ANN, "game new", dm=True, channel=555)
    assert "direct messages" in table.reply_text()
    assert table.recorder.last_reply().ephemeral
    assert await table.store.games_of_player(str(ANN[0])) == []


async def test_hostile_name_is_refused_and_nothing_is_created(table: Table) -> None:
    await table.slash(ANN, "game new", name="x" * 2000, thread=False)
    assert "name" in table.reply_text()
    assert await table.store.games_in_channel(CHANNEL_ID) == []


async def test_mention_injection_in_a_name_is_inert(table: Table) -> None:
    await table.slash(ANN, "game new", name="@everyone <@&123456789012345678> **x**",
                      thread=False)
    post = table.posts()[-1]
    assert "@everyone" not in post.content  # escaped with a zero-width space
    assert "<@&123456789012345678>" not in post.content
    assert "\\*\\*x\\*\\*" in post.content
    assert post.body["allowed_mentions"] == {"parse": []}


async def test_join_twice_and_join_a_full_or_running_game(table: Table) -> None:
    await table.new_game(ANN, BEN)
    before = (await table.game()).version
    await table.slash(CEM, "game join")
    assert (await table.game()).version == before
    assert table.recorder.last_reply().ephemeral
    await table.slash(BEN, "game leave")
    assert "already" in table.reply_text() or "started" in table.reply_text()


async def test_only_the_host_starts_and_abandons(table: Table) -> None:
    await table.new_game(ANN, BEN, start=False)
    before = await table.game()
    await table.slash(BEN, "game start")
    assert "host" in table.reply_text().lower()
    await table.slash(BEN, "game abandon")
    after = await table.game()
    assert (after.status, after.version) == (before.status, before.version)


async def test_an_admin_may_abandon_any_game(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await table.slash(CEM, "game abandon", perms=ADMIN)
    assert (await table.game()).status == "abandoned"
    await table.slash(ANN, "act", action="pass")
    assert "No game" in table.reply_text()


async def test_leave_before_the_start(table: Table) -> None:
    await table.new_game(ANN, BEN, start=False)
    await table.slash(BEN, "game leave")
    assert [p.user_id for p in (await table.game()).players] == [str(ANN[0])]


async def test_list_shows_my_games_of_this_server(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await table.slash(BEN, "game list")
    text = table.reply_text()
    assert "#1" in text and "ann" in text and f"<#{CHANNEL_ID}>" in text
    await table.slash(CEM, "game list")
    assert "No games" in table.reply_text()


async def test_list_names_the_computer_it_waits_for(table: Table) -> None:
    """It said "wartet auf cpu1", the seat's id."""
    await table.slash(ANN, "game new", players=2, bots=1, bot_level="normal", thread=False)
    await table.slash(ANN, "game start")
    while (await table.game()).current_player == str(ANN[0]):
        await table.slash(ANN, "act", action=(await table.legal())[0])
    await table.slash(ANN, "game list", locale="de")
    text = table.reply_text()
    assert "wartet auf Computer 1 (normal)" in text and "cpu1" not in text, text


async def test_settings_show_and_host_only_changes(table: Table) -> None:
    await table.new_game(ANN, BEN, start=False)
    await table.slash(BEN, "game settings")
    assert "seats: 2" in table.reply_text()  # named by the catalogue, not key=value
    await table.slash(BEN, "game settings", language="de")
    assert "host" in table.reply_text().lower()
    await table.slash(ANN, "game settings", language="de", seats=3)
    game = await table.game()
    assert game.settings["language"] == "de" and game.settings["seats"] == 3


async def test_game_commands_elsewhere_find_no_game(table: Table) -> None:
    await table.new_game(ANN, BEN, start=False)
    await table.slash(CEM, "game join", channel=OTHER_CHANNEL_ID)
    assert "No game" in table.reply_text()
    assert len((await table.game()).players) == 2


async def test_an_admin_abandon_is_recorded_as_the_admin(table: Table) -> None:
    game = await table.new_game(ANN, BEN)
    await table.slash(CEM, "game abandon", perms=ADMIN)
    (event,) = await table.store.list_events(game.id, "status")
    assert event.user_id == str(CEM[0]) and "admin" in event.detail["reason"]
    assert "cem" in table.posts()[-1].content


async def test_a_player_opens_an_abandon_vote_and_the_other_agrees(table: Table) -> None:
    game = await table.new_game(ANN, BEN)
    await table.slash(BEN, "game abandon")
    assert (await table.game()).status == "running"
    assert "2 of 2" in table.reply_text() and table.recorder.last_reply().ephemeral
    post = table.posts()[-1]
    assert f"<@{ANN[0]}>" in post.content  # the table is asked, by mention
    assert post.body["allowed_mentions"] == {"parse": ["users"]}
    yes = next(c for c in post.custom_ids if c.startswith("ab:quit:") and c.endswith(":yes"))
    await table.press(BEN, yes)  # the asker's yes is counted already
    assert (await table.game()).status == "running"
    await table.press(CEM, yes)  # not seated
    assert "not playing" in table.reply_text()
    await table.press(ANN, yes)
    ended = await table.game()
    assert ended.status == "abandoned" and ended.version == game.version + 1
    assert "abandoned" in table.posts()[-1].content
    await table.press(ANN, yes)  # pressed again: nothing is open any more
    assert (await table.game()).status == "abandoned"


async def test_an_abandon_vote_refused_by_button(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await table.slash(ANN, "game settings", my_language="de")  # ann is answered in German
    await table.slash(BEN, "game abandon")
    post = table.posts()[-1]
    no = next(c for c in post.custom_ids if c.endswith(":no"))
    await table.press(ANN, no)
    assert (await table.game()).status == "running"
    assert "refused" in table.posts()[-1].content
    await table.press(ANN, no)
    assert "No vote" in table.reply_text() or "Abstimmung" in table.reply_text()


async def test_a_player_sets_their_own_language(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await table.slash(BEN, "game settings", my_language="fr")
    assert "en français" in table.reply_text()
    game = await table.game()
    assert {p.user_id: p.language for p in game.players}[str(BEN[0])] == "fr"
    assert game.settings.get("language") is None  # the table's language is the host's
    assert "Réglages de la partie" in table.reply_text()
    await table.slash(BEN, "status")  # answers in this game now come in French
    assert "de décider" in table.reply_text() and "ère 1" in table.reply_text()
    await table.slash(ANN, "status")  # the others' are unchanged
    assert "to decide" in table.reply_text()
    await table.slash(CEM, "game settings", my_language="de")
    assert "not playing" in table.reply_text()
    assert str(CEM[0]) not in {p.user_id for p in (await table.game()).players}
