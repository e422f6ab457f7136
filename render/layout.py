"""Where things go: the map projection, section geometry and the size of each view.

Everything is computed from the edition alone and cached per edition, so the background,
the dynamic layer and the tests all agree on the same coordinates. Tests probe pixels at
the points these functions return.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from rules import Edition

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

VIEWS = ("full", "map", "players", "card")


@dataclass(frozen=True, slots=True)
class Geometry:
    """The map's size and the size of everything on it, for one kind of screen.

    `k` scales every piece (discs, names, markers, trucks, tiles, the legend) from the
    desktop sizes, and `stretch` draws a degree of latitude that much taller than true
    scale: a phone is tall and narrow, Germany's crowded places (the Ruhr, Frankfurt to
    Karlsruhe) lie north to south, so height buys room where width cannot. `spread` is the
    least distance between two city centres; closer pairs are pushed apart a little.
    """

    name: str
    map_w: int
    map_h: int
    margin_x: int
    margin_y: int
    stretch: float
    spread: float
    k: float
    city_r: int
    road_w: int
    dual_w: int
    section_gap: int
    value_size: int
    label_size: int
    east_lon: float = 180.0  # cities further east are drawn at this longitude

    def px(self, v: float) -> float:
        """A desktop distance in this geometry's pixels."""
        return v * self.k


DESKTOP = Geometry("desktop", MAP_W, MAP_H, MARGIN_X, MARGIN_Y, stretch=1.0, spread=0.0,
                   k=1.0, city_r=CITY_R, road_w=ROAD_W, dual_w=DUAL_W,
                   section_gap=SECTION_GAP, value_size=14, label_size=13)
# Shown ~400 px wide on a phone, i.e. at half size: a value's digits at 24 px read as 12 px.
# Measured on the golden games (bench notes in bench/RESULTS.md): bigger pieces than these
# crowd the Ruhr past what the placement can keep apart.
# Posen lies 3.5 degrees east of Berlin, a third of the map's width for one trading city:
# drawing it just past the Oder gives every other city that third back.
PHONE = Geometry("phone", 800, 1380, 40, 40, stretch=1.4, spread=52.0, k=1.4,
                 city_r=18, road_w=11, dual_w=21, section_gap=7, value_size=24,
                 label_size=17, east_lon=15.4)


def geometry(view: str) -> Geometry:
    """The map view is for phones; the full view stays the desktop overview."""
    return PHONE if view in ("map", "card") else DESKTOP


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


# The players view: the shared boards (panels.py), then one phone_board card per player.
PLAYERS_TOP = 476  # below panels.PHONE and the legend beside its card display
PLAYER_CARD_H = 384  # phone_board's rows, the score row included


def view_size(view: str, players: int = 4) -> tuple[int, int]:
    """The image size of a view; the players view grows with the number of players."""
    if view == "full":
        return MAP_W + PANEL_W, HEADER_H + MAP_H
    if view == "map":
        return PHONE.map_w, HEADER_H + PHONE.map_h
    if view == "players":
        return PANEL_W, HEADER_H + PLAYERS_TOP + players * PLAYER_CARD_H
    if view == "card":  # the phone map and, below it, the acting player's card
        return PHONE.map_w, HEADER_H + PHONE.map_h + PLAYER_CARD_H
    raise ValueError(f"unknown view {view!r}; known: {', '.join(VIEWS)}")


def map_origin(view: str) -> Point | None:
    """Top-left of the map inside the view's image, or None when the view has no map."""
    return (0, HEADER_H) if view in ("full", "map", "card") else None


def card_top(view: str = "card") -> int:
    """Where the turn card's player card starts (image pixels): below the phone map."""
    return HEADER_H + PHONE.map_h


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
def projection(edition: Edition, geo: Geometry = DESKTOP) -> Projection:
    """An equirectangular projection true to scale at the map's mid-latitude (times the
    geometry's vertical stretch).

    Good enough at Germany's size: a degree of longitude is drawn cos(mid-lat) times as
    wide as a degree of latitude, and the nodes' bounding box fills the map less margins.
    """
    lats = [n.lat for n in edition.nodes.values()]
    lons = [min(n.lon, geo.east_lon) for n in edition.nodes.values()]
    kx = math.cos(math.radians((min(lats) + max(lats)) / 2))
    width = (max(lons) - min(lons)) * kx
    height = (max(lats) - min(lats)) * geo.stretch
    scale = min((geo.map_w - 2 * geo.margin_x) / width, (geo.map_h - 2 * geo.margin_y) / height)
    x0 = (geo.map_w - width * scale) / 2
    y0 = (geo.map_h - height * scale) / 2
    sy = scale * geo.stretch
    return Projection(sx=kx * scale, sy=sy, ox=x0 - min(lons) * kx * scale,
                      oy=y0 + max(lats) * sy)


def geo_point(edition: Edition, lat: float, lon: float, geo: Geometry = DESKTOP) -> Point:
    """Project any latitude/longitude (outline polygons) with the edition's projection."""
    return projection(edition, geo)(lat, lon)


@lru_cache(maxsize=8)
def _nodes(edition: Edition, geo: Geometry = DESKTOP) -> dict[str, Point]:
    proj = projection(edition, geo)
    pts = {nid: proj(n.lat, min(n.lon, geo.east_lon)) for nid, n in edition.nodes.items()}
    return _spread(pts, geo.spread) if geo.spread else pts


def _spread(pts: dict[str, Point], least: float) -> dict[str, Point]:
    """Push apart cities closer than `least`, each pair symmetrically, a few rounds.

    With big discs, Braunschweig–Helmstedt (30 px apart at desktop scale) would touch and
    leave their one section no length; nudging a handful of cities by 5–15 px keeps the
    map's shape while every section stays visible. Deterministic: sorted pairs, fixed rounds.
    """
    xy = {nid: list(p) for nid, p in pts.items()}
    ids = sorted(xy)
    for _ in range(40):
        moved = False
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                dx, dy = xy[b][0] - xy[a][0], xy[b][1] - xy[a][1]
                d = math.hypot(dx, dy) or 1.0
                if d < least:
                    push = (least - d) / 2 + 0.01
                    xy[a][0] -= dx / d * push
                    xy[a][1] -= dy / d * push
                    xy[b][0] += dx / d * push
                    xy[b][1] += dy / d * push
                    moved = True
        if not moved:
            break
    return {nid: (p[0], p[1]) for nid, p in xy.items()}


def node_xy(edition: Edition, node: str, geo: Geometry = DESKTOP) -> Point:
    """A city's centre in map-local pixels (add `map_origin(view)` for image pixels)."""
    return _nodes(edition, geo)[node]


@lru_cache(maxsize=8)
def sections(edition: Edition, geo: Geometry = DESKTOP) -> dict[str, SectionGeom]:
    """Section id -> its stretch of the straight line between the link's two cities."""
    out: dict[str, SectionGeom] = {}
    for link in edition.links.values():
        (ax, ay), (bx, by) = node_xy(edition, link.a, geo), node_xy(edition, link.b, geo)
        length = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / length, (by - ay) / length
        inset = geo.city_r + 3
        usable = length - 2 * inset
        step = usable / link.sections
        gap = geo.section_gap
        for i, sid in enumerate(link.section_ids()):
            d0 = inset + i * step + (gap / 2 if i else 0)
            d1 = inset + (i + 1) * step - (gap / 2 if i < link.sections - 1 else 0)
            start = (ax + ux * d0, ay + uy * d0)
            end = (ax + ux * d1, ay + uy * d1)
            mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
            out[sid] = SectionGeom(start, end, mid, ux, uy)
    return out


def depot_xy(edition: Edition, depot: str, geo: Geometry = DESKTOP) -> Point:
    """A depot sits just below-left of its city, clear of the value disc and the label; one
    with more than two goods grows to the left (Berlin's third reached into its disc)."""
    x, y = node_xy(edition, edition.depots[depot].node, geo)
    wider = max(0, len(edition.depots[depot].goods) - 2) * geo.px(9) / 2
    return (x - geo.city_r - geo.px(8) - wider, y + geo.city_r + geo.px(8))
