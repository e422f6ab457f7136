"""The legend explains goods letters, bonus tiles and map symbols, in every language."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import render
from render import layout, legend, style
from render.labels import LANGS, label
from rules import edition_of
from rules.state import State


def _crop(state: State, view: str, lang: str, box: tuple[float, ...]) -> Image.Image:
    im = Image.open(io.BytesIO(render.board(state, view, lang))).convert("RGB")
    return im.crop(tuple(round(v) for v in box))


def _map_legend(state: State, view: str, lang: str) -> Image.Image:
    ox, oy = layout.map_origin(view) or (0, 0)
    x0, y0, x1, y1 = legend.map_box(edition_of(state), layout.geometry(view))
    return _crop(state, view, lang, (x0 + ox, y0 + oy, x1 + ox, y1 + oy))


@pytest.mark.parametrize("view", ["full", "map"])
def test_the_map_carries_a_legend_in_each_language(start: State, view: str) -> None:
    crops = {lang: _map_legend(start, view, lang) for lang in LANGS}
    for crop in crops.values():
        colours = {c for _n, c in crop.getcolors(1 << 16)}
        assert style.PAPER in colours and style.INK in colours
        assert style.GOODS["chemicals"] in colours  # the goods tokens
        assert style.TILE_FILL in colours  # the bonus-tile samples
    assert len({c.tobytes() for c in crops.values()}) == len(LANGS)  # translated


def test_the_players_view_explains_the_goods(start: State) -> None:
    ox, oy = layout.panel_origin("players") or (0, 0)
    box = (ox + legend.PANEL_X, oy + legend.PANEL_Y, ox + legend.PANEL_X + legend.PANEL_W,
           oy + legend.PANEL_Y + legend.panel_height(edition_of(start)))
    crops = [_crop(start, "players", lang, box) for lang in LANGS]
    for crop in crops:
        assert style.GOODS["pharmaceuticals"] in {c for _n, c in crop.getcolors(1 << 16)}
    assert len({c.tobytes() for c in crops}) == len(LANGS)


def test_every_tile_kind_in_the_bag_has_a_legend_entry(start: State) -> None:
    for tile in legend.tile_kinds(edition_of(start)):
        kind = tile.split()[0]
        assert all(label(f"legend_{kind}", lang) != f"legend_{kind}" for lang in LANGS)


def test_english_goods_names_start_with_their_letter() -> None:
    from render.labels import goods_letter

    for lang in LANGS:
        for goods in ("automotive", "appliances", "chemicals", "pharmaceuticals"):
            name = label(f"goods_{goods}", lang)
            assert name[:1].upper() == goods_letter(goods, lang), (lang, goods, name)
