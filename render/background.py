"""The static background of a view, drawn once per edition and kept.

Keyed by everything that changes it: the edition (by its content hash), the view, the
language of its labels, the number of players (seats per office, player boards) and whether
the East is open (the hatching comes off in era 3). That is at most a few dozen images per
edition over a bot's life, each ~4.5 MB in RGB, so a small LRU bound is plenty.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render import (
    layout,
    legend,
    map_layer,
    panels,
    phone_board,
    player_board,
    style,
    turn_card,
)
from rules import Edition


@lru_cache(maxsize=24)
def static_background(edition: Edition, view: str, lang: str, players: int,
               east_open: bool) -> Image.Image:
    """The view's background; callers must `copy()` it before drawing."""
    im = Image.new("RGB", layout.view_size(view, players), style.PANEL_BG)
    panels.draw_header_static(im, im.width)
    map_o = layout.map_origin(view)
    if map_o is not None:
        # drawn on its own canvas so outlines (the seas) are clipped to the map's frame
        geo = layout.geometry(view)
        sheet = Image.new("RGB", (geo.map_w, geo.map_h), style.ABROAD)
        map_layer.draw_static(sheet, edition, (0, 0), lang, east_open, geo)
        legend.draw_on_map(sheet, edition, (0, 0), lang, geo)
        im.paste(sheet, (int(map_o[0]), int(map_o[1])))
    if view == "card":
        turn_card.draw_static(im, edition, lang)
    panel_o = layout.panel_origin(view)
    if panel_o is not None:
        panel_geo = panels.DESKTOP if map_o is not None else panels.PHONE
        panels.draw_static(im, edition, players, panel_o, lang, panel_geo)
        # the full view's boards sit beside the map on a desktop; the players view's are
        # the phone cards
        boards = player_board if map_o is not None else phone_board
        boards.draw_static(im, edition, players, panel_o, lang)
        if map_o is None:  # the map's legend explains the goods where there is a map
            legend.draw_on_panel(im, edition, panel_o, lang)
    im.readonly = True  # a shared image: drawing on it by mistake would leak between games
    return im
