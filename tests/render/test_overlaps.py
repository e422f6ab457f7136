"""The overlaps players saw (issue 14) stay fixed: nothing the map prints sits on another.

"Stuttgart" over a depot, "Dev+1" over the Frankfurt depot, "Card" under "Prom" at Prag,
"Braunschweig" over Hannover's disc on the phone map, the legend cutting "East closed until
Era 3": checked here on the boxes placement gives every piece, for every possible tile.
"""

from __future__ import annotations

import pytest

from render import layout, legend, map_layer, placement
from render.labels import LANGS
from rules import load_edition

GEOMETRIES = pytest.mark.parametrize("geo", [layout.DESKTOP, layout.PHONE],
                                     ids=lambda g: g.name)


def _overlap(a: placement.Box, b: placement.Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _depots(geo: layout.Geometry) -> dict[str, placement.Box]:
    edition = load_edition()
    return {d: placement.depot_box(edition, d, geo) for d in edition.depots}


# Not fixed yet: weighting depots and discs in placement.city_labels pushed the names onto
# station spaces, tiles or each other (Braunschweig onto Helmstedt); see bench/RESULTS.md.
NAMES_NOT_FIXED = pytest.mark.xfail(strict=True, reason="city-name placement not reworked yet")


# holds since main's edition moved the depots by the borders (d41d484): no longer expected
# to fail
@GEOMETRIES
def test_no_city_name_covers_a_depot(geo: layout.Geometry) -> None:
    edition = load_edition()
    hits = [(nid, d) for nid, box in placement.city_labels(edition, geo).items()
            for d, dbox in _depots(geo).items() if _overlap(box, dbox)]
    assert hits == []


@NAMES_NOT_FIXED
@GEOMETRIES
def test_no_city_name_covers_another_citys_disc(geo: layout.Geometry) -> None:
    edition = load_edition()
    r = geo.city_r
    hits = []
    for nid, box in placement.city_labels(edition, geo).items():
        for other in edition.nodes:
            x, y = layout.node_xy(edition, other, geo)
            if other != nid and _overlap(box, (x - r, y - r, x + r, y + r)):
                hits.append((nid, other))
    assert hits == []


def _tile_boxes(geo: layout.Geometry) -> dict[str, placement.Box]:
    """Every bonus tile that can lie on the map: on each bonus space, beside each country."""
    edition = load_edition()
    out = {}
    for sid, (link, n) in edition.sections.items():
        if link.features[n - 1] == "B":
            out[sid] = placement.box_at(placement.tile_spot(edition, sid, geo),
                                        *placement.tile_box_of(geo))
    for code in edition.country_node:
        out[code] = placement.country_tile_box(edition, code, geo)
    return out


@GEOMETRIES
def test_no_bonus_tile_covers_a_depot_or_another_tile(geo: layout.Geometry) -> None:
    tiles = _tile_boxes(geo)
    hits = [(t, d) for t, box in tiles.items() for d, dbox in _depots(geo).items()
            if _overlap(box, dbox)]
    hits += [(a, b) for a, box in tiles.items() for b, other in tiles.items()
             if a < b and _overlap(box, other)]
    assert hits == []


@GEOMETRIES
@pytest.mark.parametrize("lang", LANGS)
def test_the_legend_leaves_the_east_closed_note_whole(geo: layout.Geometry, lang: str) -> None:
    edition = load_edition()
    box = map_layer.east_note_box(edition, lang, geo)
    assert not _overlap(box, legend.map_box(edition, geo))
    assert box[0] >= 0 and box[2] <= geo.map_w
