"""Issue 37, item 5: `/health` on the web port tells a monitor whether the bot's store
answers, how many games run, how busy the render pool is, its memory and loop lag."""

from __future__ import annotations

import json

import aiohttp
import pytest

from service import CONSOLE, GameService
from store import StoreBusyError
from web import WebServer


async def test_health_answers_with_the_running_games_and_the_pool(
        service: GameService, server: WebServer) -> None:
    game = await service.create_game(CONSOLE, "ann", "Ann", seats=2, players=[("ben", "Ben")])
    await service.start(game.id, "ann")
    async with aiohttp.ClientSession() as http, http.get(f"{server.base_url}/health") as reply:
        assert reply.status == 200
        assert reply.headers["Cache-Control"] == "no-store"
        assert "Content-Security-Policy" in reply.headers  # the same guard as every page
        found = json.loads(await reply.text())
    assert found["ok"] is True and found["store"] == "ok"
    assert found["running_games"] == 1
    assert found["render_workers"] >= 1 and found["renders_waiting"] == 0
    assert found["rss_mb"] > 0 and found["loop_lag_ms"] >= 0


async def test_health_is_503_when_the_store_does_not_answer(
        service: GameService, server: WebServer, monkeypatch: pytest.MonkeyPatch) -> None:
    async def busy(status: str) -> int:
        raise StoreBusyError("the database is locked")

    monkeypatch.setattr(service.repo.store, "count_games", busy)
    async with aiohttp.ClientSession() as http, http.get(f"{server.base_url}/health") as reply:
        assert reply.status == 503
        found = json.loads(await reply.text())
    assert found["ok"] is False and found["store"] == "store_busy"
    assert found["running_games"] is None
    line = (await service.health()).line()
    assert "ok=False" in line and "store=store_busy" in line
