"""The map as SVG for the web page: crisp at any zoom, drawn from the PNG's own geometry.

Where a city, a road, a station space, a tile or a truck goes comes from render.layout,
render.placement and render.truck_placement, and every colour from render.style: the
same functions the PNG map (render.map_layer) draws with, in the phone map's geometry
(layout.PHONE), so the posted picture and the page cannot disagree. The SVG only draws;
it places nothing of its own.

The layers follow map_layer's order: ground, unbuilt outlines, features, depots, discs and
the legend (cached per edition, language and open East); then built roads, values, tiles,
names (cached), stations and trucks. No `style=""` and no script: the page's content
security policy allows neither.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from html import escape

from render import geography, layout, legend, placement, style, truck_placement
from render.east_note import east_note
from render.labels import goods_letter, label, tile_text
from render.markers import Seats, seats_of
from render.svg_pieces import goods, hexc, marker, num, polygon, polyline, text, tile, truck
from rules import Edition, MapChanges, State, city_value, edition_of, link_complete, parse_bonus

Point = layout.Point
GEO = layout.PHONE  # the web map is the phone map: bigger pieces, a taller Germany
FONT = "DejaVu Sans Condensed, DejaVu Sans, Arial Narrow, sans-serif"
INK, PAPER = hexc(style.INK), hexc(style.PAPER)


def label_size(geo: layout.Geometry = GEO) -> int:
    """A city name's font size in map units: the page zooms so that this reads at 11 px."""
    return geo.label_size


def map_svg(state: State, lang: str = "en", names: Mapping[str, str] | None = None,
            changes: MapChanges | None = None, title: str = "",
            geo: layout.Geometry = GEO) -> str:
    """The whole map of `state` as one `<svg>` element (map units = the PNG's pixels);
    `title` names it for screen readers."""
    edition = edition_of(state)
    seats = seats_of(state.order, names)
    east_open = state.era >= edition.east_opens_era
    changes = changes or MapChanges()
    return "".join((
        f'<svg xmlns="http://www.w3.org/2000/svg" class="map" viewBox="0 0 {geo.map_w}'
        f' {geo.map_h}" font-family="{FONT}" role="img" aria-label="{escape(title)}">',
        _ground(edition, lang, east_open, geo),
        _roads(state, edition, changes, geo),
        _values(state, edition, geo),
        _tiles(state, edition, lang, geo),
        _names(edition, geo),
        _stations(state, edition, changes, seats, geo),
        _trucks(state, edition, changes, seats, lang, geo),
        "</svg>",
    ))


# ----- what never changes within a game (per edition, language and era) -----

@lru_cache(maxsize=16)
def _ground(edition: Edition, lang: str, east_open: bool, geo: layout.Geometry) -> str:
    k = geo.k
    out = [f'<rect width="{geo.map_w}" height="{geo.map_h}" fill="{hexc(style.ABROAD)}"/>']

    def poly(points: tuple[tuple[float, float], ...]) -> list[Point]:
        return [layout.geo_point(edition, lat, lon, geo) for lat, lon in points]

    out.append(polygon(poly(geography.NORTH_SEA), fill=hexc(style.SEA)))
    out.append(polygon(poly(geography.BALTIC), fill=hexc(style.SEA)))
    out.append(polygon(poly(geography.GERMANY), fill=hexc(style.LAND),
                       stroke=hexc(style.BORDER), stroke_width="2"))
    if not east_open:
        east = poly(geography.EAST)
        # map_layer._hatch: 2 px lines every 9 px along x, falling left to right
        out.append('<defs><pattern id="east-hatch" patternUnits="userSpaceOnUse" width="9"'
                   ' height="9" patternTransform="rotate(45)"><rect width="1.6" height="9"'
                   f' fill="{hexc(style.EAST_HATCH)}"/></pattern></defs>')
        out.append(polygon(east, fill="url(#east-hatch)"))
        out.append(polyline(east[:19], fill="none", stroke=hexc(style.BORDER),
                            stroke_width="3"))
        note, (x, y) = east_note(edition, lang, geo)
        lines = note.split("\n")
        size = round(13 * k)
        top = y - (len(lines) - 1) * (size + 4) / 2
        out.append(f'<g stroke="{hexc(style.LAND)}" stroke-width="5" paint-order="stroke"'
                   ' stroke-linejoin="round">')
        out += [text(x, top + i * (size + 4), line, size, style.INK, bold=True)
                for i, line in enumerate(lines)]
        out.append("</g>")
    geoms = layout.sections(edition, geo)
    for sid, (link, n) in edition.sections.items():
        out.append(_unbuilt(geoms[sid], link.colour, geo))
        out.append(_feature(edition, sid, link.features[n - 1], geo))
    for depot in edition.depots.values():
        out.append(_depot(edition, depot.id, lang, geo))
    r = geo.city_r
    w = 2 if k < 1.2 else 3
    for nid, node in edition.nodes.items():
        x, y = layout.node_xy(edition, nid, geo)
        if node.country is None:
            out.append(f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r - w / 2)}"'
                       f' fill="{hexc(style.CITY_FILL)}" stroke="{INK}" stroke-width="{w}"/>')
        else:
            out.append(f'<rect x="{num(x - r + w / 2)}" y="{num(y - r + w / 2)}"'
                       f' width="{num(2 * r - w)}" height="{num(2 * r - w)}" rx="3"'
                       f' fill="{hexc(style.FOREIGN_FILL)}" stroke="{INK}"'
                       f' stroke-width="{w}"/>')
    out.append(_legend(edition, lang, geo))
    return "".join(out)


def _rect(g: layout.SectionGeom, half: float) -> list[Point]:
    nx, ny = g.normal
    (sx, sy), (ex, ey) = g.start, g.end
    return [(sx + nx * half, sy + ny * half), (ex + nx * half, ey + ny * half),
            (ex - nx * half, ey - ny * half), (sx - nx * half, sy - ny * half)]


def _unbuilt(g: layout.SectionGeom, colour: str, geo: layout.Geometry) -> str:
    """An outline in the autobahn's colour; pale roads get a dark rim (map_layer._unbuilt)."""
    half = geo.road_w / 2
    out = ""
    if colour in ("white", "yellow"):
        out = polygon(_rect(g, half + 1.5), fill="none", stroke=hexc(style.MUTED),
                      stroke_width="1")
    return out + polygon(_rect(g, half), fill="none", stroke=hexc(style.road(colour)),
                         stroke_width="2")


def _feature(edition: Edition, sid: str, feature: str, geo: layout.Geometry) -> str:
    k = geo.k
    if feature == "S":  # an empty service-station space
        x, y = placement.station_spot(edition, sid, geo)
        return (f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(4 * k)}" fill="{PAPER}"'
                f' stroke="{INK}" stroke-width="1"/>')
    if feature == "D":  # develop: a small up-arrow
        return _develop(layout.sections(edition, geo)[sid].mid, k)
    if feature == "B":  # a bonus-tile space beside the road
        x, y = placement.tile_spot(edition, sid, geo)
        return (f'<rect x="{num(x - 6 * k)}" y="{num(y - 6 * k)}" width="{num(12 * k)}"'
                f' height="{num(12 * k)}" fill="none" stroke="{hexc(style.MUTED)}"'
                ' stroke-width="1"/>')
    return ""


def _develop(c: Point, k: float) -> str:
    x, y = c
    return polygon([(x, y - 5 * k), (x + 5 * k, y + 3 * k), (x - 5 * k, y + 3 * k)],
                   fill=PAPER, stroke=INK, stroke_width="1")


def _depot(edition: Edition, depot_id: str, lang: str, geo: layout.Geometry) -> str:
    depot = edition.depots[depot_id]
    x, y = layout.depot_xy(edition, depot_id, geo)
    k = geo.k
    w = (8 + 9 * len(depot.goods)) * k
    rim = style.CASING[depot.colour] if depot.colour == "black" else style.INK
    out = [f'<rect x="{num(x - w / 2)}" y="{num(y - 8 * k)}" width="{num(w)}"'
           f' height="{num(16 * k)}" fill="{hexc(style.road(depot.colour))}"'
           f' stroke="{hexc(rim)}" stroke-width="2"/>']
    for i, kind in enumerate(depot.goods):
        gx = x - w / 2 + (8 + 9 * i) * k
        out.append(f'<rect x="{num(gx - 4 * k)}" y="{num(y - 5 * k)}" width="{num(8 * k)}"'
                   f' height="{num(10 * k)}" fill="{hexc(style.GOODS[kind])}"/>')
        out.append(text(gx, y, goods_letter(kind, lang), 9 * k, style.PAPER, bold=True))
    return "".join(out)


@lru_cache(maxsize=16)
def _names(edition: Edition, geo: layout.Geometry) -> str:
    """Every city's name where placement.city_labels put it, with a paper halo; stretched
    to the box the placement measured, so another font cannot crowd a neighbour."""
    size = geo.label_size
    out = [f'<g class="names" fill="{INK}" stroke="{PAPER}" stroke-width="4"'
           f' paint-order="stroke" stroke-linejoin="round" font-size="{size}">']
    for nid, box in placement.city_labels(edition, geo).items():
        bold = ' font-weight="bold"' if placement.label_font_bold(edition, nid) else ""
        out.append(f'<text class="city" x="{num(box[0])}" y="{num(box[1] + size)}"'
                   f' textLength="{num(box[2] - box[0])}" lengthAdjust="spacingAndGlyphs"'
                   f'{bold}>{escape(edition.nodes[nid].name)}</text>')
    out.append("</g>")
    return "".join(out)


def _legend(edition: Edition, lang: str, geo: layout.Geometry) -> str:
    """The legend in the map's empty corner, as legend.draw_on_map lays it out."""
    k = geo.k
    row, size = legend.ROW * k, legend.TEXT * k
    x0, y0, x1, y1 = legend.map_box(edition, geo)
    out = [f'<rect x="{num(x0)}" y="{num(y0)}" width="{num(x1 - x0)}" height="{num(y1 - y0)}"'
           f' rx="5" fill="{PAPER}" stroke="{hexc(style.FRAME)}" stroke-width="2"/>']
    x, y = x0 + 8 * k, y0 + 4 * k + row / 2
    out.append(text(x, y, label("legend", lang), 13 * k, style.INK, bold=True, anchor="start"))
    y += row
    for kind in edition.goods:
        out.append(goods(x + 7 * k, y, 13 * k, kind, goods_letter(kind, lang)))
        out.append(text(x + 20 * k, y, label(f"goods_{kind}", lang), size, style.INK,
                        anchor="start"))
        y += row
    for bonus in legend.tile_kinds(edition):
        kind, _n = parse_bonus(bonus)
        value = tile_text(bonus, lang)
        width = _tile_width(value, 10 * k)
        out.append(tile(x + width / 2, y, value, 10 * k, width))
        out.append(text(x + max(44 * k, width + 6 * k), y, label(f"legend_{kind}", lang), size,
                        style.INK, anchor="start"))
        y += row
    for key in legend.SYMBOLS:
        out.append(_symbol(key, (x + 14 * k, y), lang, k))
        out.append(text(x + 44 * k, y, label(key, lang), size, style.INK, anchor="start"))
        y += row
    return "".join(out)


def _symbol(key: str, c: Point, lang: str, k: float) -> str:
    """Each symbol as the map draws it (legend._symbol)."""
    x, y = c
    red, casing = hexc(style.ROAD["red"]), hexc(style.CASING["red"])
    if key == "sym_network":
        r = layout.CITY_R * k - 2
        return (f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{hexc(style.HIGHLIGHT)}"'
                f' stroke="{INK}" stroke-width="2"/>'
                + text(x, y, "4", 12 * k, style.INK, bold=True))
    if key == "sym_built":  # one carriageway (legend._symbol)
        h = layout.DESKTOP.road_w * k / 2
        return (f'<rect x="{num(x - 14 * k)}" y="{num(y - h)}" width="{num(28 * k)}"'
                f' height="{num(2 * h)}" fill="{red}" stroke="{casing}"/>')
    if key == "sym_dual":
        h = 6 * k
        return (f'<rect x="{num(x - 14 * k)}" y="{num(y - h)}" width="{num(28 * k)}"'
                f' height="{num(2 * h)}" fill="{red}" stroke="{casing}"/>'
                f'<line x1="{num(x - 14 * k)}" y1="{num(y)}" x2="{num(x + 14 * k)}"'
                f' y2="{num(y)}" stroke="{casing}" stroke-width="2"/>')
    if key == "sym_unbuilt":
        h = 4 * k
        return (f'<rect x="{num(x - 14 * k)}" y="{num(y - h)}" width="{num(28 * k)}"'
                f' height="{num(2 * h)}" fill="none" stroke="{red}" stroke-width="2"/>')
    if key == "sym_station":
        return (f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(4 * k)}" fill="{PAPER}"'
                f' stroke="{INK}" stroke-width="1"/>')
    if key == "sym_develop":
        return _develop(c, k)
    if key == "sym_bonus":
        r = 6 * k
        return (f'<rect x="{num(x - r)}" y="{num(y - r)}" width="{num(2 * r)}"'
                f' height="{num(2 * r)}" fill="none" stroke="{hexc(style.MUTED)}"/>')
    return truck(x, y, 17 * k, 0, "A", "chemicals", goods_letter("chemicals", lang), "sample")


def _tile_width(value: str, size: float) -> float:
    """markers.tile_sprite's width: at least 1.6 sizes, else the text and a margin."""
    from render.sprites import text_width

    return max(16 * size / 10, text_width(value, round(size), True) + 6 * size / 10)


# ----- what the game changes -----

def _roads(state: State, edition: Edition, changes: MapChanges, geo: layout.Geometry) -> str:
    geoms = layout.sections(edition, geo)
    out = []
    for link in edition.links.values():
        upgraded = link.id in state.upgraded
        width = geo.dual_w if upgraded else geo.road_w
        casing, fill = hexc(style.CASING[link.colour]), hexc(style.road(link.colour))
        for n, sid in enumerate(link.section_ids(), start=1):
            if sid not in state.built:
                continue
            g = geoms[sid]
            if sid in changes.built or link.id in changes.upgraded:
                out.append(polygon(_rect(g, width / 2 + 1.5 + round(4 * geo.k)),
                                   fill=hexc(style.CHANGE), cls="changed"))
            out.append(polygon(_rect(g, width / 2 + 1.5), fill=casing))
            out.append(polygon(_rect(g, width / 2), fill=fill))
            if upgraded:  # the median strip of a dual carriageway
                out.append(f'<line x1="{num(g.start[0])}" y1="{num(g.start[1])}"'
                           f' x2="{num(g.end[0])}" y2="{num(g.end[1])}" stroke="{casing}"'
                           ' stroke-width="2"/>')
            feature = link.features[n - 1]
            if feature in ("S", "D"):
                out.append(_feature(edition, sid, feature, geo))
    return "".join(out)


def _values(state: State, edition: Edition, geo: layout.Geometry) -> str:
    """Each city's value in its disc, on a highlight when it is on the network."""
    d = 2 * geo.city_r - (3 if geo.k < 1.2 else 5)
    out = []
    for nid, node in edition.nodes.items():
        x, y = layout.node_xy(edition, nid, geo)
        value = city_value(state, nid)
        on_net = node.country is None and any(
            link_complete(state, lk) for lk in edition.links_at[nid])
        if on_net:
            out.append(f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(d / 2)}"'
                       f' fill="{hexc(style.HIGHLIGHT)}"/>')
        size = geo.value_size if value < 10 else geo.value_size * 0.8
        out.append(text(x, y, str(value), size, style.INK if value else style.MUTED, bold=True))
    return "".join(out)


def _tiles(state: State, edition: Edition, lang: str, geo: layout.Geometry) -> str:
    size = round(10 * geo.k)
    out = []
    spots = [(placement.tile_spot(edition, sid, geo), bonus)
             for sid, bonus in state.section_tiles.items()]
    spots += [(placement.country_tile_spot(edition, code, geo), bonus)
              for code, bonus in state.country_tiles.items() if edition.country_node.get(code)]
    for (x, y), bonus in spots:
        value = tile_text(bonus, lang)
        out.append(tile(x, y, value, size, _tile_width(value, size)))
    return "".join(out)


def _stations(state: State, edition: Edition, changes: MapChanges, seats: Seats,
              geo: layout.Geometry) -> str:
    out = []
    for sid, pid in state.stations.items():
        x, y = placement.station_spot(edition, sid, geo)
        if sid in changes.stations:
            r = placement.station_box_of(geo) * 0.75
            out.append(f'<circle class="changed" cx="{num(x)}" cy="{num(y)}" r="{num(r)}"'
                       f' fill="none" stroke="{hexc(style.CHANGE)}"'
                       f' stroke-width="{max(3, round(3 * geo.k))}"/>')
        out.append(marker(seats.seat(pid), x, y, placement.station_size_of(geo),
                          seats.letter(pid)))
    return "".join(out)


def _trucks(state: State, edition: Edition, changes: MapChanges, seats: Seats, lang: str,
            geo: layout.Geometry) -> str:
    """Each truck beside its section or depot (truck_placement), a frame on every truck the
    last turn moved and an arrow from where it stood (map_layer._trucks)."""
    seen: dict[str, int] = {}
    spots: dict[tuple[str, int], Point] = {}
    for pid in state.order:
        for n, lorry in enumerate(state.players[pid].trucks, start=1):
            if lorry is None:
                continue
            k = seen.get(lorry.position, 0)
            seen[lorry.position] = k + 1
            spots[(pid, n)] = truck_placement.truck_spot(edition, lorry.position, k, geo)
    w, h = placement.truck_plate_of(geo)
    line = max(3, round(3 * geo.k))
    change = hexc(style.CHANGE)
    out = []
    geoms = layout.sections(edition, geo)
    for move in changes.trucks:
        end = spots.get((move.player, move.truck))
        if end is None:
            continue
        out.append(f'<rect class="changed" x="{num(end[0] - w / 2 - line / 2 - 1)}"'
                   f' y="{num(end[1] - h / 2 - line / 2 - 1)}" width="{num(w + line + 2)}"'
                   f' height="{num(h + line + 2)}" fill="none" stroke="{change}"'
                   f' stroke-width="{line}"/>')
        if move.start in geoms:
            start = geoms[move.start].mid
        elif move.start in edition.depots:
            start = layout.depot_xy(edition, move.start, geo)
        else:
            continue
        out.append(_arrow(start, end, line, h * 0.8))
    for pid in state.order:
        for n, lorry in enumerate(state.players[pid].trucks, start=1):
            if lorry is not None:
                x, y = spots[(pid, n)]
                out.append(truck(x, y, h, seats.seat(pid), seats.letter(pid), lorry.goods,
                                 goods_letter(lorry.goods, lang)))
    return "".join(out)


def _arrow(a: Point, b: Point, width: int, head: float) -> str:
    """From a to b, its head stopping short of b's truck plate (map_layer._arrow)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = (dx * dx + dy * dy) ** 0.5
    if d < head * 1.5:
        return ""
    ux, uy = dx / d, dy / d
    tip = (b[0] - ux * head, b[1] - uy * head)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    nx, ny = -uy * head * 0.6, ux * head * 0.6
    change = hexc(style.CHANGE)
    return (f'<line class="changed" x1="{num(a[0])}" y1="{num(a[1])}" x2="{num(base[0])}"'
            f' y2="{num(base[1])}" stroke="{change}" stroke-width="{width}"/>'
            + polygon([tip, (base[0] + nx, base[1] + ny), (base[0] - nx, base[1] - ny)],
                      cls="changed", fill=change))
