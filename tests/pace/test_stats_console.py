"""`/stats` and `/game history` in the console (issue 35, item 5): they read the local
database and answer in English, German and French, counted words in their plural forms."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_ratings import scripted

from console import Console
from locales import translate
from service import GameService


async def finished_table(service: GameService, tmp_path: Path,
                         lang: str) -> tuple[Console, list[str]]:
    lines: list[str] = []
    table = Console(service, lang=lang, boards=tmp_path / "boards", out=lines.append)
    log, _ = scripted(["ann", "ben", "cem"], 1, 1)
    await table.handle("/game new players:3 names:ann,ben,cem seed:1")
    for _player, notation in log:
        await table.handle(f"/act {notation}")
    return table, lines


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
async def test_stats_and_history_answer_in_the_tables_language(
        service: GameService, tmp_path: Path, lang: str) -> None:
    table, lines = await finished_table(service, tmp_path, lang)
    assert not [line for line in lines if line.startswith("!")]
    lines.clear()
    await table.handle("/stats ann vs:ben")
    said = "\n".join(lines)
    assert translate("pace.stats.title", lang, player="ann") in said
    assert translate("pace.games.one", lang, count=1) in said  # one game: the singular
    assert translate("pace.stats.versus.one", lang, other="ben", count=1, ahead=0,
                     behind=0, level=0).split(":")[0] in said
    lines.clear()
    await table.handle("/stats server")
    said = "\n".join(lines)
    assert translate("pace.players", lang, count=3) in said  # three players: the plural
    assert said.count("±") == 3
    lines.clear()
    await table.handle("/game history")
    said = "\n".join(lines)
    assert translate("pace.history.title", lang, count=1, page=1, pages=1) in said
    assert "/game switch game:1" in said
    lines.clear()
    await table.handle("/stats zed")
    assert lines == ["! " + translate("pace.stats.unknown_player", lang, player="zed")]
    lines.clear()
    await table.handle("/help")
    assert translate("console.help_pace", lang) in lines


async def test_stats_before_any_finished_game(service: GameService, tmp_path: Path) -> None:
    lines: list[str] = []
    table = Console(service, lang="de", boards=tmp_path / "boards", out=lines.append)
    await table.handle("/stats server")
    await table.handle("/game history")
    assert lines == [translate("pace.server.empty", "de"), translate("pace.history.empty", "de")]
