"""/act, the turn commands, autocomplete and the persistent buttons."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tests.cogs.conftest import ANN, BEN, CEM, PNG, Table
from tests.cogs.harness import OTHER_CHANNEL_ID


async def other(table: Table) -> tuple[int, str]:
    current = await table.current()
    return BEN if current == ANN else ANN


async def draft(table: Table) -> None:
    """Play the route draft with the first suggestion until a real turn starts."""
    while (await table.legal())[0].startswith("route "):
        player = await table.current()
        await table.slash(player, "act", action=(await table.legal())[0])


async def test_act_applies_and_posts_the_turn_once(table: Table) -> None:
    game = await table.new_game(ANN, BEN)
    player = await table.current()
    choice = (await table.complete(player, "act", "action", action=""))[0]["value"]
    await table.slash(player, "act", action=choice)
    after = await table.game()
    assert after.version == game.version + 1 and after.action_count == 1
    reply = table.recorder.last_reply()
    # the answer names the move as the board does (issue 13), not by its notation
    from service.labels import action_label
    from service.progress import edition_named

    label = action_label(choice, edition_named(after.edition), "en")
    assert reply.ephemeral and label in reply.content and choice not in reply.content
    posts = table.posts()
    assert len(posts) == 1  # one public message per completed turn
    assert posts[0].files == [("board.png", PNG)]
    assert f"<@{after.current_player}>" in posts[0].content
    assert posts[0].custom_ids and all(f":{after.version}:" in c for c in posts[0].custom_ids)


async def test_the_turn_post_tells_the_turn_in_words_without_the_notation(
        table: Table) -> None:
    """The post's head was "ann: build k2.2 with black", the notation of the turn's last
    decision, in English for every table; the turn's own lines follow the game's name."""
    await table.new_game(ANN, BEN, language="fr")
    await draft(table)
    table.recorder.clear()
    player = await table.current()
    done = []
    while await table.current() == player:
        choice = (await table.legal())[0]
        done.append(choice)
        await table.slash(player, "act", action=choice)
    (post,) = table.posts()
    game = await table.game()
    assert post.content.startswith(f"**#{game.id}** · ")
    assert not any(notation in post.content for notation in done), post.content
    from service.labels import action_label
    from service.progress import edition_named

    label = action_label(done[0], edition_named(game.edition), "fr")
    assert label.split(" · ")[0] in post.content.splitlines()[0], post.content


async def test_the_wrong_player_changes_nothing(table: Table) -> None:
    game = await table.new_game(ANN, BEN)
    legal = await table.legal()
    await table.slash(await other(table), "act", action=legal[0])
    assert (await table.game()).version == game.version
    assert "decision" in table.reply_text() and table.recorder.last_reply().ephemeral
    assert table.posts() == []


async def test_a_stranger_and_another_channel_change_nothing(table: Table) -> None:
    game = await table.new_game(ANN, BEN)
    legal = await table.legal()
    await table.slash(CEM, "act", action=legal[0])
    assert "not playing" in table.reply_text()
    await table.slash(await table.current(), "act", action=legal[0], channel=OTHER_CHANNEL_ID)
    assert "No game" in table.reply_text()
    assert (await table.game()).version == game.version


async def test_a_finished_or_abandoned_game_refuses_moves(table: Table) -> None:
    await table.new_game(ANN, BEN)
    legal = await table.legal()
    player = await table.current()
    await table.slash(ANN, "game abandon")
    version = (await table.game()).version
    await table.slash(player, "act", action=legal[0])
    assert "No game" in table.reply_text()
    assert (await table.game()).version == version


async def test_hostile_actions_are_refused_without_echoing_mentions(table: Table) -> None:
    game = await table.new_game(ANN, BEN)
    player = await table.current()
    for text in ("x" * 2000, "@everyone build", "<@&123456789012345678> **pass**", "`;DROP",
                 "\u202e\u0000route"):
        await table.slash(player, "act", action=text)
        reply = table.recorder.last_reply()
        assert reply.ephemeral and reply.kind != "callback"
        assert reply.allowed_mentions == {"parse": []}, (
            text[:20], reply)
        assert "@everyone" not in reply.content and "<@&" not in reply.content
        assert len(reply.content) <= 2000
    assert (await table.game()).version == game.version
    assert table.posts() == []


async def test_illegal_action_suggests_legal_ones(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await table.slash(await table.current(), "act", action="route nowhere-else")
    assert "Possible instead" in table.reply_text()


async def test_errors_come_in_the_players_language(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await table.slash(CEM, "act", action="pass", locale="de")
    assert "spielt in Partie" in table.reply_text()
    await table.slash(CEM, "act", action="pass", locale="fr")
    assert "partie" in table.reply_text()


async def test_autocomplete_filters_ranks_and_limits(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await draft(table)
    player = await table.current()
    if (await table.legal()) == ["pass"]:
        await table.slash(player, "pass")
    everything = await table.legal()
    assert len(everything) > 25
    choices = await table.complete(player, "act", "action", action="")
    assert len(choices) == 25 and all(c["value"] in everything for c in choices)
    builds = await table.complete(player, "build", "action", action="")
    assert builds and all(c["value"].split()[0] in ("build", "extra") for c in builds)
    typed = await table.complete(player, "act", "action", action="UPGRADE k")
    assert typed and all(c["value"].startswith("upgrade k") for c in typed)
    assert await table.complete(await other(table), "act", "action", action="") == []
    assert await table.complete(player, "act", "action", action="x" * 3000) == []
    assert await table.complete(player, "act", "action", action="",
                                channel=OTHER_CHANNEL_ID) == []


async def test_turn_commands_play_their_kind(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await draft(table)
    player = await table.current()
    if (await table.legal()) == ["pass"]:
        await table.slash(player, "pass")
    version = (await table.game()).version
    build = (await table.complete(player, "build", "action", action="build"))[0]["value"]
    await table.slash(player, "build", action=build)
    assert (await table.game()).version == version + 1


async def test_buttons_act_once_and_stale_buttons_are_refused(table: Table) -> None:
    game = await table.new_game(ANN, BEN)
    await table.slash(ANN, "status")  # noise between post and press must not matter
    player = await table.current()
    legal = await table.legal()
    await table.slash(player, "act", action=legal[0])
    post = table.posts()[-1]
    button = post.custom_ids[0]
    nxt = await table.current()
    await table.press(await other_than(table, nxt), button)
    assert (await table.game()).version == game.version + 1  # not theirs: nothing
    await table.press(nxt, button)
    assert (await table.game()).version == game.version + 2
    await table.press(nxt, button)  # the same, pressed again: the board has changed
    assert "changed" in table.reply_text()
    assert (await table.game()).version == game.version + 2
    forged = f"ab:act:{game.id}:{game.version + 2}:999"
    await table.press(await table.current(), forged)
    assert "changed" in table.reply_text()
    assert (await table.game()).version == game.version + 2


async def other_than(table: Table, user: tuple[int, str]) -> tuple[int, str]:
    return BEN if user == ANN else ANN


async def test_select_menus_pick_from_many_choices(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await draft(table)
    player = await table.current()
    prompt = next(r for r in reversed(table.recorder.sent) if r.custom_ids)
    picks = [c for c in prompt.custom_ids if c.startswith("ab:pick:")]
    assert len(await table.legal()) > 5 and picks, prompt.custom_ids
    version = (await table.game()).version
    await table.press(player, picks[0], values=["0"], components=prompt.components)
    assert (await table.game()).version == version + 1
    await table.press(player, picks[0], values=["not-a-number"], components=prompt.components)
    assert "changed" in table.reply_text()


async def test_buttons_survive_a_restart(table: Table, tmp_path: object) -> None:
    """A fresh bot over the same database dispatches buttons posted by the old one."""
    from cogs.client import AutobahnBot
    from cogs.settings import Settings

    game = await table.new_game(ANN, BEN)
    await table.slash(await table.current(), "act", action=(await table.legal())[0])
    button = table.posts()[-1].custom_ids[0]
    fresh = AutobahnBot(service=table.service, settings=Settings(), clock=table.clock,
                        start_loops=False)
    fresh.http = table.bot.http
    fresh._connection.http = fresh.http
    fresh.tree._http = fresh.http
    await fresh._async_setup_hook()
    fresh._connection.user = table.bot._connection.user
    fresh._connection.application_id = table.bot._connection.application_id
    await fresh.setup_hook()
    old_bot, table.bot = table.bot, fresh
    try:
        await table.press(await table.current(), button)
    finally:
        table.bot = old_bot
        await fresh.reminder_loop.stop()
    assert (await table.game()).version == game.version + 2


async def test_the_host_may_force_an_undo_others_may_not(table: Table) -> None:
    await table.new_game(ANN, BEN)
    while True:  # play until the host has a move of their own in the log
        mover = await table.current()
        await table.slash(mover, "act", action=(await table.legal())[0])
        if mover == ANN:
            break
    before = await table.game()
    await table.slash(BEN, "undo", force=True)
    assert "host" in table.reply_text().lower()
    assert (await table.game()).version == before.version
    await table.slash(ANN, "undo", force=True)
    after = await table.game()
    assert after.action_count < before.action_count
    assert "took back" in table.posts()[-1].content


async def test_undo_vote_with_buttons(table: Table) -> None:
    await table.new_game(ANN, BEN)
    first = await table.current()
    await table.slash(first, "act", action=(await table.legal())[0])  # the turn passes
    before = await table.game()
    await table.slash(first, "undo")  # past the own turn: a vote
    request = table.posts()[-1]
    yes = next(c for c in request.custom_ids if c.endswith(":yes"))
    assert (await table.game()).action_count == before.action_count
    await table.press(first, yes)  # the asker does not vote
    assert (await table.game()).action_count == before.action_count
    await table.press(await other_than(table, first), yes)
    after = await table.game()
    assert after.action_count == before.action_count - 1
    assert "took back" in table.posts()[-1].content


async def test_a_turn_that_goes_on_gets_a_private_prompt(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """When the same player decides again (a truck move, a promotion), the prompt is theirs
    alone and nothing is posted: the turn is not complete yet."""
    await table.new_game(ANN, BEN)
    real = table.service.act

    async def same_player_continues(*args: Any, **kwargs: Any) -> Any:
        result = await real(*args, **kwargs)
        return dataclasses.replace(result, turn_passed=False, next_player=result.player)

    real_legal = table.service.legal

    async def legal_of_whoever_decides(game_id: int, user_id: str | None = None) -> Any:
        return await real_legal(game_id)

    monkeypatch.setattr(table.service, "act", same_player_continues)
    monkeypatch.setattr(table.service, "legal", legal_of_whoever_decides)
    player = await table.current()
    await table.slash(player, "act", action=(await table.legal())[0])
    reply = table.recorder.last_reply()
    assert reply.ephemeral and reply.custom_ids and table.posts() == []


async def test_prompt_buttons_carry_the_version_of_their_list(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """If the game moved on between the move and reading the legal list, the post gets no
    buttons for a list of another board; a press checks the list's version too."""
    from service import Legal

    game = await table.new_game(ANN, BEN)
    real_legal = table.service.legal

    async def moved_on(game_id: int, user_id: str | None = None) -> Any:
        found = await real_legal(game_id, user_id)
        return Legal(found.player, found.actions, found.version + 1)

    monkeypatch.setattr(table.service, "legal", moved_on)
    await table.slash(await table.current(), "act", action=(await real_legal(game.id))[1][0])
    assert (await table.game()).version == game.version + 1
    assert table.posts()[-1].custom_ids == []  # the board is posted, without stale buttons
    version = (await table.game()).version
    await table.press(await table.current(), f"ab:act:{game.id}:{version}:0")
    assert "changed" in table.reply_text()
    assert (await table.game()).version == version


async def test_a_command_where_no_game_runs_points_to_the_players_own_command(
        table: Table) -> None:
    """The service's 'no game here' named the console's /game new; a German Discord
    shows /partie neu."""
    await table.slash(ANN, "status", locale="de")
    reply = table.recorder.last_reply()
    assert reply.ephemeral and "/partie neu" in reply.content and "/game" not in reply.content
