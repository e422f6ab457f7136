"""Where things go: the map projection, section geometry and the size of each view.

Everything is computed from the edition alone and cached per edition, so the background,
the dynamic layer and the tests all agree on the same coordinates. Tests probe pixels at
the points these functions return.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from rules.model import Edition

HEADER_H = 52
MAP_W = 800
MAP_H = 980
PANEL_W = 780
MARGIN_X = 70
MARGIN_Y = 34

CITY_R = 12  # radius of a city's value disc
ROAD_W = 7  # a built single carriageway
DUAL_W = 15  # an upgraded dual carriageway: clearly wider
SECTION_GAP = 5  # pixels between neighbouring sections of one link

VIEWS = ("full", "map", "players")

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class SectionGeom:
    start: Point
    end: Point
    mid: Point
    ux: float  # unit vector along the link, from node a to node b
    uy: float

    @property
    def normal(self) -> Point:
        return (-self.uy, self.ux)


def view_size(view: str) -> tuple[int, int]:
    if view == "full":
        return MAP_W + PANEL_W, HEADER_H + MAP_H
    if view == "map":
        return MAP_W, HEADER_H + MAP_H
    if view == "players":
        return PANEL_W, HEADER_H + MAP_H
    raise ValueError(f"unknown view {view!r}; known: {', '.join(VIEWS)}")


def map_origin(view: str) -> Point | None:
    """Top-left of the map inside the view's image, or None when the view has no map."""
    return (0, HEADER_H) if view in ("full", "map") else None


def panel_origin(view: str) -> Point | None:
    if view == "full":
        return (MAP_W, HEADER_H)
    if view == "players":
        return (0, HEADER_H)
    return None


@dataclass(frozen=True, slots=True)
class Projection:
    """x = ox + lon * sx, y = oy - lat * sy, in map-local pixels."""

    sx: float
    sy: float
    ox: float
    oy: float

    def __call__(self, lat: float, lon: float) -> Point:
        return (self.ox + lon * self.sx, self.oy - lat * self.sy)


@lru_cache(maxsize=8)
def projection(edition: Edition) -> Projection:
    """An equirectangular projection true to scale at the map's mid-latitude.

    Good enough at Germany's size: a degree of longitude is drawn cos(mid-lat) times as
    wide as a degree of latitude, and the nodes' bounding box fills the map less margins.
    """
    lats = [n.lat for n in edition.nodes.values()]
    lons = [n.lon for n in edition.nodes.values()]
    kx = math.cos(math.radians((min(lats) + max(lats)) / 2))
    width = (max(lons) - min(lons)) * kx
    height = max(lats) - min(lats)
    scale = min((MAP_W - 2 * MARGIN_X) / width, (MAP_H - 2 * MARGIN_Y) / height)
    x0 = (MAP_W - width * scale) / 2
    y0 = (MAP_H - height * scale) / 2
    return Projection(sx=kx * scale, sy=scale, ox=x0 - min(lons) * kx * scale,
                      oy=y0 + max(lats) * scale)


def geo_point(edition: Edition, lat: float, lon: float) -> Point:
    """Project any latitude/longitude (outline polygons) with the edition's projection."""
    return projection(edition)(lat, lon)


@lru_cache(maxsize=8)
def _nodes(edition: Edition) -> dict[str, Point]:
    proj = projection(edition)
    return {nid: proj(n.lat, n.lon) for nid, n in edition.nodes.items()}


def node_xy(edition: Edition, node: str) -> Point:
    """A city's centre in map-local pixels (add `map_origin(view)` for image pixels)."""
    return _nodes(edition)[node]


@lru_cache(maxsize=8)
def sections(edition: Edition) -> dict[str, SectionGeom]:
    """Section id -> its stretch of the straight line between the link's two cities."""
    out: dict[str, SectionGeom] = {}
    for link in edition.links.values():
        (ax, ay), (bx, by) = node_xy(edition, link.a), node_xy(edition, link.b)
        length = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / length, (by - ay) / length
        inset = CITY_R + 3
        usable = length - 2 * inset
        step = usable / link.sections
        for i, sid in enumerate(link.section_ids()):
            d0 = inset + i * step + (SECTION_GAP / 2 if i else 0)
            d1 = inset + (i + 1) * step - (SECTION_GAP / 2 if i < link.sections - 1 else 0)
            start = (ax + ux * d0, ay + uy * d0)
            end = (ax + ux * d1, ay + uy * d1)
            mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
            out[sid] = SectionGeom(start, end, mid, ux, uy)
    return out


def depot_xy(edition: Edition, depot: str) -> Point:
    """A depot sits just below-left of its city, clear of the value disc and the label."""
    x, y = node_xy(edition, edition.depots[depot].node)
    return (x - CITY_R - 8, y + CITY_R + 8)


def to_view(point: Point, origin: Point) -> tuple[int, int]:
    return (round(point[0] + origin[0]), round(point[1] + origin[1]))
