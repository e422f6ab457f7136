"""The map: a static part drawn once per edition and the dynamic part drawn every board.

Static: sea, land, borders, every section as an unbuilt outline with its feature mark, city
discs and names, depots. Dynamic: built and upgraded sections over their outlines, city
values, bonus tiles, stations and trucks. Both draw at `origin`, the map's top-left.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import geography, layout, placement, style, truck_placement
from render.east_note import east_note
from render.fonts import font
from render.labels import LANGS, goods_letter, tile_text
from render.markers import (
    Seats,
    player_marker,
    tile_sprite,
    truck_sprite,
)
from render.sprites import blit, blit_at, draw_text, text_width
from rules import Edition, MapChanges, State, city_value, link_complete

Point = layout.Point
Geometry = layout.Geometry
DESKTOP = layout.DESKTOP


def _rect(g: layout.SectionGeom, half: float, o: Point) -> list[Point]:
    nx, ny = g.normal
    (sx, sy), (ex, ey) = g.start, g.end
    ox, oy = o
    return [(sx + nx * half + ox, sy + ny * half + oy), (ex + nx * half + ox, ey + ny * half + oy),
            (ex - nx * half + ox, ey - ny * half + oy), (sx - nx * half + ox, sy - ny * half + oy)]


def _at(p: Point, o: Point, along: Point = (0.0, 0.0), k: float = 0.0) -> Point:
    return (p[0] + o[0] + along[0] * k, p[1] + o[1] + along[1] * k)


# ----- static -----

def draw_static(im: Image.Image, edition: Edition, o: Point, lang: str, east_open: bool,
                geo: Geometry = DESKTOP) -> None:
    draw = ImageDraw.Draw(im)
    ox, oy = o
    k = geo.k
    draw.rectangle((ox, oy, ox + geo.map_w - 1, oy + geo.map_h - 1), fill=style.ABROAD)

    def poly(points: tuple[tuple[float, float], ...]) -> list[Point]:
        return [_at(layout.geo_point(edition, lat, lon, geo), o) for lat, lon in points]

    draw.polygon(poly(geography.NORTH_SEA), fill=style.SEA)
    draw.polygon(poly(geography.BALTIC), fill=style.SEA)
    draw.polygon(poly(geography.GERMANY), fill=style.LAND, outline=style.BORDER, width=2)
    east = poly(geography.EAST)
    if not east_open:
        _hatch(im, east)
        draw.line([*east[:19]], fill=style.BORDER, width=3)  # the inner-German border
        text, spot = east_note(edition, lang, geo)
        x, y = _at(spot, o)
        draw.multiline_text((x, y), text, font=font(round(13 * k), True), fill=style.INK,
                            anchor="mm", align="center", spacing=4, stroke_width=3,
                            stroke_fill=style.LAND)
    geoms = layout.sections(edition, geo)
    for sid, (link, n) in edition.sections.items():
        _unbuilt(draw, geoms[sid], link.colour, o, geo)
        _feature(draw, edition, sid, link.features[n - 1], o, geo)
    for depot in edition.depots.values():
        _depot(draw, im, edition, depot.id, o, lang, geo)
    for nid, node in edition.nodes.items():
        x, y = _at(layout.node_xy(edition, nid, geo), o)
        r = geo.city_r
        w = 2 if geo.k < 1.2 else 3
        if node.country is None:
            draw.ellipse((x - r, y - r, x + r, y + r), fill=style.CITY_FILL, outline=style.INK,
                         width=w)
        else:
            draw.rounded_rectangle((x - r, y - r, x + r, y + r), radius=3,
                                   fill=style.FOREIGN_FILL, outline=style.INK, width=w)
    # the names and every empty city's 0: drawn once here; a board pastes again the names
    # its roads reach and the values that are not 0 (draw_dynamic)
    for sprite, (lx, ly) in _overlay(edition, geo):
        blit_at(im, sprite, (ox + lx, oy + ly))
    for nid in edition.nodes:
        blit(im, value_sprite(0, False, geo), _at(layout.node_xy(edition, nid, geo), o))


def _hatch(im: Image.Image, polygon: list[Point]) -> None:
    """Diagonal hatching clipped to the polygon: closed territory that still shows the roads."""
    w, h = im.size
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).polygon(polygon, fill=255)
    lines = Image.new("L", (w, h), 0)
    ld = ImageDraw.Draw(lines)
    for k in range(-h, w, 9):
        ld.line([(k, 0), (k + h, h)], fill=255, width=2)
    lines.paste(0, (0, 0), Image.eval(mask, lambda v: 255 - v))
    im.paste(style.EAST_HATCH, (0, 0), lines)


def _unbuilt(draw: ImageDraw.ImageDraw, g: layout.SectionGeom, colour: str, o: Point,
             geo: Geometry = DESKTOP) -> None:
    """An outline in the autobahn's colour; pale roads get a dark rim so they stay visible."""
    half = geo.road_w / 2 + 1
    if colour in ("white", "yellow"):
        draw.polygon(_rect(g, half + 1, o), outline=style.MUTED, width=1)
        draw.polygon(_rect(g, half, o), outline=style.road(colour), width=2)
    else:
        draw.polygon(_rect(g, half, o), outline=style.road(colour), width=2)


def _feature(draw: ImageDraw.ImageDraw, edition: Edition, sid: str, feature: str,
             o: Point, geo: Geometry = DESKTOP) -> None:
    g = layout.sections(edition, geo)[sid]
    x, y = _at(g.mid, o)
    k = geo.k
    if feature == "S":  # an empty service-station space
        x, y = _at(placement.station_spot(edition, sid, geo), o)
        draw.ellipse((x - 4 * k, y - 4 * k, x + 4 * k, y + 4 * k), fill=style.PAPER,
                     outline=style.INK)
    elif feature == "D":  # develop icon: a small up-arrow
        draw.polygon([(x, y - 5 * k), (x + 5 * k, y + 3 * k), (x - 5 * k, y + 3 * k)],
                     fill=style.PAPER, outline=style.INK)
    elif feature == "B":  # a bonus-tile space, beside the road
        bx, by = _at(placement.tile_spot(edition, sid, geo), o)
        draw.rectangle((bx - 6 * k, by - 6 * k, bx + 6 * k, by + 6 * k), outline=style.MUTED,
                       width=1)


def labels_overlay(edition: Edition,
                   geo: Geometry = DESKTOP) -> tuple[tuple[Image.Image, tuple[int, int]], ...]:
    """City names with a paper halo, one sprite per name with its map-local top-left.

    Names are pasted after the roads so a new road never hides a city's name; pasting ~50
    small cached sprites costs far less than one map-sized masked paste or haloed text.
    """
    out = []
    size = geo.label_size
    for nid, box in placement.city_labels(edition, geo).items():
        f = font(size, placement.label_font_bold(edition, nid))
        name = edition.nodes[nid].name
        w = int(box[2] - box[0]) + 8
        h = size + 10
        sprite = Image.new("RGBA", (w, h), (*style.PAPER, 0))
        mask = Image.new("L", (w, h), 0)
        pos = (4, 4 + size)  # baseline of the label, 4 px of halo room
        ImageDraw.Draw(mask).text(pos, name, font=f, fill=255, anchor="ls", stroke_width=2,
                                  stroke_fill=255)
        sprite.putalpha(mask)
        ImageDraw.Draw(sprite).text(pos, name, font=f, fill=style.INK, anchor="ls")
        out.append((sprite, (int(box[0]) - 4, int(box[1]) - 4)))
    return tuple(out)


def _depot(draw: ImageDraw.ImageDraw, im: Image.Image, edition: Edition, depot_id: str,
           o: Point, lang: str, geo: Geometry = DESKTOP) -> None:
    depot = edition.depots[depot_id]
    x, y = _at(layout.depot_xy(edition, depot_id, geo), o)
    k = geo.k
    w = (8 + 9 * len(depot.goods)) * k
    draw.rectangle((x - w / 2, y - 8 * k, x + w / 2, y + 8 * k), fill=style.road(depot.colour),
                   outline=style.CASING[depot.colour] if depot.colour == "black" else style.INK,
                   width=2)
    for i, goods in enumerate(depot.goods):
        gx = x - w / 2 + (8 + 9 * i) * k
        draw.rectangle((gx - 4 * k, y - 5 * k, gx + 4 * k, y + 5 * k), fill=style.GOODS[goods])
        draw_text(im, (gx, y), goods_letter(goods, lang), round(9 * k), style.PAPER, bold=True,
                  anchor="mm")


# ----- dynamic -----

@lru_cache(maxsize=8)
def _overlay(edition: Edition,
             geo: Geometry = DESKTOP) -> tuple[tuple[Image.Image, tuple[int, int]], ...]:
    return labels_overlay(edition, geo)


@lru_cache(maxsize=8)
def _crossings(edition: Edition, geo: Geometry = DESKTOP) -> tuple[frozenset[str], ...]:
    """Per name of `_overlay` (same order), the sections whose widest drawing (a dual
    carriageway with its change rim) can reach the name's sprite."""
    half = geo.dual_w / 2 + 1.5 + round(4 * geo.k) + 2  # the rim, and a pixel to spare
    points: dict[str, list[Point]] = {}
    for sid, g in layout.sections(edition, geo).items():
        (sx, sy), (ex, ey) = g.start, g.end
        steps = max(1, int(((ex - sx) ** 2 + (ey - sy) ** 2) ** 0.5))  # every pixel or so
        points[sid] = [(sx + (ex - sx) * i / steps, sy + (ey - sy) * i / steps)
                       for i in range(steps + 1)]
    out = []
    for sprite, (lx, ly) in _overlay(edition, geo):
        x0, y0, x1, y1 = lx - half, ly - half, lx + sprite.width + half, ly + sprite.height + half
        out.append(frozenset(sid for sid, pts in points.items()
                             if any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in pts)))
    return tuple(out)


def draw_dynamic(im: Image.Image, state: State, edition: Edition, o: Point, lang: str,
                 geo: Geometry, seats: Seats, changes: MapChanges | None = None) -> None:
    draw = ImageDraw.Draw(im)
    geoms = layout.sections(edition, geo)
    changes = changes or MapChanges()
    for link in edition.links.values():
        upgraded = link.id in state.upgraded
        for n, sid in enumerate(link.section_ids(), start=1):
            if sid in state.built:
                if sid in changes.built or link.id in changes.upgraded:
                    _changed(draw, geoms[sid], upgraded, o, geo)
                _built(draw, geoms[sid], link.colour, upgraded, o, geo)
                feature = link.features[n - 1]
                if feature in ("S", "D"):
                    _feature(draw, edition, sid, feature, o, geo)
    for nid, node in edition.nodes.items():
        on_net = node.country is None and any(
            link_complete(state, lk) for lk in edition.links_at[nid])
        value = city_value(state, nid)
        if value or on_net:  # an empty city's 0 is in the background
            at = _at(layout.node_xy(edition, nid, geo), o)
            # first wipe the 0: digits' soft edges (and digits alone) let it show through
            blit(im, _blank_sprite(node.country is not None, geo), at)
            blit(im, value_sprite(value, on_net, geo), at)
    tile_size = round(10 * geo.k)
    for sid, tile in state.section_tiles.items():
        _tile(im, _at(placement.tile_spot(edition, sid, geo), o), tile, lang, tile_size)
    for code, tile in state.country_tiles.items():
        if edition.country_node.get(code):
            _tile(im, _at(placement.country_tile_spot(edition, code, geo), o), tile, lang,
                  tile_size)
    # the names are in the background; one a built road may reach goes again on top (its
    # halo's soft edge, pasted twice, is a shade paler: not visible)
    for (sprite, (lx, ly)), crossing in zip(_overlay(edition, geo), _crossings(edition, geo),
                                            strict=True):
        if not crossing.isdisjoint(state.built):
            blit_at(im, sprite, (o[0] + lx, o[1] + ly))
    for sid, pid in state.stations.items():
        spot = _at(placement.station_spot(edition, sid, geo), o)
        if sid in changes.stations:
            r = placement.station_box_of(geo) * 0.75
            draw.ellipse((spot[0] - r, spot[1] - r, spot[0] + r, spot[1] + r),
                         outline=style.CHANGE, width=max(3, round(3 * geo.k)))
        player_marker(draw, im, spot, placement.station_size_of(geo), seats, pid)
    _trucks(im, state, edition, o, lang, geo, seats, changes)


def _built(draw: ImageDraw.ImageDraw, g: layout.SectionGeom, colour: str, upgraded: bool,
           o: Point, geo: Geometry = DESKTOP) -> None:
    width = geo.dual_w if upgraded else geo.road_w
    draw.polygon(_rect(g, width / 2 + 1.5, o), fill=style.CASING[colour])
    draw.polygon(_rect(g, width / 2, o), fill=style.road(colour))
    if upgraded:  # the median strip of a dual carriageway
        a, b = _at(g.start, o), _at(g.end, o)
        draw.line([a, b], fill=style.CASING[colour], width=2)


def _changed(draw: ImageDraw.ImageDraw, g: layout.SectionGeom, upgraded: bool, o: Point,
             geo: Geometry = DESKTOP) -> None:
    """A bright rim under a section the last turn built or upgraded: what is new reads at a
    glance, in a colour no road, player or city uses."""
    width = geo.dual_w if upgraded else geo.road_w
    draw.polygon(_rect(g, width / 2 + 1.5 + round(4 * geo.k), o), fill=style.CHANGE)


def _tile(im: Image.Image, c: Point, tile: str, lang: str, size: int = 10) -> None:
    blit(im, tile_sprite(tile_text(tile, lang), size), c)


@lru_cache(maxsize=8)
def _blank_sprite(foreign: bool, geo: Geometry = DESKTOP) -> Image.Image:
    """The inside of a city's disc (or a foreign city's square), hiding the background's 0."""
    d = 2 * geo.city_r - (3 if geo.k < 1.2 else 5)
    im = Image.new("RGBA", (d, d), (0, 0, 0, 0))
    if foreign:
        ImageDraw.Draw(im).rectangle((0, 0, d - 1, d - 1), fill=style.FOREIGN_FILL)
    else:
        ImageDraw.Draw(im).ellipse((0, 0, d - 1, d - 1), fill=style.CITY_FILL)
    return im


@lru_cache(maxsize=128)
def value_sprite(value: int, on_network: bool, geo: Geometry = DESKTOP) -> Image.Image:
    """The number inside a city's disc, on a highlight when the city is on the network."""
    d = 2 * geo.city_r - (3 if geo.k < 1.2 else 5)  # inside the disc's outline
    im = Image.new("RGBA", (d, d), (0, 0, 0, 0))
    if on_network:
        ImageDraw.Draw(im).ellipse((0, 0, d - 1, d - 1), fill=style.HIGHLIGHT)
    size = geo.value_size
    while size > 8 and text_width(str(value), size, True) > d - 2:  # two digits: shrink
        size -= 1
    draw_text(im, (d / 2, d / 2), str(value), size, style.INK if value else style.MUTED,
              bold=True, anchor="mm")
    return im


def _trucks(im: Image.Image, state: State, edition: Edition, o: Point, lang: str,
            geo: Geometry, seats: Seats, changes: MapChanges) -> None:
    """Each truck: the owner's marker with its goods token, beside its section or depot.

    Trucks sharing a place are fanned out along the road so none hides another. A truck the
    last turn moved gets an arrow from where it stood (a ring if it came onto the map).
    """
    seen: dict[str, int] = {}
    spots: dict[tuple[str, int], Point] = {}
    for pid in state.order:
        for n, truck in enumerate(state.players[pid].trucks, start=1):
            if truck is None:
                continue
            k = seen.get(truck.position, 0)
            seen[truck.position] = k + 1
            x, y = truck_xy(edition, truck.position, k, geo)
            spots[(pid, n)] = (x + o[0], y + o[1])
    draw = ImageDraw.Draw(im)
    w, h = placement.truck_plate_of(geo)
    line = max(3, round(3 * geo.k))
    geoms = layout.sections(edition, geo)
    for move in changes.trucks:
        end = spots.get((move.player, move.truck))
        if end is None:
            continue
        # a frame on every truck that moved (a step to the next section is too short for
        # an arrow to read), and an arrow from the road or depot it left
        draw.rectangle((end[0] - w / 2 - line - 1, end[1] - h / 2 - line - 1,
                        end[0] + w / 2 + line, end[1] + h / 2 + line),
                       outline=style.CHANGE, width=line)
        if move.start in geoms:
            sx, sy = geoms[move.start].mid
        elif move.start in edition.depots:
            sx, sy = layout.depot_xy(edition, move.start, geo)
        else:
            continue
        _arrow(draw, (sx + o[0], sy + o[1]), end, line, h * 0.8)
    for pid in state.order:
        for n, truck in enumerate(state.players[pid].trucks, start=1):
            if truck is not None:
                blit(im, truck_sprite(seats.seat(pid), seats.letter(pid), truck.goods,
                                      goods_letter(truck.goods, lang), h), spots[(pid, n)])


def _arrow(draw: ImageDraw.ImageDraw, a: Point, b: Point, width: int, head: float) -> None:
    """From a to b, its head stopping short of b's truck plate so the plate stays legible."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = (dx * dx + dy * dy) ** 0.5
    if d < head * 1.5:
        return
    ux, uy = dx / d, dy / d
    tip = (b[0] - ux * head, b[1] - uy * head)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    draw.line([a, base], fill=style.CHANGE, width=width)
    nx, ny = -uy * head * 0.6, ux * head * 0.6
    draw.polygon([tip, (base[0] + nx, base[1] + ny), (base[0] - nx, base[1] - ny)],
                 fill=style.CHANGE)


def truck_xy(edition: Edition, position: str, k: int = 0, geo: Geometry = DESKTOP) -> Point:
    """Map-local centre of the k-th truck at a section or depot (for drawing and tests)."""
    return truck_placement.truck_spot(edition, position, k, geo)


def marker_boxes(state: State, edition: Edition,
                 geo: Geometry = DESKTOP) -> list[tuple[str, placement.Box]]:
    """Map-local boxes of everything the state puts on the map: stations, trucks, tiles.

    For tests: none of these may cover a city's name (placement.city_labels).
    """
    out = [(f"station {sid}", placement.station_box(edition, sid, geo))
           for sid in state.stations]
    seen: dict[str, int] = {}
    for pid in state.order:
        for truck in state.players[pid].trucks:
            if truck is not None:
                k = seen.get(truck.position, 0)
                seen[truck.position] = k + 1
                box = placement.box_at(truck_xy(edition, truck.position, k, geo),
                                       *placement.truck_plate_of(geo))
                out.append((f"truck {pid} {truck.position}", box))
    for sid, tile in state.section_tiles.items():
        c = placement.tile_spot(edition, sid, geo)
        size = max(tile_sprite(tile_text(tile, lang), round(10 * geo.k)).size for lang in LANGS)
        out.append((f"tile {sid}", placement.box_at(c, *size)))
    return out
