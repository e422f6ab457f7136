"""Issue 36: the game's web page from Discord. Every turn card in the game's own channel
links it ("Board in the browser"), so does `/board` asked there, never elsewhere (a
private channel's link stays in it); `/game settings new_web_link` gives a new one."""

from __future__ import annotations

import re

from tests.cogs.conftest import ANN, BEN, Table
from tests.cogs.harness import CHANNEL_ID

BASE = "https://autobahn.example/pages"
LINK = re.compile(r"\[Board in the browser\]\((https://autobahn\.example/pages/g/\d+/[\w-]{32,})\)")


async def test_every_turn_card_links_the_games_page(table: Table) -> None:
    table.service.set_web_base(BASE)
    await table.new_game(ANN, BEN)
    player = await table.current()
    await table.slash(player, "act", action=(await table.legal())[0])
    posts = table.posts()
    assert posts
    links = {m.group(1) for post in posts if (m := LINK.search(post.content))}
    game = await table.game()
    assert links == {await table.service.web_link(game.id)}


async def test_no_link_while_no_pages_are_served(table: Table) -> None:
    await table.new_game(ANN, BEN)
    player = await table.current()
    await table.slash(player, "act", action=(await table.legal())[0])
    assert not any("browser" in post.content for post in table.posts())


async def test_board_gives_the_link_in_the_games_channel_only(table: Table) -> None:
    table.service.set_web_base(BASE)
    game = await table.new_game(ANN, BEN)
    await table.slash(BEN, "board", game=game.id)
    assert LINK.search(table.recorder.last_reply().content)
    await table.slash(BEN, "board", game=game.id, channel=CHANNEL_ID + 1)
    reply = table.recorder.last_reply()
    assert "browser" not in reply.content and "/g/" not in reply.content


async def test_the_host_gets_a_new_link_and_the_old_one_ends(table: Table) -> None:
    table.service.set_web_base(BASE)
    game = await table.new_game(ANN, BEN)
    old = await table.service.web_link(game.id)
    await table.slash(BEN, "game settings", new_web_link=True)
    assert await table.service.web_link(game.id) == old  # only the host may
    await table.slash(ANN, "game settings", new_web_link=True)
    new = await table.service.web_link(game.id)
    assert new != old and new in table.recorder.last_reply().content
