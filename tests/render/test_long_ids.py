"""Player ids of any length draw (issue 11, item 3): a game whose seats have very long ids
failed every board, after its start and each turn had been committed."""

from __future__ import annotations

import io

from PIL import Image

import render
import rules
from render import layout
from render.sprites import fit, shown_id, text_width


def test_boards_of_players_with_very_long_ids_draw_in_every_view() -> None:
    ids = [c * 1_000_001 for c in "abc"]  # more than Pillow accepts in one string
    state = rules.new_game(rules.load_edition(), ids, 1)
    for view in layout.VIEWS:
        im = Image.open(io.BytesIO(render.board(state, view, "en")))
        assert im.size == layout.view_size(view, 3)


def test_a_long_id_is_shortened_to_its_place() -> None:
    assert shown_id("ann") == "ann"
    assert len(shown_id("x" * 500)) == 32 and shown_id("x" * 500).endswith("…")
    name = fit("W" * 80, 19, 150, True)
    assert text_width(name, 19, True) <= 150 and name.endswith("…")
