"""A boards folder that cannot be written (issue 30 item 14): the board image is written
after the move was committed, so the player reads one line of warning that the image was
not written, never that the move failed, and no traceback is logged."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from console_testutil import fake_png, scripted_game

from console import Console
from service import GameService
from store import GameStore


@pytest.mark.parametrize(("lang", "warning", "failed"), [
    ("en", "The board image was not written to", "Nothing was changed"),
    ("de", "Das Bild des Spielbretts wurde nicht nach", "Nichts wurde geändert"),
    ("fr", "L’image du plateau n’a pas été écrite dans", "Rien n’a été modifié"),
])
async def test_an_unwritable_boards_folder_warns_in_one_line_and_the_move_stands(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, lang: str, warning: str,
        failed: str) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    store = await GameStore.open(tmp_path / "console.sqlite3")
    service = GameService(store, renderer=fake_png)
    lines: list[str] = []
    console = Console(service, lang=lang, boards=blocker / "boards", out=lines.append)
    log, _ = scripted_game()
    caplog.set_level(logging.WARNING)
    try:
        assert await console.handle("/game new players:3 seed:1")
        for _, action in log[:3]:
            assert await console.handle(f"/act {action}")
        assert await console.handle("/board")
        game = await service.game(1)
    finally:
        service.close()
        await store.close()
    text = "\n".join(lines)
    assert game.action_count == 3, text  # every move was saved
    warnings = [line for line in lines if line.startswith(warning)]
    assert len(warnings) == 5, text  # the start, three moves and /board: one line each
    assert all("\n" not in w and str(blocker) in w for w in warnings)
    assert failed not in text and not any(line.startswith("!") for line in lines), text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
