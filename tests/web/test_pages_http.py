"""Issue 36 over plain HTTP: the private link (a wrong token is a 404 like no game at all,
a rotated token ends the old link), nothing hidden on a running game's page, the security
headers, the rate limit per address and the bounded live streams."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator

import aiohttp
import pytest

import rules
from service import CONSOLE, GameService, Table
from service.errors import NotHost
from web import WebServer
from web.limits import RateLimit, StreamLimit

SEED = 918_273_645_123  # a seed no page could show by chance


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


@pytest.fixture
async def running(service: GameService) -> Table:
    """A 3-player game a few moves in, with a seed that could not appear by chance."""
    game = await service.create_game(CONSOLE, "ann", "Ann", seats=3, seed=SEED,
                                     players=[("ben", "Ben"), ("cem", "Cem")])
    await service.start(game.id, "ann")
    for _ in range(12):
        legal = await service.legal(game.id)
        await service.act(game.id, legal.player, legal.actions[-1])
    return await service.game(game.id)


async def fetch(http: aiohttp.ClientSession, url: str, **headers: str) -> tuple[int, str]:
    async with http.get(url, headers=headers) as reply:
        return reply.status, await reply.text()


async def test_a_wrong_token_is_a_404_like_a_game_that_does_not_exist(
        service: GameService, server: WebServer, running: Table,
        http: aiohttp.ClientSession) -> None:
    url = await service.web_link(running.id)
    assert url is not None
    token = url.rsplit("/", 1)[1]
    assert len(token) >= 32 and re.fullmatch(r"[A-Za-z0-9_-]+", token)
    assert (await fetch(http, url))[0] == 200
    wrong = url[:-1] + ("A" if url[-1] != "A" else "B")
    status, body = await fetch(http, wrong)
    no_game = await fetch(http, f"{server.base_url}/g/999/{token}")
    assert status == 404 and no_game == (404, body)
    for part in ("/board.json", "/log.json", "/events"):
        assert (await fetch(http, wrong + part))[0] == 404
    assert (await fetch(http, f"{server.base_url}/g/{running.id}"))[0] == 404
    assert (await fetch(http, f"{server.base_url}/"))[0] == 404


async def test_the_host_rotates_the_link_and_the_old_one_stops_working(
        service: GameService, server: WebServer, running: Table,
        http: aiohttp.ClientSession) -> None:
    old = await service.web_link(running.id)
    assert old is not None
    with pytest.raises(NotHost):
        await service.rotate_web_token(running.id, "ben")
    assert (await fetch(http, old))[0] == 200
    await service.rotate_web_token(running.id, "ann")
    new = await service.web_link(running.id)
    assert new is not None and new != old
    assert (await fetch(http, old))[0] == 404
    assert (await fetch(http, new))[0] == 200
    # the token is no setting players see or change
    assert "web_token" not in json.dumps(await service.export(running.id))


async def test_a_running_games_page_holds_nothing_hidden(
        service: GameService, server: WebServer, running: Table,
        http: aiohttp.ClientSession) -> None:
    url = await service.web_link(running.id)
    assert url is not None
    state = await service.state_at(running.id)
    assert not rules.is_over(state) and len(state.deck) >= 3 and len(state.bag) >= 3
    texts = [(await fetch(http, url))[1]]
    for query in ("", "?move=0", "?move=5", "?lang=de"):
        texts.append((await fetch(http, url + "/board.json" + query))[1])
        texts.append((await fetch(http, url + query))[1])
    texts.append((await fetch(http, url + "/log.json"))[1])
    page = "\n".join(texts)
    assert str(SEED) not in page and str(state.rng) not in page
    assert '"rng"' not in page and '"deck"' not in page and '"bag"' not in page
    # the future order of the deck and the tile bag: no run of three in a row
    for future in (state.deck, state.advanced_deck, state.bag):
        for i in range(len(future) - 2):
            run = future[i:i + 3]
            assert not re.search(r"\W+".join(map(re.escape, run)), page), run


async def test_every_answer_carries_the_security_headers_and_no_inline_code(
        service: GameService, server: WebServer, running: Table,
        http: aiohttp.ClientSession) -> None:
    url = await service.web_link(running.id)
    assert url is not None
    for target in (url, url + "/board.json", server.base_url + "/static/web.js",
                   server.base_url + "/nothing"):
        async with http.get(target) as reply:
            csp = reply.headers["Content-Security-Policy"]
            assert "script-src 'self'" in csp and "default-src 'none'" in csp
            assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
            assert reply.headers["Referrer-Policy"] == "no-referrer"
            assert reply.headers["X-Content-Type-Options"] == "nosniff"
    html = (await fetch(http, url))[1]
    scripts = re.findall(r"<script\b[^>]*>", html)
    assert len(scripts) == 1 and re.fullmatch(r'<script src="/static/web\.js\?v=\w+" defer>',
                                              scripts[0])
    assert " style=" not in html and "<style" not in html
    assert not re.search(r"\son[a-z]+=", html)  # no inline event handlers
    # nothing from another host: every address in the page is this server's own
    assert not re.search(r"(src|href)=\"(https?:)?//", html)


async def test_a_name_cannot_inject_markup(service: GameService, server: WebServer,
                                           http: aiohttp.ClientSession) -> None:
    game = await service.create_game(CONSOLE, "ann", "<script>alert(1)</script>", seats=2,
                                     seed=5, players=[("ben", '"><img src=x onerror=1>')])
    await service.start(game.id, "ann")
    url = await service.web_link(game.id)
    assert url is not None
    page = (await fetch(http, url))[1] + (await fetch(http, url + "/board.json"))[1]
    assert "<script>alert" not in page and "<img src=x" not in page
    assert "&lt;script&gt;" in page


async def test_requests_beyond_an_addresss_rate_get_429(
        service: GameService, running: Table, http: aiohttp.ClientSession) -> None:
    served = WebServer(service, "127.0.0.1", 0, rate=RateLimit(burst=5, per_s=0.01))
    await served.start()
    try:
        url = await service.web_link(running.id)
        assert url is not None
        statuses = [(await fetch(http, url + "/board.json"))[0] for _ in range(8)]
        assert statuses[:5] == [200] * 5 and statuses[5:] == [429] * 3
    finally:
        await served.stop()


def test_the_rate_limit_refills_and_forgets_old_addresses() -> None:
    now = [0.0]
    limit = RateLimit(burst=2, per_s=1, addresses=3, clock=lambda: now[0])
    assert [limit.take("a") for _ in range(3)] == [0, 0, 1.0]
    now[0] = 1.0
    assert limit.take("a") == 0
    for other in "bcd":
        limit.take(other)
    assert len(limit._buckets) == 3 and "a" not in limit._buckets


def test_live_streams_are_bounded_per_address_and_in_all() -> None:
    streams = StreamLimit(per_address=2, total=3)
    assert [streams.open("a") for _ in range(3)] == [True, True, False]
    assert streams.open("b") and not streams.open("c")
    streams.close("a")
    assert streams.open("c") and streams.count == 3


async def test_a_lobby_has_a_page_that_waits_for_the_start(
        service: GameService, server: WebServer, http: aiohttp.ClientSession) -> None:
    game = await service.create_game(CONSOLE, "ann", "Ann", seats=2, seed=3)
    url = await service.web_link(game.id)
    assert url is not None
    status, body = await fetch(http, url + "?lang=de")
    assert status == 200 and "noch nicht begonnen" in body and "Ann" in body


@pytest.mark.parametrize(("header", "lang"), [("de-DE,de;q=0.9,en;q=0.8", "de"),
                                              ("en-US;q=0.5, fr;q=0.9", "fr"),
                                              ("it, es", "en"), ("", "en")])
async def test_the_page_speaks_the_first_language_the_browser_asks_for(
        service: GameService, server: WebServer, running: Table,
        http: aiohttp.ClientSession, header: str, lang: str) -> None:
    url = await service.web_link(running.id)
    assert url is not None
    body = (await fetch(http, url, **{"Accept-Language": header}))[1]
    assert f'<html lang="{lang}">' in body
