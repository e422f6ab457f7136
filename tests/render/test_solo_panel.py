"""The Autobot's panel in a solo game: its level and board, colour, task and queue."""

from __future__ import annotations

import pytest

import render
from render.player_board import solo_line
from tests.reading import problems
from tests.render.text_probe import drawn_text
from tests.rules.solo_helpers import bot_turn, decks, solo_start, with_solo


def test_the_solo_line_names_level_colour_task_and_queue() -> None:
    state, _ = bot_turn(decks(solo_start(level=8), ("black",), ("5a", "1a")))
    state = with_solo(state, task_queue=("7a", "5a"))
    assert solo_line(state, "en") == "Level 8 (hard) · Black · Task 5A · Queue 7A 5A"
    # the colour in the board's words, not the engine's (issue 31, item 3)
    assert solo_line(state, "de") == "Stufe 8 (schwer) · Schwarz · Aufgabe 5A · Warteschlange 7A 5A"
    assert solo_line(state, "fr") == "Niveau 8 (difficile) · Noir · Tâche 5A · File 7A 5A"


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_solo_board_draws_no_english_word_or_code(lang: str) -> None:
    state, _ = bot_turn(decks(solo_start(level=8), ("black",), ("5a", "1a")))
    with drawn_text() as seen:
        render.board(state, "full", lang, names={pid: "Zoé" for pid in state.order
                                                 if pid != "autobot"} | {"autobot": "Autobot"})
    assert solo_line(state, lang) in seen
    assert [(text, found) for text in seen if (found := problems(text, lang))] == []


@pytest.mark.parametrize("view", sorted(render.VIEWS))
def test_a_solo_board_renders(view: str) -> None:
    state, _ = bot_turn(solo_start(level=2))
    png = render.board(state, view, "fr")
    assert png.startswith(b"\x89PNG")
