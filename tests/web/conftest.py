"""Fixtures of the web page's tests: a real service over a temporary database, the page
server on a free loopback port, and Debian's chromium driven by Playwright.

No browser is downloaded: Playwright starts the system's chromium (`executable_path`),
which `.ci/run` installs with apt. Where it is missing the browser tests are skipped with
the reason, unless CI_REQUIRE_BROWSER=1 (CI) makes that a failure.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from service import GameService, GameStore, Table
from tests.web.games import golden_game
from web import WebServer

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
# chromium as root needs --no-sandbox; the rest keeps it off the network (nothing but
# the loopback is reachable here, and it would try Google's hosts at every start)
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]
SHOTS = Path(os.environ.get("WEB_SHOTS", "")) if os.environ.get("WEB_SHOTS") else None


def fake_png(state: Any, view: str, lang: str) -> bytes:
    return b"PNG"  # the turn pictures are not what these tests look at


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    store = await GameStore.open(tmp_path / "web.sqlite3")
    svc = GameService(store, renderer=fake_png)
    try:
        yield svc
    finally:
        svc.close()
        await store.close()


@pytest.fixture
async def server(service: GameService) -> AsyncIterator[WebServer]:
    served = WebServer(service, "127.0.0.1", 0, poll_s=0.5)
    await served.start()
    try:
        yield served
    finally:
        await served.stop()


@pytest.fixture
async def late(service: GameService) -> Table:
    """The golden 4-player game near its end (210 of its moves): a crowded board."""
    return await golden_game(service, 210)


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI_REQUIRE_BROWSER") == "1":
            pytest.fail(f"no chromium at {CHROMIUM} (install Debian's chromium package)")
        pytest.skip(f"no chromium at {CHROMIUM}: install Debian's chromium package")
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        launched = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            await launched.close()


def shot_path(tmp_path: Path, name: str) -> Path:
    """Where a screenshot goes: WEB_SHOTS when set (to look at them), else the test's tmp."""
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        return SHOTS / name
    return tmp_path / name
