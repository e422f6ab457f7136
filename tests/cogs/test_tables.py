"""The table model through the real command tree (issue 11, items 4-8)."""

from __future__ import annotations

from tests.cogs.conftest import ANN, BEN, CEM, Table
from tests.cogs.harness import CHANNEL_ID, THREAD_ID


def _closed(table: Table) -> list[dict]:
    """The edits that took the buttons off a post."""
    return [s.body for s in table.recorder.of("message_edit") if s.body.get("components") == []]


async def test_a_second_game_opens_its_own_thread_and_nothing_locks(table: Table) -> None:
    await table.new_game(ANN, BEN, start=False)  # game 1, directly in the channel
    await table.slash(CEM, "game new", players=2, thread=False)  # any member may
    second = await table.game(2)
    assert second.thread_id == THREAD_ID and second.channel_id == CHANNEL_ID
    # The channel still has one game of its own: nothing answers "several games".
    await table.slash(ANN, "game start")
    assert (await table.game(1)).status == "running"
    await table.slash(CEM, "game join")  # CEM is in game 2 already, game 1 is full
    assert "several" not in table.reply_text().lower()
    player = await table.current(1)
    choices = await table.complete(player, "act", "action", action="")
    assert choices
    await table.slash(player, "act", action=choices[0]["value"])
    assert (await table.game(1)).action_count == 1
    await table.slash(ANN, "game abandon")
    assert (await table.game(1)).status == "abandoned"


async def test_a_second_game_where_no_thread_can_be_made_is_refused(table: Table) -> None:
    await table.slash(ANN, "game new", players=2, thread=True)  # game 1 in its thread
    await table.slash(BEN, "game new", players=2, channel=THREAD_ID, in_thread=True)
    assert "still open here" in table.reply_text()
    assert await table.store.games_in_channel(THREAD_ID) == [await table.game(1)]
    await table.slash(BEN, "game new", players=2, channel=THREAD_ID, in_thread=True,
                      locale="de")
    assert "noch Partie 1 offen" in table.reply_text()


async def test_commands_name_a_game_by_number(table: Table) -> None:
    # Two lobbies left directly in the channel from before the rule: each stays reachable.
    one = await table.service.create_game(table_place(), str(ANN[0]), "ann", seats=2)
    two = await table.service.create_game(table_place(), str(BEN[0]), "ben", seats=2)
    await table.slash(CEM, "game join")
    assert "several games" in table.reply_text().lower()
    await table.slash(CEM, "game join", game=two.id)
    assert str(CEM[0]) in (await table.game(two.id)).player_ids
    await table.slash(BEN, "game start", game=two.id)
    assert (await table.game(two.id)).status == "running"
    await table.slash(ANN, "game abandon", game=one.id)
    assert (await table.game(one.id)).status == "abandoned"
    player = await table.current(two.id)
    legal = await table.legal(two.id)
    await table.slash(player, "act", action=legal[0], game=two.id)
    assert (await table.game(two.id)).action_count == 1


def table_place():  # type: ignore[no-untyped-def]
    from service import Place
    from tests.cogs.harness import GUILD_ID

    return Place(GUILD_ID, CHANNEL_ID, None)


async def test_an_ended_game_answers_in_its_thread(table: Table) -> None:
    await table.slash(ANN, "game new", players=2, thread=True)
    await table.slash(BEN, "game join", channel=THREAD_ID, in_thread=True)
    await table.slash(ANN, "game start", channel=THREAD_ID, in_thread=True)
    await table.slash(ANN, "game abandon", channel=THREAD_ID, in_thread=True)
    assert (await table.game()).status == "abandoned"
    await table.slash(BEN, "status", channel=THREAD_ID, in_thread=True)
    assert "abandoned" in table.reply_text() and "No game" not in table.reply_text()
    await table.slash(BEN, "log", channel=THREAD_ID, in_thread=True)
    assert table.reply_text().startswith("**#1")
    await table.slash(BEN, "export", channel=THREAD_ID, in_thread=True)
    assert table.recorder.last_reply().files[0][0] == "autobahn-1.json"
    await table.slash(BEN, "game list")
    assert "#1" in table.reply_text() and "No games" not in table.reply_text()
    assert "[abandoned]" in table.reply_text()
    await table.slash(ANN, "game new", players=2, thread=False)  # open games come first
    await table.slash(ANN, "game list", locale="de")
    assert table.reply_text().index("[offen]") < table.reply_text().index("[abgebrochen]")


async def test_the_wrong_person_pressing_a_turn_button_hears_the_truth(table: Table) -> None:
    game = await table.new_game(ANN, BEN)
    button = f"ab:act:{game.id}:{game.version}:0"  # the first choice of the turn message
    current = await table.current()
    other = BEN if current == ANN else ANN
    await table.press(CEM, button)
    assert f"<@{CEM[0]}> is not playing in game 1" in table.reply_text()
    await table.press(other, button)
    assert f"It is {current[1]}'s decision" in table.reply_text()
    assert "changed" not in table.reply_text()
    assert (await table.game()).action_count == 0


async def test_undo_vote_asks_the_others_and_closes(table: Table) -> None:
    await table.new_game(ANN, BEN)
    first = await table.current()
    other = BEN if first == ANN else ANN
    await table.slash(first, "act", action=(await table.legal())[0])  # the turn passes
    await table.slash(first, "undo")
    request = table.posts()[-1]
    assert f"<@{other[0]}>" in request.content  # who must answer is mentioned
    assert f"<@{first[0]}>" not in request.content  # the asker is named, not pinged
    yes = next(c for c in request.custom_ids if c.endswith(":yes"))
    await table.press(first, yes, components=request.components)
    assert "not playing" not in table.reply_text()
    assert "asked for this yourself" in table.reply_text()
    assert _closed(table) == []
    await table.press(other, yes, components=request.components)
    assert (await table.game()).action_count == 0
    assert _closed(table)  # the decided vote lost its buttons
    assert await table.service.decided_vote_posts(1) == []  # none left up


async def test_a_decided_abandon_vote_loses_its_buttons(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await table.slash(BEN, "game abandon")
    post = table.posts()[-1]
    assert f"<@{ANN[0]}>" in post.content and f"<@{BEN[0]}>" not in post.content
    yes = next(c for c in post.custom_ids if c.endswith(":yes"))
    await table.press(BEN, yes, components=post.components)
    assert "asked for this yourself" in table.reply_text()
    await table.press(ANN, yes, components=post.components)
    assert (await table.game()).status == "abandoned"
    assert _closed(table)
    assert await table.service.decided_vote_posts(1) == []


async def test_a_host_who_left_cannot_start_or_abandon(table: Table) -> None:
    await table.slash(ANN, "game new", players=3, thread=False)
    await table.slash(BEN, "game join")
    await table.slash(CEM, "game join")
    await table.slash(ANN, "game leave")
    await table.slash(ANN, "game start")
    assert "Only the host" in table.reply_text()
    assert (await table.game()).status == "lobby"
    await table.slash(ANN, "game abandon")
    assert (await table.game()).status == "lobby"
    await table.slash(BEN, "game start")  # the host passed on to the longest seated
    assert (await table.game()).status == "running"


async def test_an_undo_vote_decided_by_a_move_or_the_host_loses_its_buttons(
        table: Table) -> None:
    await table.new_game(ANN, BEN)
    while True:  # play until ben's move is in the log and the turn has passed
        mover = await table.current()
        await table.slash(mover, "act", action=(await table.legal())[0])
        if mover == BEN and await table.current() == ANN:
            break
    await table.slash(BEN, "undo")  # a vote
    first = table.posts()[-1]
    assert first.custom_ids and _closed(table) == []
    await table.slash(ANN, "act", action=(await table.legal())[0])  # the board moves on
    assert await table.service.pending_undo(1) is None
    assert len(_closed(table)) == 1  # the lapsed request's buttons are gone
    await table.slash(BEN, "undo")  # a new vote, then the host forces it
    await table.slash(ANN, "undo", force=True)
    assert len(_closed(table)) == 2
    assert await table.service.decided_vote_posts(1) == []
