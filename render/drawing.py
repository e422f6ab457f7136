"""Drawing a board: the state onto its view's cached background, as an image.

Its own module so that `render.animation` (the replay) and `render` (the package's API)
both use it without importing each other.
"""

from __future__ import annotations

import io
from collections.abc import Mapping

from PIL import Image

from render import layout, map_layer, panels, phone_board, player_board, style, turn_card
from render.background import static_background
from render.labels import LANGS
from render.layout import VIEWS
from render.markers import seats_of
from rules import MapChanges, State, edition_of

Names = Mapping[str, str]  # player id -> display name

PNG_COMPRESS_LEVEL = 1  # bench/render_bench.py: fastest here; 2–3 save ~5% size for 10–30% time


def draw(state: State, view: str = "full", lang: str = "en", names: Names | None = None,
         changes: MapChanges | None = None) -> Image.Image:
    """The board as an RGB image (for `board`, `replay` and tests).

    `names` gives the players' display names (ids where missing); `changes` marks what the
    last turn changed on the map (rules.changes.map_changes)."""
    if view not in VIEWS:
        raise ValueError(f"unknown view {view!r}; known: {', '.join(VIEWS)}")
    if lang not in LANGS:
        lang = "en"
    edition = edition_of(state)
    seats = seats_of(state.order, names)
    east_open = state.era >= edition.east_opens_era
    im = static_background(edition, view, lang, len(state.order), east_open).copy()
    panels.draw_header(im, state, edition, lang, seats)
    map_o = layout.map_origin(view)
    if map_o is not None:
        map_layer.draw_dynamic(im, state, edition, map_o, lang, layout.geometry(view), seats,
                               changes)
    if view == "card":
        turn_card.draw_dynamic(im, state, edition, lang, seats)
    panel_o = layout.panel_origin(view)
    if panel_o is not None:
        geo = panels.DESKTOP if map_o is not None else panels.PHONE
        panels.draw_dynamic(im, state, edition, panel_o, lang, geo, seats)
        boards = player_board if map_o is not None else phone_board
        boards.draw_dynamic(im, state, edition, panel_o, lang, seats)
    return im


def to_palette(im: Image.Image) -> Image.Image:
    """Map onto the fixed board palette without dithering (flat colours stay flat)."""
    return im.quantize(palette=style.palette_image(), dither=Image.Dither.NONE)


def encode_png(im: Image.Image) -> bytes:
    out = io.BytesIO()
    to_palette(im).save(out, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()
