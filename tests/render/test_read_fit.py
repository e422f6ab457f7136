"""Nothing cut off and nothing past its box (issue 31, item 10): boards of a 4-player game
whose players have names as long as Discord allows (32 characters), in every language,
mid-game and at the end, in the full, players and card views. Each string the board draws
is measured against its box: the board's column it starts in (map, panel) and the image."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import pairwise
from typing import Any

import pytest

import render
from render import layout
from render.sprites import text_width
from rules import State, apply, current_player, is_over, legal_actions, load_edition, new_game
from tests.render.text_probe import drawn_text

IDS = ("ann", "ben", "cem", "dan")
NAMES = {  # 32 characters each, the longest a Discord display name may be
    "ann": "Wolfgang Amadeus Mozart-Schubert",
    "ben": "Ludwig van Beethoven Brahms-Bach",
    "cem": "Computer 1 (stark) Gesellschafts",
    "dan": "Éléonore Marie-Antoinette Dubois",
}


def _play(stop: int | None) -> State:
    state = new_game(load_edition(), list(IDS), seed=7)
    rnd = random.Random(7)
    n = 0
    while not is_over(state) and (stop is None or n < stop):
        pid = current_player(state)
        assert pid is not None
        state = apply(state, pid, rnd.choice(legal_actions(state, pid)))
        n += 1
    return state


@pytest.fixture(scope="module")
def states() -> dict[str, State]:
    return {"mid": _play(120), "final": _play(None)}


@contextmanager
def placed_text() -> Iterator[list[tuple[str, float, float, float]]]:
    """Every string drawn through render.sprites.draw_text: its left and right edge and
    its y."""
    seen: list[tuple[str, float, float, float]] = []
    patched = [m for name, m in list(sys.modules.items())
               if (name == "render" or name.startswith("render.")) and hasattr(m, "draw_text")]
    originals = {m: m.draw_text for m in patched}
    real = originals[sys.modules["render.sprites"]]

    def record(im: Any, xy: tuple[float, float], value: str, size: int, fill: Any, *,
               bold: bool = False, anchor: str = "ls") -> None:
        if value:
            width = text_width(value, size, bold)
            left = xy[0] - (width / 2 if anchor[0] == "m" else width if anchor[0] == "r" else 0)
            seen.append((value, left, left + width, xy[1]))
        real(im, xy, value, size, fill, bold=bold, anchor=anchor)

    for m in patched:
        m.draw_text = record
    try:
        yield seen
    finally:
        for m, f in originals.items():
            m.draw_text = f


def columns(view: str) -> list[float]:
    """The x where one box of the view ends and the next begins (below the header, which
    spans the whole width)."""
    if view == "full":
        return [0.0, float(layout.MAP_W), float(layout.MAP_W + layout.PANEL_W)]
    width = layout.PHONE.map_w if view == "card" else layout.PANEL_W
    return [0.0, float(width)]


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("view", ["full", "players", "card"])
@pytest.mark.parametrize("when", ["mid", "final"])
def test_every_name_and_part_fits_at_four_long_names(states: dict[str, State], lang: str,
                                                     view: str, when: str) -> None:
    state = states[when]
    with drawn_text() as seen, placed_text() as placed:
        render.board(state, view, lang, names=NAMES)
    cut = [text for text in seen if text.endswith("…")]
    assert cut == []
    edges = columns(view)
    out = []
    for text, left, right, y in placed:
        # the header is one box, the image's width
        edges_here = [0.0, edges[-1]] if y < layout.HEADER_H else edges
        box = next(((a, b) for a, b in pairwise(edges_here) if a - 1 <= left < b),
                   None)
        if box is None or right > box[1] + 1:
            out.append((text, round(left), round(right)))
    assert out == []
    if view != "map":  # every player's whole name is on the board
        drawn = "\n".join(seen)
        assert all(name in drawn for name in NAMES.values()) or view == "card"
