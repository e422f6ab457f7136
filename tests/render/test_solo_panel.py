"""The Autobot's panel in a solo game: its level and board, colour, task and queue."""

from __future__ import annotations

import pytest

import render
from render.player_board import solo_line
from tests.rules.solo_helpers import bot_turn, decks, solo_start, with_solo


def test_the_solo_line_names_level_colour_task_and_queue() -> None:
    state, _ = bot_turn(decks(solo_start(level=8), ("black",), ("5a", "1a")))
    state = with_solo(state, task_queue=("7a", "5a"))
    assert solo_line(state, "en") == "Level 8 (hard) · black · Task 5A · Queue 7A 5A"
    assert solo_line(state, "de") == "Stufe 8 (schwer) · black · Aufgabe 5A · Warteschlange 7A 5A"


@pytest.mark.parametrize("view", sorted(render.VIEWS))
def test_a_solo_board_renders(view: str) -> None:
    state, _ = bot_turn(solo_start(level=2))
    png = render.board(state, view, "fr")
    assert png.startswith(b"\x89PNG")
