"""Where trucks go: beside their road or depot, off everything players read or must see.

Placed after names, tiles and station spaces (render.placement), so a truck never hides
them, nor another truck on the same place. Deterministic, cached per edition.
"""

from __future__ import annotations

from functools import lru_cache

from render import layout
from render.placement import (
    DESKTOP,
    Geometry,
    Point,
    _drawn,
    _overlap,
    _road_points,
    box_at,
    city_labels,
    truck_plate_of,
)
from rules import Edition


@lru_cache(maxsize=8192)
def truck_spot(edition: Edition, position: str, k: int, geo: Geometry = DESKTOP) -> Point:
    """Map-local centre of the k-th truck at a section or a depot.

    A truck is nudged to the nearest spot beside its road (or around its depot) that covers
    no city name, city disc, station space, tile, depot or the legend, and none of the
    trucks 0..k-1 on the same place, so trucks never hide what players read.
    """
    geoms = layout.sections(edition, geo)
    s = geo.k
    plate = truck_plate_of(geo)
    if position in geoms:
        g = geoms[position]
        half = ((g.end[0] - g.start[0]) ** 2 + (g.end[1] - g.start[1]) ** 2) ** 0.5 / 2
        alongs = [s * a for a in (0, 10, -10, 20, -20, 32, -32, 44, -44, 56, -56)]
        # the outermost ring is only taken where every nearer spot covers a name (the phone
        # map's bigger plates at Osnabrück, Arnhem and Ulm)
        acrosses = [s * c for c in (-15, 15, -25, 25, -36, 36, -48, 48, -60, 60, -72, 72)]
        cands = [(g.mid[0] + g.ux * a + g.normal[0] * c, g.mid[1] + g.uy * a + g.normal[1] * c)
                 for a in alongs if abs(a) <= half + 12 * s for c in acrosses]
        cands.sort(key=lambda p: abs(p[0] - g.mid[0]) + abs(p[1] - g.mid[1]))
        centre = g.mid
    else:
        cx, cy = layout.depot_xy(edition, position, geo)
        cands = [(cx + dx * s, cy + dy * s) for dy in (22, 40, 58, 76, 0, -20, -38)
                 for dx in (-10, 24, -44, 58, -78)]
        # a wider ring, only where every near spot covers something (Hannover's depot
        # between the names of Kassel and Bielefeld on the phone map)
        cands += [(cx + dx * s, cy + dy * s) for dy in (94, 112, -56)
                  for dx in (-10, 24, -44, 58, -78, 92, -112)]
        cands += [(cx + dx * s, cy + dy * s) for dy in (22, 40, 58, 76, 0, -20, -38)
                  for dx in (92, -112)]
        centre = (cx, cy + 22 * s)
    discs, other = _drawn(edition, geo)
    # what players read (names, values) weighs most, then what they must still see
    readable = [*discs, *city_labels(edition, geo).values()]
    blockers = other
    # a truck under another truck is lost outright: never stack them while any spot is left
    siblings = [box_at(truck_spot(edition, position, j, geo), *plate) for j in range(k)]
    near = [p for p in _road_points(edition, geo)
            if abs(p[0] - centre[0]) < 120 * s and abs(p[1] - centre[1]) < 120 * s]
    best: tuple[float, int, Point] | None = None
    for i, c in enumerate(cands):
        box = box_at(c, *plate)
        score = 0.0
        if box[0] < 2 or box[1] < 2 or box[2] > geo.map_w - 2 or box[3] > geo.map_h - 2:
            score += 1000
        score += 1000 * sum(1 for b in siblings if _overlap(box, b))
        score += 300 * sum(1 for b in readable if _overlap(box, b))
        score += 100 * sum(1 for b in blockers if _overlap(box, b))
        score += 2 * sum(1 for px, py in near if box[0] <= px <= box[2] and box[1] <= py <= box[3])
        if best is None or (score, i) < best[:2]:
            best = (score, i, c)
    assert best is not None
    return best[2]
