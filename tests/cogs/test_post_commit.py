"""After the commit, the cogs never report failure (issue 11, items 1-3): a board that
cannot be drawn, or a post that cannot be sent, leaves the mover told the move stands and
the game owing its turn post, which the owed-post check sends once drawing works again."""

from __future__ import annotations

import aiohttp
import discord
import pytest

from tests.cogs.conftest import ANN, BEN, Table
from tests.cogs.test_turn_posts import join_guild

FAILED = ("Something went wrong", "Nothing was changed")


class Switch:
    """A renderer that fails while `broken` (render workers that keep dying)."""

    def __init__(self, png: bytes) -> None:
        self.png, self.broken = png, False

    def __call__(self, *args: object) -> bytes:
        if self.broken:
            raise MemoryError("the render worker died")
        return self.png


@pytest.fixture
def switch(table: Table) -> Switch:
    from tests.cogs.conftest import PNG

    renderer = Switch(PNG)
    table.service.boards.renderer = renderer
    return renderer


def told(table: Table) -> list[str]:
    return [r.content for r in table.recorder.replies()]


async def test_a_board_that_cannot_be_drawn_leaves_the_move_told_as_made(
        table: Table, switch: Switch) -> None:
    await table.new_game(ANN, BEN)
    switch.broken = True
    player = await table.current()
    await table.slash(player, "act", action=(await table.legal())[0])  # a draft pick
    texts = told(table)
    assert texts and "board follows" in texts[-1]
    assert not any(f in t for t in texts for f in FAILED)
    assert table.posts() == []  # no turn post without its board: the game still owes it
    game = await table.game()
    assert game.action_count == 1 and game.owes_turn_post
    switch.broken = False
    join_guild(table)
    assert await table.bot.reminder_loop.post_owed() == 1
    (post,) = table.posts()
    assert post.files


async def test_a_start_whose_board_cannot_be_drawn_is_told_as_dealt(
        table: Table, switch: Switch) -> None:
    await table.new_game(ANN, BEN, start=False)
    switch.broken = True
    await table.slash(ANN, "game start")
    texts = told(table)
    assert "board follows" in texts[-1]
    assert not any(f in t for t in texts for f in FAILED)
    assert (await table.game()).status == "running"


@pytest.mark.parametrize("error", [
    aiohttp.ServerDisconnectedError(),
    aiohttp.ClientOSError(104, "Connection reset by peer"),
    discord.RateLimited(45.0),
    TimeoutError(),
])
async def test_a_turn_post_that_cannot_be_sent_leaves_the_move_told_as_made(
        table: Table, monkeypatch: pytest.MonkeyPatch, error: BaseException) -> None:
    await table.new_game(ANN, BEN)
    original = discord.PartialMessageable.send

    async def failing(self: object, *args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr(discord.PartialMessageable, "send", failing)
    player = await table.current()
    await table.slash(player, "act", action=(await table.legal())[0])
    texts = told(table)
    assert texts and not any(f in t for t in texts for f in FAILED), texts
    game = await table.game()
    assert game.action_count == 1 and game.owes_turn_post
    monkeypatch.setattr(discord.PartialMessageable, "send", original)
    join_guild(table)
    assert await table.bot.reminder_loop.post_owed() == 1


@pytest.mark.parametrize("error", [
    aiohttp.ServerDisconnectedError(),
    aiohttp.ClientOSError(104, "Connection reset by peer"),
    TimeoutError(),
])
async def test_a_dropped_connection_while_posting_a_turn_is_one_warning_line(
        table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        error: BaseException) -> None:
    """A network fault the bot recovers from (the move stands, the owed post follows) is
    one warning line, not an ERROR with a traceback (issue 30 item 16)."""
    import logging

    await table.new_game(ANN, BEN)

    async def failing(self: object, *args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr(discord.PartialMessageable, "send", failing)
    caplog.clear()
    caplog.set_level(logging.INFO, logger="autobahn")
    player = await table.current()
    await table.slash(player, "act", action=(await table.legal())[0])
    assert (await table.game()).owes_turn_post
    ours = [r for r in caplog.records if r.name.startswith("autobahn")]
    assert not [r for r in ours if r.levelno >= logging.ERROR or r.exc_info], caplog.text
    posts = [r for r in ours if "could not post the turn" in r.getMessage()]
    assert len(posts) == 1 and posts[0].levelno == logging.WARNING, caplog.text
    assert "\n" not in posts[0].getMessage()
