"""Whole games: every sampled state renders, and the replay animation is a small GIF."""

from __future__ import annotations

import io

from PIL import Image

import render
from render import layout
from render.animation import turn_ends
from rules.state import State


def test_every_tenth_state_of_a_game_renders(game: list[State]) -> None:
    for i, state in enumerate([*game[::10], game[-1]]):
        view = layout.VIEWS[i % len(layout.VIEWS)]
        lang = ("en", "de", "fr")[i % 3]
        im = Image.open(io.BytesIO(render.board(state, view, lang)))
        assert im.size == layout.view_size(view, len(state.order))


def test_replay_is_an_animated_gif_of_the_turns(game: list[State]) -> None:
    part = game[:60]
    data = render.replay(part)
    im = Image.open(io.BytesIO(data))
    assert im.format == "GIF"
    assert im.n_frames == len(turn_ends(part)) > 1
    assert im.size == layout.view_size("map")
    assert len(data) < 8 << 20
