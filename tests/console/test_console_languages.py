"""A whole console game in German and in French, with computer players (issue 13): every
line printed — moves, consequences, who is next, /legal, /status, /log, /game list and
settings, refusals — without an engine id, a seat id or an English word. Only what a
player types stays notation: the log's bracketed notation and the help's commands."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import rules
from console import Console
from locales import translate
from service import GameService
from service.computer import Thinker
from store import GameStore

FAST = {"sample": 2, "width": 0, "follow": 1, "seconds": None, "noise": 0.0}
ID = re.compile(r"\bcpu\d\b|\b[a-z]{1,3}\d{1,2}(\.\d)?\b|\bd_[a-z_]+|seat:|\b(network|trade|"
                r"service|finance)\d\b|\[(running|lobby|finished)\]|\w=\w")
ENGLISH = {"with", "the", "build", "upgrade", "load", "research", "truck", "delivers",
           "floor", "office", "lobby", "card", "take", "black", "red", "green", "purple",
           "white", "yellow", "appliances", "chemicals", "automotive", "promote", "takeback",
           "grant", "is", "not", "link", "move", "moves", "next", "era", "game", "player",
           "easy", "strong", "seats", "language", "reminders", "true", "false"}  # Computer: de


def fake_png(state: rules.State, view: str, lang: str) -> bytes:
    return b"\x89PNG fake"


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    store = await GameStore.open(tmp_path / "console.sqlite3")
    svc = GameService(store, renderer=fake_png)
    svc.use_thinker(Thinker(processes=False, budget=FAST, hint_budget=FAST))
    try:
        yield svc
    finally:
        svc.close()
        await store.close()


def _spoken(line: str) -> str:
    """What of a line is sentence, not typed notation or a command."""
    line = re.sub(r"\[[^\]]*\]$", " ", line)  # the log's notation, for experts
    line = re.sub(r"(^|\s)/\S+", " ", line)  # commands, /act <Nummer>
    line = re.sub(r"\S+\.png\b", " ", line)
    return re.sub(r"<[^>]+>", " ", line)


@pytest.mark.parametrize("lang", ["de", "fr"])
async def test_a_whole_console_game_speaks_the_language(service: GameService, tmp_path: Path,
                                                        lang: str) -> None:
    lines: list[str] = []
    table = Console(service, lang=lang, boards=tmp_path / "boards", out=lines.append)
    assert await table.handle("/game new players:3 bots:2 seed:7")
    assert await table.handle("/legal")
    for turn in range(1500):
        game = await service.game(1)
        if game.status == "finished":
            break
        if turn % 40 == 0:
            for command in ("/legal", "/status", "/act build k1.1 with white", "/act pick zz"):
                assert await table.handle(command)
        assert await table.handle("/act 1")
    assert (await service.game(1)).status == "finished"
    for command in ("/log", "/status", "/game list", "/game settings"):
        assert await table.handle(command)
    helped = set(translate("console.help", lang).splitlines())
    bad = []
    for line in lines:
        if line in helped:
            continue
        spoken = _spoken(line)
        english = set(re.findall(r"[a-z]+", spoken.lower())) & ENGLISH
        if ID.search(spoken) or english:
            bad.append((line, english))
    assert not bad, bad[:10]
    assert any("Computer 1" in line or "Ordinateur 1" in line for line in lines)
    assert len(lines) > 300
