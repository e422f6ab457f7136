"""Whole games read as players read them (issue 31, items 1-3, 13): a game against two
computers and a solo game against the Autobot, played to the end in English, German and
French with `/legal`, `/hint` and `/status` asked along the way and `/log` read at the end.
Every line printed is checked by `tests.reading` for seat ids, engine codes, English words
and plural errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from console import Console
from service import GameService
from service.computer import Thinker
from store import GameStore
from tests.console.console_testutil import fake_png
from tests.reading import bad_lines

FAST = {"sample": 2, "width": 0, "follow": 1, "seconds": None, "noise": 0.0}
GAMES = {
    "computers": ("/game new players:3 bots:2 level:easy seed:5 names:Zoé", ("Zoé",)),
    "solo": ("/game new players:1 level:5 seed:3 names:Zoé", ("Zoé",)),
}


async def transcript(tmp_path: Path, lang: str, new: str) -> list[str]:
    """Everything the console printed over a whole game: the human plays choice 1, 2 or 3
    in turn (so games differ from a first-choice script) and asks for the decision's
    choices, a hint and the status every seventh decision."""
    store = await GameStore.open(tmp_path / "console.sqlite3")
    service = GameService(store, renderer=fake_png)
    service.use_thinker(Thinker(processes=False, budget=FAST, hint_budget=FAST))
    lines: list[str] = []
    console = Console(service, lang=lang, boards=tmp_path / "boards", out=lines.append)
    try:
        assert await console.handle(new)
        for i in range(2000):
            await service.computers_idle()
            if (await service.game(1)).status == "finished":
                break
            who = await service.deciding(1)
            assert who is not None
            if i % 7 == 0:
                for command in ("/legal", "/hint", "/status"):
                    assert await console.handle(f"as {who} {command}")
            assert await console.handle(f"as {who} /act {1 + i % 3}")
        assert (await service.game(1)).status == "finished"
        assert await console.handle("/log")
        assert await console.handle("/status")
        return lines
    finally:
        service.close()
        await store.close()


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("kind", sorted(GAMES))
async def test_a_whole_game_reads_without_ids_codes_or_foreign_words(
        tmp_path: Path, lang: str, kind: str) -> None:
    new, names = GAMES[kind]
    lines = await transcript(tmp_path, lang, new)
    assert len(lines) > 200
    assert bad_lines(lines, lang, names=names) == []


async def test_the_log_shows_the_notation_to_whoever_asks(tmp_path: Path) -> None:
    """`/log` is sentences; `/log notation:yes` adds each move's notation in brackets."""
    store = await GameStore.open(tmp_path / "console.sqlite3")
    service = GameService(store, renderer=fake_png)
    lines: list[str] = []
    console = Console(service, lang="de", boards=tmp_path / "boards", out=lines.append)
    try:
        assert await console.handle("/game new players:2 seed:4 names:Anna,Ben")
        assert await console.handle("/act 1")
        assert await console.handle("/act 1")
        lines.clear()
        assert await console.handle("/log")
        plain = list(lines)
        lines.clear()
        assert await console.handle("/log notation:yes")
        noted = list(lines)
    finally:
        service.close()
        await store.close()
    assert len(plain) == len(noted) == 2
    assert plain[0].startswith("1. ") and "[" not in plain[0]
    assert noted[0].startswith(plain[0] + "  [route ") and noted[0].endswith("]")
