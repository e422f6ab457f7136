"""The console restarted after its game ended resumes that game (issue 11, item 5): it
does not say "No game yet" while /game list shows the game."""

from __future__ import annotations

from pathlib import Path

import rules
from console import Console
from service import GameService
from store import GameStore


def fake_png(state: rules.State, view: str, lang: str) -> bytes:
    return b"\x89PNG fake"


async def test_a_restart_after_the_end_resumes_the_ended_game(tmp_path: Path) -> None:
    store = await GameStore.open(tmp_path / "console.sqlite3")
    service = GameService(store, renderer=fake_png)
    try:
        first: list[str] = []
        console = Console(service, boards=tmp_path / "boards", out=first.append)
        for line in ("/game new players:2 names:ann,ben seed:1", "/game abandon"):
            assert await console.handle(line)
        assert any("abandoned" in line for line in first), first
        again: list[str] = []
        restarted = Console(service, boards=tmp_path / "boards", out=again.append)
        await restarted.resume()
        assert restarted.game_id == 1
        assert not any("No game yet" in line for line in again), again
        assert again[0] == "Resuming game 1."
    finally:
        service.close()
        await store.close()
