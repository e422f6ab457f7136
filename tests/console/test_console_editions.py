"""`/game new edition:<name>` at the console (issue 34 item 5): a table plays an edition the
server offers (service.editions), and a name it does not offer is refused in words."""

from __future__ import annotations

from pathlib import Path

import pytest
from console_testutil import Table, fake_png

from console import Console
from rules import registry
from rules.edition import CLASSIC_PATH
from service import GameService
from service.editions import Editions
from store import GameStore


async def test_game_new_with_an_edition_the_server_offers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "editions"
    folder.mkdir()
    (folder / "ours.toml").write_text(CLASSIC_PATH.read_text(encoding="utf-8").replace(
        'name = "classic"', 'name = "ours"'), encoding="utf-8")
    monkeypatch.setattr(registry, "SEARCH_DIRS", [*registry.SEARCH_DIRS, tmp_path / "pinned"])
    store = await GameStore.open(tmp_path / "console.sqlite3")
    service = GameService(store, renderer=fake_png,
                          editions=Editions(folder, pinned=tmp_path / "pinned"))
    lines: list[str] = []
    table = Table(Console(service, boards=tmp_path / "boards", out=lines.append), lines)
    try:
        out = await table("/game new players:2 edition:theirs",
                          "/game new players:2 seed:4 edition:ours")
        assert "This server has no edition called theirs. Editions here: classic, ours." in out
        games = await service.store.games_of_player("ann")
        assert [(g.edition, g.edition_hash[:12]) for g in games] == [
            ("ours", next((tmp_path / "pinned").glob("ours-*.toml")).stem[-12:])]
    finally:
        service.close()
        await store.close()
