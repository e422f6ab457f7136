"""Colours, player markers and the fixed palette every board is encoded with.

Player colours avoid the seven autobahn hues and each player also gets a distinct marker
shape and their initial, so colour-blind players never have to rely on hue alone.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

RGB = tuple[int, int, int]

INK: RGB = (20, 20, 20)
PAPER: RGB = (250, 248, 240)
ABROAD: RGB = (208, 210, 204)
LAND: RGB = (236, 230, 208)
SEA: RGB = (176, 206, 226)
BORDER: RGB = (120, 112, 96)
EAST_HATCH: RGB = (150, 150, 150)
MUTED: RGB = (110, 110, 110)
FRAME: RGB = (170, 164, 150)
PANEL_BG: RGB = (244, 241, 232)
HIGHLIGHT: RGB = (255, 236, 150)
HEADER_BG: RGB = (40, 44, 52)
HEADER_INK: RGB = (250, 250, 250)
CITY_FILL: RGB = (255, 255, 255)
FOREIGN_FILL: RGB = (225, 232, 250)
TILE_FILL: RGB = (255, 250, 215)
EMPTY_SEAT: RGB = (255, 255, 255)
# what the last turn changed on the map: a hue no road, player, goods or ground uses
CHANGE: RGB = (235, 0, 235)

ROAD: dict[str, RGB] = {
    "black": (28, 28, 28),
    "red": (214, 38, 38),
    "green": (0, 150, 130),
    "orange": (245, 135, 0),
    "purple": (128, 60, 175),
    "white": (255, 255, 255),
    "yellow": (250, 212, 0),
}
# The casing around a road: light around black so black reads on the map, dark otherwise.
CASING: dict[str, RGB] = {c: (60, 60, 60) for c in ROAD}
CASING["black"] = (250, 250, 250)

GOODS: dict[str, RGB] = {
    "automotive": (60, 60, 60),
    "appliances": (70, 130, 180),
    "chemicals": (200, 120, 40),
    "pharmaceuticals": (230, 90, 120),
}

# Seat order 0..3: blue circle, pink square, brown diamond, sky-blue triangle.
PLAYER_COLOURS: tuple[RGB, ...] = ((30, 90, 220), (236, 110, 180), (125, 78, 35),
                                   (110, 205, 245))
PLAYER_INK: tuple[RGB, ...] = ((255, 255, 255), (20, 20, 20), (255, 255, 255), (20, 20, 20))
PLAYER_SHAPES: tuple[str, ...] = ("circle", "square", "diamond", "triangle")


def road(colour: str) -> RGB:
    return ROAD.get(colour, (128, 128, 128))


def _blend(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


@cache
def palette_image() -> Image.Image:
    """A fixed 256-colour palette: every colour above, blends for anti-aliased edges, greys.

    Quantizing to a fixed palette costs a few ms and makes the PNG one byte per pixel, which
    encodes several times faster and smaller than RGB (measured in bench/render_bench.py).
    """
    base: list[RGB] = [INK, PAPER, ABROAD, LAND, SEA, BORDER, EAST_HATCH, MUTED, FRAME, CHANGE,
                       PANEL_BG, HIGHLIGHT, HEADER_BG, HEADER_INK, CITY_FILL, FOREIGN_FILL,
                       TILE_FILL, *ROAD.values(), *GOODS.values(), *PLAYER_COLOURS,
                       (60, 60, 60)]
    colours: list[RGB] = []
    for c in base:
        if c not in colours:
            colours.append(c)
    # Text and thin lines are anti-aliased against these grounds: keep 3 steps towards each.
    grounds = (PAPER, LAND, ABROAD, PANEL_BG, CITY_FILL, HEADER_BG, TILE_FILL)
    inks = (INK, HEADER_INK, *ROAD.values(), *PLAYER_COLOURS, BORDER)
    for ground in grounds:
        for ink in inks:
            for t in (0.3, 0.6):
                c = _blend(ground, ink, t)
                if c not in colours and len(colours) < 232:
                    colours.append(c)
    greys = 256 - len(colours)
    base_greys = [c for c in colours if c[0] == c[1] == c[2]]
    for i in range(greys):
        v = round(255 * i / max(1, greys - 1))
        # a grey a step off a named one (EAST_HATCH) would steal its pixels in quantize
        if not any(abs(v - g[0]) <= 3 for g in base_greys):
            colours.append((v, v, v))
    colours += [INK] * (256 - len(colours))
    colours = colours[:256]
    pal = Image.new("P", (1, 1))
    pal.putpalette([ch for c in colours for ch in c])
    return pal
