"""The overlaps players saw (issue 14) stay fixed: nothing the map prints sits on another.

"Stuttgart" over a depot, "Dev+1" over the Frankfurt depot, "Card" under "Prom" at Prag,
"Braunschweig" over Hannover's disc on the phone map, the legend cutting "East closed until
Era 3": checked here on the boxes placement gives every piece, for every possible tile,
and in general: nothing the map prints on anything else, in every language.
"""

from __future__ import annotations

import pytest

from render import east_note, layout, legend, placement
from render.labels import LANGS, tile_text
from render.markers import tile_sprite
from rules import Edition, load_edition

GEOMETRIES = pytest.mark.parametrize("geo", [layout.DESKTOP, layout.PHONE],
                                     ids=lambda g: g.name)


def _overlap(a: placement.Box, b: placement.Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _depots(geo: layout.Geometry) -> dict[str, placement.Box]:
    edition = load_edition()
    return {d: placement.depot_box(edition, d, geo) for d in edition.depots}


# holds since main's edition moved the depots by the borders (d41d484): no longer expected
# to fail
@GEOMETRIES
def test_no_city_name_covers_a_depot(geo: layout.Geometry) -> None:
    edition = load_edition()
    hits = [(nid, d) for nid, box in placement.city_labels(edition, geo).items()
            for d, dbox in _depots(geo).items() if _overlap(box, dbox)]
    assert hits == []


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
    box = east_note.east_note_box(edition, lang, geo)
    assert not _overlap(box, legend.map_box(edition, geo))
    assert box[0] >= 0 and box[2] <= geo.map_w


# ----- everything at once: what the map prints, in every language, pair by pair -----

def _on_disc(centre: layout.Point, r: float, box: placement.Box) -> bool:
    """A box covering part of a round disc (not merely the corner of its square)."""
    dx = max(box[0] - centre[0], 0.0, centre[0] - box[2])
    dy = max(box[1] - centre[1], 0.0, centre[1] - box[3])
    return dx * dx + dy * dy < r * r


def _printed(edition: Edition, geo: layout.Geometry,
             lang: str) -> dict[tuple[str, str], placement.Box]:
    """Every fixed thing the map prints, by (kind, id): names, depots, the widest tile of
    the bag in `lang` on every bonus space and beside every country, the legend and the
    closed-East note. (Stations and trucks move aside for these: test_placement.py.)"""
    out: dict[tuple[str, str], placement.Box] = {}
    for nid, box in placement.city_labels(edition, geo).items():
        out[("name", nid)] = box
    for d in edition.depots:
        out[("depot", d)] = placement.depot_box(edition, d, geo)
    size = round(10 * geo.k)
    sprites = [tile_sprite(tile_text(t, lang), size) for t in sorted(set(edition.bonus_tiles))]
    w, h = max(s.width for s in sprites), max(s.height for s in sprites)
    for sid, (link, n) in edition.sections.items():
        if link.features[n - 1] == "B":
            out[("tile", sid)] = placement.box_at(placement.tile_spot(edition, sid, geo), w, h)
    for code, cities in edition.country_node.items():
        if cities:
            out[("country tile", code)] = placement.box_at(
                placement.country_tile_spot(edition, code, geo), w, h)
    out[("legend", "")] = legend.map_box(edition, geo)
    out[("east note", "")] = east_note.east_note_box(edition, lang, geo)
    return out


@GEOMETRIES
@pytest.mark.parametrize("lang", LANGS)
def test_nothing_the_map_prints_covers_anything_else(geo: layout.Geometry, lang: str) -> None:
    """No name, depot, tile, legend or note on another, nor on any city's disc but a name's
    own: the general form of every overlap players reported (issue 14)."""
    edition = load_edition()
    printed = _printed(edition, geo, lang)
    keys = sorted(printed)
    hits = [(a, b) for i, a in enumerate(keys) for b in keys[i + 1:]
            if _overlap(printed[a], printed[b])]
    hits += [(key, ("disc", nid)) for key, box in printed.items() for nid in edition.nodes
             if key != ("name", nid)
             and _on_disc(layout.node_xy(edition, nid, geo), geo.city_r, box)]
    assert hits == []


@GEOMETRIES
@pytest.mark.parametrize("lang", LANGS)
def test_every_tile_fits_the_room_placement_keeps_for_it(geo: layout.Geometry,
                                                        lang: str) -> None:
    """placement reserves tile_box_of per tile; the longest text of any language fits."""
    w, h = placement.tile_box_of(geo)
    for tile in set(load_edition().bonus_tiles):
        sprite = tile_sprite(tile_text(tile, lang), round(10 * geo.k))
        assert sprite.width <= w and sprite.height <= h, tile


def test_the_overlap_probe_sees_a_name_on_a_disc_and_a_tile_on_a_name() -> None:
    """The probe above is not blind: it finds overlaps planted on purpose."""
    edition = load_edition()
    geo = layout.PHONE
    x, y = layout.node_xy(edition, "hannover", geo)
    assert _on_disc((x, y), geo.city_r, (x + geo.city_r - 2, y - 2, x + 60, y + 10))
    assert not _on_disc((x, y), geo.city_r, (x + geo.city_r - 1, y - geo.city_r - 1,
                                             x + 60, y - geo.city_r + 1))
    name = placement.city_labels(edition, geo)["hannover"]
    assert _overlap(placement.box_at(((name[0] + name[2]) / 2, name[1]), 20, 10), name)
