"""The closed East's note ("East closed until Era 3"): where it goes and its box.

Placed after everything fixed on the map (names, discs, depots, tiles, station spaces,
the legend), in the open spot nearest north of Berlin; drawn by render.map_layer.
"""

from __future__ import annotations

from functools import lru_cache

from render import layout, legend, placement
from render.fonts import font
from render.labels import label
from rules import Edition

Point = layout.Point
Geometry = layout.Geometry
DESKTOP = layout.DESKTOP


def east_note_box(edition: Edition, lang: str, geo: Geometry = DESKTOP) -> placement.Box:
    """Map-local box of the closed-East note, its halo included (for tests)."""
    text, spot = east_note(edition, lang, geo)
    return _east_note_box(text, geo, spot)


def _east_note_box(text: str, geo: Geometry, c: Point) -> placement.Box:
    f = font(round(13 * geo.k), True)
    lines = text.split("\n")
    size = round(13 * geo.k)
    return placement.box_at(c, max(f.getlength(line) for line in lines) + 6,
                            size * len(lines) + 4 * (len(lines) - 1) + 6)


@lru_cache(maxsize=32)
def east_note(edition: Edition, lang: str, geo: Geometry = DESKTOP) -> tuple[str, Point]:
    """"East closed until Era 3" and where it goes: the spot inside the closed territory
    (north of Berlin first) that covers no name, disc, depot, tile or station space and
    stays clear of the legend (which cut it) and the map's edge; roads may run under its
    halo. Where one line fits nowhere (German on the phone map touched Berlin's disc), it
    is set on two lines, broken at the space nearest its middle."""
    legend_box = legend.map_box(edition, geo)
    names = list(placement.city_labels(edition, geo).values())
    discs, other = placement.fixed_boxes(edition, geo)
    first = layout.geo_point(edition, 53.55, 12.6, geo)
    spots = [first] + [layout.geo_point(edition, 53.9 - i * 0.1, 11.4 + j * 0.1, geo)
                       for i in range(36) for j in range(34)]
    one = label("east_closed", lang)
    texts = [one]
    if " " in one:
        # never between a word and its number ("Ära" / "3")
        breaks = [i for i, ch in enumerate(one) if ch == " " and not one[i + 1].isdigit()]
        cut = min(breaks or [one.index(" ")], key=lambda i: abs(i - len(one) / 2))
        texts.append(one[:cut] + "\n" + one[cut + 1:])

    def cost(text: str, c: Point) -> float:
        box = _east_note_box(text, geo, c)
        if box[0] < 2 or box[2] > geo.map_w - 2 or _overlaps(box, [legend_box]):
            return 1e9
        hidden = _overlaps(box, names) + _overlaps(box, discs) + _overlaps(box, other)
        return 1000 * hidden + abs(c[0] - first[0]) + abs(c[1] - first[1])

    best = (1e18, one, first)
    for text in texts:  # two lines only where one line hides something everywhere
        found = min(((cost(text, c), text, c) for c in spots), key=lambda t: t[0])
        if found[0] < best[0]:
            best = found
        if best[0] < 1000:
            break
    return best[1], best[2]


def _overlaps(box: placement.Box, others: list[placement.Box]) -> int:
    return sum(1 for b in others
               if box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3])
