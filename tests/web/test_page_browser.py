"""Issue 36 in a real browser (Debian's chromium through Playwright): a game's page shows
the players and the map, follows moves made through the service without a reload, steps
through the replay, zooms, speaks German and French, and reads on a phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from service import GameService, Table
from tests.web.conftest import shot_path
from web import WebServer

PHONE = {"width": 390, "height": 844}


async def open_page(browser: Any, url: str, *, viewport: dict[str, int] | None = None,
                    locale: str = "en-GB") -> tuple[Any, Any, list[str]]:
    context = await browser.new_context(viewport=viewport or {"width": 1280, "height": 900},
                                        locale=locale, device_scale_factor=1)
    page = await context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda err: problems.append(str(err)))
    page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
    await page.goto(url)
    await page.wait_for_selector("body.ready")
    return context, page, problems


async def link(service: GameService, game: Table) -> str:
    url = await service.web_link(game.id)
    assert url is not None
    return url


async def move_once(service: GameService, game: Table) -> None:
    legal = await service.legal(game.id)
    await service.act(game.id, legal.player, legal.actions[0])


async def test_the_page_shows_the_players_and_the_map_and_follows_a_move_live(
        service: GameService, server: WebServer, late: Table, browser: Any) -> None:
    context, page, problems = await open_page(browser, await link(service, late))
    players = await page.inner_text("#players")
    for name in ("Ann", "Ben", "Cem", "Dan"):
        assert name in players
    cities = await page.eval_on_selector_all("svg.map text.city", "els => els.length")
    assert cities == 48
    assert await page.inner_text("#move-label") == "Move 210 of 210"
    await page.evaluate("window.notReloaded = true")
    before = await page.inner_html("#story")
    await page.wait_for_selector("#live:not([hidden])")

    await move_once(service, late)

    await page.wait_for_function(
        "() => document.body.dataset.moves === '211'", timeout=10_000)
    await page.wait_for_function(
        "() => document.getElementById('move-label').textContent === 'Move 211 of 211'")
    assert await page.evaluate("window.notReloaded") is True
    assert await page.inner_html("#story") != before
    assert "211." in await page.inner_text("#log")
    assert problems == []
    await context.close()


async def test_a_page_comes_back_after_the_server_restarts(
        service: GameService, server: WebServer, late: Table, browser: Any) -> None:
    context, page, _ = await open_page(browser, await link(service, late))
    await page.wait_for_selector("#live:not(.off):not([hidden])")
    port = server.port
    await server.stop()
    await page.wait_for_selector("#live.off")
    await move_once(service, late)  # while no server runs: the page learns it on return
    again = WebServer(service, "127.0.0.1", port, poll_s=0.5)
    await again.start()
    try:
        await page.wait_for_function(
        "() => document.body.dataset.moves === '211'", timeout=20_000)
        await page.wait_for_selector("#live:not(.off)")
    finally:
        await context.close()
        await again.stop()


async def test_the_replay_steps_back_and_forth_drawing_each_move(
        service: GameService, server: WebServer, late: Table, browser: Any) -> None:
    context, page, problems = await open_page(browser, await link(service, late))
    latest_map = await page.inner_html("#mapbox")
    latest_story = await page.inner_html("#story")
    await page.click("#prev")
    await page.wait_for_function(
        "() => document.getElementById('move-label').textContent === 'Move 209 of 210'")
    assert await page.inner_html("#story") != latest_story
    await page.click("#first")
    await page.wait_for_function(
        "() => document.getElementById('move-label').textContent === 'The deal'")
    assert await page.eval_on_selector_all("#story li", "els => els.length") == 0
    assert await page.eval_on_selector_all("svg.map .truck", "els => els.length") == 0
    await page.click("#next")
    await page.wait_for_function(
        "() => document.getElementById('move-label').textContent === 'Move 1 of 210'")
    assert "Ben" in await page.inner_text("#story")
    await page.fill("#slider", "100")
    await page.wait_for_function(
        "() => document.getElementById('move-label').textContent === 'Move 100 of 210'")
    assert "move=100" in page.url
    assert await page.inner_html("#mapbox") != latest_map
    await page.click("#last")
    await page.wait_for_function(
        "() => document.getElementById('move-label').textContent === 'Move 210 of 210'")
    assert await page.inner_html("#mapbox") == latest_map
    assert problems == []
    await context.close()


async def test_a_replayed_move_stays_when_the_game_moves_on(
        service: GameService, server: WebServer, late: Table, browser: Any) -> None:
    context, page, _ = await open_page(browser, await link(service, late) + "?move=50")
    assert await page.inner_text("#move-label") == "Move 50 of 210"
    await page.wait_for_selector("#live:not([hidden])")
    await move_once(service, late)
    await page.wait_for_function(
        "() => document.getElementById('slider').max === '211'")
    assert await page.inner_text("#move-label") == "Move 50 of 210"
    await context.close()


async def view_box(page: Any) -> list[float]:
    box = await page.get_attribute("svg.map", "viewBox")
    return [float(v) for v in box.split()]


async def test_the_map_zooms_and_pans(service: GameService, server: WebServer, late: Table,
                                      browser: Any) -> None:
    context, page, _ = await open_page(browser, await link(service, late), viewport=PHONE)
    start = await view_box(page)
    await page.click("#zoom-in")
    closer = await view_box(page)
    assert closer[2] < start[2] / 1.4
    box = await page.locator("#mapbox").bounding_box()
    await page.mouse.move(box["x"] + 200, box["y"] + 200)
    await page.mouse.down()
    await page.mouse.move(box["x"] + 120, box["y"] + 150, steps=5)
    await page.mouse.up()
    panned = await view_box(page)
    assert panned[0] > closer[0] and panned[1] > closer[1] and panned[2] == closer[2]
    await page.click("#fit")
    whole = await view_box(page)
    assert whole[2] >= 800 - 0.5 and whole[3] >= 1380 - 0.5  # the whole map in view
    await page.mouse.move(box["x"] + 190, box["y"] + 300)
    await page.mouse.wheel(0, -400)
    wheeled = await view_box(page)
    assert wheeled[2] < whole[2]
    await context.close()


async def test_on_a_phone_city_names_read_at_eleven_pixels_after_the_pages_fit(
        service: GameService, server: WebServer, late: Table, browser: Any,
        tmp_path: Path) -> None:
    context, page, _ = await open_page(browser, await link(service, late), viewport=PHONE)
    # every name in view, as the browser lays it out (its glyphs' box, in CSS pixels)
    heights = await page.eval_on_selector_all("svg.map text.city", """els => {
        const box = document.getElementById('mapbox').getBoundingClientRect();
        return els.map(e => e.getBoundingClientRect()).filter(r =>
            r.bottom > box.top && r.top < box.bottom && r.right > box.left &&
            r.left < box.right).map(r => r.height); }""")
    assert len(heights) >= 15  # a good part of the map is in view
    assert min(heights) >= 11
    assert min(await page.eval_on_selector_all(
        "svg.map text.city",
        "els => els.map(e => parseFloat(getComputedStyle(e).fontSize) *"
        " e.getScreenCTM().a)")) >= 11
    await page.screenshot(path=str(shot_path(tmp_path, "phone-390x844.png")))
    await page.screenshot(path=str(shot_path(tmp_path, "phone-390x844-page.png")),
                          full_page=True)
    await context.close()


async def test_the_page_speaks_the_browsers_language_or_the_readers_choice(
        service: GameService, server: WebServer, late: Table, browser: Any,
        tmp_path: Path) -> None:
    url = await link(service, late)
    context, page, _ = await open_page(browser, url, locale="de-DE")
    assert await page.get_attribute("html", "lang") == "de"
    assert await page.inner_text("#move-label") == "Zug 210 von 210"
    assert "Punkte nach Abteilung" in await page.inner_text("main")
    assert "Bauen" in await page.inner_text("#log")
    await page.click("#prev")
    await page.wait_for_function(
        "() => document.getElementById('move-label').textContent === 'Zug 209 von 210'")
    await page.click("a[hreflang=fr]")
    await page.wait_for_selector("body.ready")
    assert await page.get_attribute("html", "lang") == "fr"
    assert await page.inner_text("#move-label") == "Coup 210 sur 210"
    assert "Points par département" in await page.inner_text("main")
    assert "Joueurs" in await page.inner_text("main")
    await page.screenshot(path=str(shot_path(tmp_path, "fr-1280.png")))
    text = await page.inner_text("body")
    for english in ("Move ", "Points by department", "Players", "Replay", "Whole map"):
        assert english not in text
    await context.close()
