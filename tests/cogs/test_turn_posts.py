"""Owed turn messages (cogs.turn_posts): a turn whose post was lost is posted once when
the bot starts, and a live post that Discord failed is made good by the next check."""

from __future__ import annotations

import asyncio

import discord

from tests.cogs.conftest import ANN, BEN, Table
from tests.cogs.harness import GUILD_ID


def join_guild(table: Table) -> None:
    """What READY's GUILD_CREATE does: the bot knows the game's server."""
    state = table.bot._connection
    data = {"id": str(GUILD_ID), "name": "autobahn"}
    state._add_guild(discord.Guild(data=data, state=state))  # type: ignore[arg-type]


async def lose_the_next_post(table: Table) -> int:
    """The current player ends their turn, and Discord fails the turn post (5xx past
    discord.py's retries). Returns the version whose post is now owed."""
    table.recorder.fail_next.append(503)
    player = await table.current()
    await table.slash(player, "act", action=(await table.legal())[0])  # a draft pick ends a turn
    game = await table.game()
    assert game.owes_turn_post and game.turn_version == game.version
    return game.version


async def test_an_unposted_turn_gets_exactly_one_post_on_start(table: Table) -> None:
    await table.new_game(ANN, BEN)
    version = await lose_the_next_post(table)
    assert table.posts() == []  # the move is applied, its post is lost
    table.recorder.clear()
    join_guild(table)
    # The reminder loop's first iteration after READY is this check; two at once (two
    # bots starting together, or a start and a periodic check) still post once.
    sent = await asyncio.gather(table.bot.reminder_loop.post_owed(),
                                table.bot.reminder_loop.post_owed())
    assert sorted(sent) == [0, 1]
    (post,) = table.posts()
    game = await table.game()
    assert post.files and f"<@{game.current_player}>" in post.content
    assert post.custom_ids and all(f":{version}:" in c for c in post.custom_ids)
    assert post.body["nonce"] == f"turn-{game.id}-{version}"
    assert not game.owes_turn_post and game.board_version == version
    assert game.board_message_id is not None
    # Paid: later checks (each reminder poll) post nothing more.
    assert await table.bot.reminder_loop.post_owed() == 0
    assert len(table.posts()) == 1


async def test_a_game_being_posted_live_is_left_to_that_command(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await lose_the_next_post(table)
    join_guild(table)
    game = await table.game()
    table.bot.live_posts[game.id] += 1  # a command of this process is posting it now
    assert await table.bot.reminder_loop.post_owed() == 0
    del table.bot.live_posts[game.id]
    assert await table.bot.reminder_loop.post_owed() == 1


async def test_a_failed_owed_post_is_retried_after_its_lease(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await lose_the_next_post(table)
    join_guild(table)
    table.recorder.clear()
    table.recorder.fail_next.append(500)  # Discord is still failing
    assert await table.bot.reminder_loop.post_owed() == 0
    assert await table.bot.reminder_loop.post_owed() == 0  # claimed: a back-off
    table.clock.now += 3600  # the lease lapsed
    assert await table.bot.reminder_loop.post_owed() == 1
    assert len(table.posts()) == 1


async def test_games_of_other_servers_and_the_console_are_not_posted(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await lose_the_next_post(table)
    assert await table.bot.reminder_loop.post_owed() == 0  # not in the guild (yet)
    assert (await table.game()).owes_turn_post
