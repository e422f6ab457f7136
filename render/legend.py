"""The legend: what the goods letters, the bonus-tile texts and the map symbols mean.

It never changes during a game, so it is drawn into the cached background: it costs nothing
per board. On the map it sits in the empty Baltic corner (top right), where no city, road
or tile can be; the players view has no map, so a goods-only legend sits in the gap between
the construction offices and the administration building.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import layout, style
from render.labels import goods_letter, label, tile_text
from render.markers import goods_sprite, tile_sprite, truck_sprite
from render.sprites import blit, draw_text
from rules import Edition, parse_bonus

Box = tuple[float, float, float, float]

ROW = 17
TEXT = 12
# Map-local: right of Lübeck and Berlin, above the Posen tile (see placement.city_labels).
MAP_BOX: Box = (568, 8, 792, 0)  # the bottom is computed from the number of rows
# Panel-local, players view only: below the administration, right of the card display
# (panels.PHONE), set 1.5 times the map legend's size so its least text is 18 px.
PANEL_X, PANEL_Y, PANEL_W = 548, 306, 228
PANEL_K = 1.5


def tile_kinds(edition: Edition) -> list[str]:
    """The bonus kinds found in the tile bag, in first-seen order, with one sample text."""
    seen: dict[str, str] = {}
    for tile in edition.bonus_tiles:
        kind, _n = parse_bonus(tile)
        seen.setdefault(kind, tile)
    return list(seen.values())


def map_rows(edition: Edition) -> int:
    return 1 + len(edition.goods) + len(tile_kinds(edition)) + len(SYMBOLS)


def map_box(edition: Edition, geo: layout.Geometry = layout.DESKTOP) -> Box:
    """Map-local box of the map legend (placement keeps city names out of it).

    Anchored to the map's top-right corner and scaled with the geometry's pieces, so on the
    phone map the legend reads at the same size as the symbols it explains.
    """
    x0, y0, x1, _ = MAP_BOX
    right = geo.map_w - (layout.MAP_W - x1)
    left = right - (x1 - x0) * geo.k
    return (left, y0, right, y0 + (8 + map_rows(edition) * ROW) * geo.k)


SYMBOLS = ("sym_network", "sym_built", "sym_dual", "sym_unbuilt", "sym_station",
           "sym_develop", "sym_bonus", "sym_truck")


def draw_on_map(im: Image.Image, edition: Edition, o: layout.Point, lang: str,
                geo: layout.Geometry = layout.DESKTOP) -> None:
    k = geo.k
    row, text = ROW * k, round(TEXT * k)
    x0, y0, x1, y1 = map_box(edition, geo)
    box = (x0 + o[0], y0 + o[1], x1 + o[0], y1 + o[1])
    draw = ImageDraw.Draw(im)
    draw.rounded_rectangle(box, radius=5, fill=style.PAPER, outline=style.FRAME, width=2)
    x, y = box[0] + 8 * k, box[1] + 4 * k + row / 2
    draw_text(im, (x, y), label("legend", lang), round(13 * k), style.INK, bold=True,
              anchor="lm")
    y += row
    y = _goods_rows(im, edition, x, y, lang, k)
    for tile in tile_kinds(edition):
        kind, _n = parse_bonus(tile)
        sprite = tile_sprite(tile_text(tile, lang), round(10 * k))
        blit(im, sprite, (x + sprite.width / 2, y))
        draw_text(im, (x + max(44 * k, sprite.width + 6 * k), y), label(f"legend_{kind}", lang),
                  text, style.INK, anchor="lm")
        y += row
    for key in SYMBOLS:
        _symbol(draw, im, key, (x + 14 * k, y), lang, geo)
        draw_text(im, (x + 44 * k, y), label(key, lang), text, style.INK, anchor="lm")
        y += row


def draw_on_panel(im: Image.Image, edition: Edition, o: layout.Point, lang: str) -> None:
    x, y = o[0] + PANEL_X, o[1] + PANEL_Y
    k = PANEL_K
    draw = ImageDraw.Draw(im)
    draw.rounded_rectangle((x, y, x + PANEL_W, y + panel_height(edition)), radius=5,
                           fill=style.PAPER, outline=style.FRAME, width=2)
    x, y = x + 8 * k, y + (4 + ROW / 2) * k
    draw_text(im, (x, y), label("legend", lang), round(13 * k), style.INK, bold=True,
              anchor="lm")
    y = _goods_rows(im, edition, x, y + ROW * k, lang, k)
    draw_text(im, (x, y), label("legend_star", lang), round(TEXT * k), style.INK, anchor="lm")


def panel_height(edition: Edition) -> float:
    """The players view's legend box height (its top is PANEL_Y)."""
    return (8 + (2 + len(edition.goods)) * ROW) * PANEL_K


def _goods_rows(im: Image.Image, edition: Edition, x: float, y: float, lang: str,
                k: float = 1.0) -> float:
    for goods in edition.goods:
        blit(im, goods_sprite(goods, round(13 * k), goods_letter(goods, lang)), (x + 7 * k, y))
        draw_text(im, (x + 20 * k, y), label(f"goods_{goods}", lang), round(TEXT * k),
                  style.INK, anchor="lm")
        y += ROW * k
    return y


def _symbol(draw: ImageDraw.ImageDraw, im: Image.Image, key: str, c: layout.Point,
            lang: str, geo: layout.Geometry = layout.DESKTOP) -> None:
    """Each symbol as map_layer draws it, so the legend matches the map exactly."""
    x, y = c
    k = geo.k
    if key == "sym_network":
        r = layout.CITY_R * k - 2
        draw.ellipse((x - r, y - r, x + r, y + r), fill=style.HIGHLIGHT, outline=style.INK,
                     width=2)
        draw_text(im, (x, y), "4", round(12 * k), style.INK, bold=True, anchor="mm")
    elif key == "sym_built":  # built, not upgraded: one carriageway (map_layer._built)
        h = round(geo.road_w / 2)
        draw.rectangle((x - 14 * k, y - h - 1, x + 14 * k, y + h + 1),
                       fill=style.CASING["red"])
        draw.rectangle((x - 14 * k, y - h, x + 14 * k, y + h), fill=style.road("red"))
    elif key == "sym_dual":
        h = round(6 * k)
        draw.rectangle((x - 14 * k, y - h, x + 14 * k, y + h), fill=style.ROAD["red"],
                       outline=style.CASING["red"])
        draw.line((x - 14 * k, y, x + 14 * k, y), fill=style.CASING["red"], width=2)
    elif key == "sym_unbuilt":
        h = round(4 * k)
        draw.rectangle((x - 14 * k, y - h, x + 14 * k, y + h), outline=style.ROAD["red"],
                       width=2)
    elif key == "sym_station":
        r = 4 * k
        draw.ellipse((x - r, y - r, x + r, y + r), fill=style.PAPER, outline=style.INK)
    elif key == "sym_develop":
        draw.polygon([(x, y - 5 * k), (x + 5 * k, y + 3 * k), (x - 5 * k, y + 3 * k)],
                     fill=style.PAPER, outline=style.INK)
    elif key == "sym_bonus":
        r = 6 * k
        draw.rectangle((x - r, y - r, x + r, y + r), outline=style.MUTED, width=1)
    elif key == "sym_truck":
        blit(im, truck_sprite(0, "A", "chemicals", goods_letter("chemicals", lang),
                              round(17 * k)), (x, y))
