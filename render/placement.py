"""Where names, stations, tiles and trucks go so that none hides another, computed once.

City names choose first. The edition may carry a `label_offset` hint for crowded places (the
Ruhr); it is tried first, but a hint drawn for another scale can land on a neighbouring
city, so every candidate is scored against what is already there (city discs, placed names,
roads, depots, tile and station spaces, the legend) and against reading as a neighbour's
name; the least bad wins. Then the markers give way to the names: a station space slides
along its own section, a tile steps further out, and each truck takes the nearest free spot
beside its road or depot (render.truck_placement). Deterministic, cached per edition.
"""

from __future__ import annotations

from functools import lru_cache

from render import layout, legend
from render.boxes import Box, Point, _inside, _misread, _on_disc, _overlap, box_at
from render.fonts import font
from rules import Edition

Geometry = layout.Geometry
DESKTOP = layout.DESKTOP
# Desktop sizes; a geometry scales them by its `k` (the *_of functions below).
LABEL_SIZE = 13
STATION_SIZE = 17  # a station's player marker on the map
STATION_BOX = 21  # what that marker covers, its widest shape (the triangle) included
TRUCK_PLATE = (29, 17)  # markers.truck_sprite
TILE_OFFSET = 15
TILE_BOX = (40, 17)  # the widest bonus tile text in any language ("Dév+1", "Karte") and more


def station_size_of(geo: Geometry) -> int:
    return round(STATION_SIZE * geo.k)


def station_box_of(geo: Geometry) -> int:
    return round(STATION_BOX * geo.k)


def truck_plate_of(geo: Geometry) -> tuple[int, int]:
    """(width, height) of a truck's plate; markers.truck_sprite draws it at that height."""
    h = round(TRUCK_PLATE[1] * geo.k)
    return (round(h * TRUCK_PLATE[0] / TRUCK_PLATE[1]), h)


def tile_box_of(geo: Geometry) -> tuple[float, float]:
    return (TILE_BOX[0] * geo.k, TILE_BOX[1] * geo.k)


def label_font_bold(edition: Edition, nid: str) -> bool:
    """Foreign trading cities are set in bold so the countries stand out."""
    return edition.nodes[nid].country is not None


@lru_cache(maxsize=8)
def _road_points(edition: Edition, geo: Geometry = DESKTOP) -> list[tuple[float, float]]:
    """Points every few pixels along every section: a label over a road hides it."""
    out = []
    for g in layout.sections(edition, geo).values():
        (sx, sy), (ex, ey) = g.start, g.end
        steps = max(1, int(((ex - sx) ** 2 + (ey - sy) ** 2) ** 0.5 / 5))
        out += [(sx + (ex - sx) * i / steps, sy + (ey - sy) * i / steps)
                for i in range(steps + 1)]
    return out


def depot_box(edition: Edition, depot_id: str, geo: Geometry = DESKTOP) -> Box:
    """What a depot covers, its outline included (map_layer._depot draws it)."""
    x, y = layout.depot_xy(edition, depot_id, geo)
    k = geo.k
    half = (8 + 9 * len(edition.depots[depot_id].goods)) * k / 2 + 1
    return (x - half, y - 8 * k - 1, x + half, y + 8 * k + 1)


def country_tile_spot(edition: Edition, code: str, geo: Geometry = DESKTOP) -> Point:
    """A country's bonus tile: beside its first trading city, above it where that is free."""
    return country_tile_spots(edition, geo)[code]


@lru_cache(maxsize=8)
def country_tile_spots(edition: Edition, geo: Geometry = DESKTOP) -> dict[str, Point]:
    """Each country's tile spot: above its first trading city unless that covers a city's
    disc or name, a depot, the legend or the map's edge (the Swiss tile sat on Freiburg's
    disc, the Dutch one under "Arnhem (NL)"), then beside or below it. Names keep off the
    spot above (`_fixed`); the tile gives way where a name had to take it."""
    r, k = geo.city_r, geo.k
    w, h = tile_box_of(geo)
    discs = [layout.node_xy(edition, nid, geo) for nid in edition.nodes]
    blocked = [depot_box(edition, d, geo) for d in edition.depots]
    blocked.append(legend.map_box(edition, geo))
    blocked += city_labels(edition, geo).values()
    roads = _road_points(edition, geo)
    out: dict[str, Point] = {}
    for code, cities in sorted(edition.country_node.items()):
        if not cities:
            continue
        x, y = layout.node_xy(edition, cities[0], geo)
        up, side = r + 12 * k, r + w / 2 + 4 * k
        spots = [(x, y - up), (x - side, y - up), (x + side, y - up), (x - side, y),
                 (x + side, y), (x, y + up), (x - side, y + up), (x + side, y + up)]

        def cost(c: Point) -> float:
            box = box_at(c, w, h)
            off = box[0] < 2 or box[1] < 2 or box[2] > geo.map_w - 2 or box[3] > geo.map_h - 2
            hidden = sum(1 for d in discs if _on_disc(d, r + 1, box))
            hidden += sum(1 for b in blocked if _overlap(box, b))
            return 1000 * off + 100 * hidden + sum(1 for p in roads if _inside(p, box))

        out[code] = min(spots, key=cost)  # the first of equals: above wins
    return out


def country_tile_box(edition: Edition, code: str, geo: Geometry = DESKTOP) -> Box:
    return box_at(country_tile_spot(edition, code, geo), *tile_box_of(geo))


def _first_country_tile_box(edition: Edition, code: str, geo: Geometry = DESKTOP) -> Box:
    """Where a country's tile goes unless a name needs the room: above its first city."""
    x, y = layout.node_xy(edition, edition.country_node[code][0], geo)
    return box_at((x, y - geo.city_r - 12 * geo.k), *tile_box_of(geo))


def _tile_spot(edition: Edition, sid: str, geo: Geometry = DESKTOP) -> Point:
    """A bonus tile sits beside its road (map_layer.TILE_OFFSET), trucks on the other side."""
    g = layout.sections(edition, geo)[sid]
    off = geo.px(TILE_OFFSET)
    return (g.mid[0] + g.normal[0] * off, g.mid[1] + g.normal[1] * off)


def tile_spot(edition: Edition, sid: str, geo: Geometry = DESKTOP) -> Point:
    """Where section `sid`'s bonus tile is drawn: beside its road, a little further out or
    along if a city's name, a depot or another tile took that spot."""
    return tile_spots(edition, geo)[sid]


@lru_cache(maxsize=8)
def tile_spots(edition: Edition, geo: Geometry = DESKTOP) -> dict[str, Point]:
    """Every bonus space's tile spot, placed one after another so none lands on another.

    A tile on a depot or another tile hides it ("Dev+1" on the Frankfurt depot, "Card"
    under "Prom" at Prag), as one on a name or a city's disc does (a tile between two
    close cities covered both values): each weighs alike, the nearest free spot wins,
    station spaces and roads under it only breaking ties.
    The spaces not yet placed count at their first choice, so early ones keep clear of them.
    """
    r = geo.city_r
    names = list(city_labels(edition, geo).values())
    spaces = [sid for sid, (link, n) in edition.sections.items() if link.features[n - 1] == "B"]
    fixed = [depot_box(edition, d, geo) for d in edition.depots]
    fixed += [country_tile_box(edition, c, geo) for c in edition.country_node
              if edition.country_node[c]]
    fixed.append(legend.map_box(edition, geo))
    discs = [layout.node_xy(edition, nid, geo) for nid in edition.nodes]
    stations = [_space_box(edition, sid, geo) for sid, (link, n) in edition.sections.items()
                if link.features[n - 1] == "S"]
    roads = _road_points(edition, geo)
    size = tile_box_of(geo)
    placed: dict[str, Point] = {}
    normals = [sign * (TILE_OFFSET + d) for d in (0, 4, 8, 14, 20, 27) for sign in (1, -1)]
    for sid in sorted(spaces):
        g = layout.sections(edition, geo)[sid]
        others = [box_at(placed.get(o) or _tile_spot(edition, o, geo), *size)
                  for o in spaces if o != sid]
        near = [p for p in roads if abs(p[0] - g.mid[0]) < geo.px(90)
                and abs(p[1] - g.mid[1]) < geo.px(90)]
        best: tuple[float, int, Point] | None = None
        i = 0
        for along in (0, 8, -8, 16, -16, 24, -24):
            for off in normals:
                c = (g.mid[0] + g.normal[0] * geo.px(off) + g.ux * geo.px(along),
                     g.mid[1] + g.normal[1] * geo.px(off) + g.uy * geo.px(along))
                box = box_at(c, *size)
                score = (3 * sum(1 for b in fixed + others + names if _overlap(box, b))
                         + 3 * sum(1 for d in discs if _on_disc(d, r + 1, box))
                         + 0.5 * sum(1 for b in stations if _overlap(box, b))
                         + 0.05 * sum(1 for p in near if _inside(p, box)))
                if box[0] < 2 or box[1] < 2 or box[2] > geo.map_w - 2 or box[3] > geo.map_h - 2:
                    score += 30
                if best is None or (score, i) < best[:2]:
                    best = (score, i, c)
                i += 1
        assert best is not None
        placed[sid] = best[2]
    return placed


def _space_box(edition: Edition, sid: str, geo: Geometry = DESKTOP) -> Box:
    """A station marker on its section's middle, where names first keep away from."""
    side = station_box_of(geo)
    return box_at(layout.sections(edition, geo)[sid].mid, side, side)


def station_box(edition: Edition, sid: str, geo: Geometry = DESKTOP) -> Box:
    """What the station marker on section `sid` covers (for tests)."""
    side = station_box_of(geo)
    return box_at(station_spot(edition, sid, geo), side, side)


def _slide_ends(edition: Edition, sid: str, geo: Geometry = DESKTOP) -> tuple[Box, Box]:
    g = layout.sections(edition, geo)[sid]
    side = station_box_of(geo)
    t = _slide(g, side)
    return (box_at((g.mid[0] - g.ux * t, g.mid[1] - g.uy * t), side, side),
            box_at((g.mid[0] + g.ux * t, g.mid[1] + g.uy * t), side, side))


def _slide(g: layout.SectionGeom, side: float = STATION_BOX) -> float:
    """How far a station marker may slide from the middle and still cover only its section."""
    half = ((g.end[0] - g.start[0]) ** 2 + (g.end[1] - g.start[1]) ** 2) ** 0.5 / 2
    return max(0.0, half - side / 3)


@lru_cache(maxsize=1024)
def station_spot(edition: Edition, sid: str, geo: Geometry = DESKTOP) -> Point:
    """The service-station space of `sid`: its middle, or slid along it off a city's name.

    Names avoid station spaces first (city_labels); where a crowded city leaves no free
    spot, the space moves along its own section instead, so it still reads as that section's.
    """
    g = layout.sections(edition, geo)[sid]
    names = list(city_labels(edition, geo).values())
    side = station_box_of(geo)
    reach = _slide(g, side)
    steps = int(reach // 3) + 1  # every 3 px out from the middle, both ways, ends included
    for t in sorted({reach * i / steps * sign for i in range(steps + 1) for sign in (1, -1)},
                    key=lambda t: (abs(t), t)):
        c = (g.mid[0] + g.ux * t, g.mid[1] + g.uy * t)
        if not any(_overlap(box_at(c, side, side), b) for b in names):
            return c
    return g.mid


def fixed_boxes(edition: Edition, geo: Geometry = DESKTOP) -> tuple[list[Box], list[Box]]:
    """(city discs, what else is drawn where it is: depots, every tile at its final spot,
    station spaces and the legend), for what is placed after the tiles (notes, trucks)."""
    return _drawn(edition, geo)


@lru_cache(maxsize=8)
def _drawn(edition: Edition, geo: Geometry = DESKTOP) -> tuple[list[Box], list[Box]]:
    discs, _first = _fixed(edition, geo)
    size = tile_box_of(geo)
    other = [depot_box(edition, d, geo) for d in edition.depots]
    other += [box_at(c, *size) for c in tile_spots(edition, geo).values()]
    other += [box_at(c, *size) for c in country_tile_spots(edition, geo).values()]
    other += [_space_box(edition, sid, geo) for sid, (link, n) in edition.sections.items()
              if link.features[n - 1] == "S"]
    other.append(legend.map_box(edition, geo))
    return discs, other


@lru_cache(maxsize=8)
def _fixed(edition: Edition, geo: Geometry = DESKTOP) -> tuple[list[Box], list[Box]]:
    """What never moves: (city discs, everything else a name or a truck must keep off).

    "Everything else" is depots, bonus-tile spaces, country tiles, the legend and every
    service-station space, because a station can be built on any of them in any game.
    """
    r, k = geo.city_r, geo.k
    discs: list[Box] = []
    for nid in edition.nodes:
        x, y = layout.node_xy(edition, nid, geo)
        discs.append((x - r - 1, y - r - 1, x + r + 1, y + r + 1))
    other: list[Box] = []
    for depot in edition.depots:
        x, y = layout.depot_xy(edition, depot, geo)
        other.append((x - 18 * k, y - 9 * k, x + 18 * k, y + 9 * k))
    for sid, (link, n) in edition.sections.items():
        if link.features[n - 1] == "B":
            other.append(box_at(_tile_spot(edition, sid, geo), *tile_box_of(geo)))
        elif link.features[n - 1] == "S":
            other.append(_space_box(edition, sid, geo))
    other += [_first_country_tile_box(edition, code, geo) for code, cities
              in edition.country_node.items() if cities]
    other.append(legend.map_box(edition, geo))
    return discs, other


@lru_cache(maxsize=8)
def city_labels(edition: Edition, geo: Geometry = DESKTOP) -> dict[str, Box]:
    """Node id -> the box (map-local) its name is drawn in, top-left to bottom-right."""
    r, k = geo.city_r, geo.k
    _discs, other = _fixed(edition, geo)
    disc_at = [layout.node_xy(edition, nid, geo) for nid in edition.nodes]
    depots = [depot_box(edition, d, geo) for d in edition.depots]
    # a name under a station space is hidden for good once a station is built there,
    # unless the space can slide along its section off the name (station_spot): the boxes
    # at both ends of that slide tell which (a box overlapping both overlaps all between)
    stations = [(_space_box(edition, sid, geo), *_slide_ends(edition, sid, geo))
                for sid, (link, n) in edition.sections.items() if link.features[n - 1] == "S"]
    tiles = [box_at(_tile_spot(edition, sid, geo), *tile_box_of(geo)) for sid, (link, n)
             in edition.sections.items() if link.features[n - 1] == "B"]
    roads = _road_points(edition, geo)
    xy = {nid: layout.node_xy(edition, nid, geo) for nid in edition.nodes}
    placed: dict[str, Box] = {}
    # the most crowded cities choose first, while they still have room
    def crowding(nid: str) -> int:
        x, y = xy[nid]
        return -sum(1 for o in edition.nodes
                    if abs(xy[o][0] - x) < 90 * k and abs(xy[o][1] - y) < 50 * k)

    others = {nid: [xy[o] for o in edition.nodes if o != nid] for nid in edition.nodes}
    for nid in sorted(edition.nodes, key=lambda n: (crowding(n), n)):
        node = edition.nodes[nid]
        x, y = xy[nid]
        f = font(geo.label_size, label_font_bold(edition, nid))
        w = f.getlength(node.name)
        h = geo.label_size + 2
        candidates = []
        if node.label_offset != (0, 0) and geo is DESKTOP:  # the hint is in desktop pixels
            dx, dy = node.label_offset
            candidates.append((x + dx, y + dy))
        hint = len(candidates)
        # beside, then the four corners, then above and below; then the same a step further
        # out, for crowded places where every near spot holds a station space or a road
        # (further still reads as a neighbour's name: measured on the Ruhr and Karlsruhe)
        rings = []
        for far in (0, 6 * k):
            ring = [
                (x + r + 3 + far, y - h / 2), (x - r - 3 - w - far, y - h / 2),
                (x + r - 3 + far, y - r - h + 1 - far), (x + r - 3 + far, y + r - 1 + far),
                (x - r + 3 - w - far, y - r - h + 1 - far),
                (x - r + 3 - w - far, y + r - 1 + far),
                (x - w / 2, y - r - h - 1 - far), (x - w / 2, y + r + 1 + far),
            ]
            # above and below, slid sideways while the name still spans its disc: a long
            # name centred over its city reached the neighbour's disc (Braunschweig over
            # Hannover's on the phone map)
            slide = max(0.0, w / 2 - r)
            steps = max(1, int(slide // (3 * k)))
            ring += [(x - w / 2 + slide * (j / steps) * sign, y - r - h - 1 - far if up
                      else y + r + 1 + far)
                     for j in range(1, steps + 1) for sign in (1, -1) for up in (True, False)]
            rings.append(ring)
        per_ring = max(len(ring) for ring in rings)
        for ring in rings:  # equal-length rings: the index tells the ring
            candidates += ring + [ring[-1]] * (per_ring - len(ring))
        reach = w + r + 20 * k  # nothing further off can meet a candidate
        near = [(px, py) for px, py in roads if abs(px - x) < reach and abs(py - y) < reach]
        best: tuple[float, int, Box] | None = None
        for i, (lx, ly) in enumerate(candidates):
            box = (lx, ly, lx + w, ly + h)
            score = 0.0
            if box[0] < 2 or box[1] < 2 or box[2] > geo.map_w - 2 or box[3] > geo.map_h - 2:
                score += 1000
            score += 50 * sum(1 for d in other if _overlap(box, d))
            score += 350 * sum(1 for d in depots if _overlap(box, d))  # 400 in all
            # a name on another city's disc hides its value: worse than a station space
            score += 400 * sum(1 for c in disc_at if _on_disc(c, r + 1, box)
                               or _overlap(box, (c[0] - r, c[1] - r, c[0] + r, c[1] + r)))
            score += 200 * sum(1 for t in tiles if _overlap(box, t))
            for mid, end_a, end_b in stations:
                if _overlap(box, end_a) and _overlap(box, end_b):
                    score += 400
                elif _overlap(box, mid):
                    score += 10
            score += 500 * sum(1 for b in placed.values() if _overlap(box, b))
            score += 3 * sum(1 for px, py in near
                             if box[0] <= px <= box[2] and box[1] <= py <= box[3])
            score += 40 * (max(0, i - hint) // per_ring)  # near beats slightly better far
            if _misread(box, (x, y), others[nid], 4 * k):
                score += 300
            if best is None or (score, i) < best[:2]:
                best = (score, i, box)
        assert best is not None
        placed[nid] = best[2]
    return placed
