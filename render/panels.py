"""The header (era, supply, whose decision) and the shared boards beside the map.

Shared boards: the seven construction offices with their seats, the administration
building (lobby and the departments' floors), the card display and the goods supply.
Each has a static part (frames, titles, empty seats) for the cached background and a
dynamic part drawn over it. Coordinates are panel-local; `o` is the panel's top-left.
Where and how large they are set is a PanelGeom: DESKTOP beside the map (full view),
PHONE atop the players view.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from render import layout, style
from render.fonts import font
from render.labels import colon, goods_letter, label
from render.markers import Seats, card_chip, goods_token, player_marker
from render.scores import ranked
from render.sprites import draw_text, fit, text_width
from rules import Edition, State, pending_decision

Point = layout.Point

OFFICE_X, OFFICE_Y, OFFICE_ROW = 10, 34, 30
SWATCH_W = 84
SEAT = 26
SEAT_X = OFFICE_X + SWATCH_W + 8
ADMIN_X = 392
LOBBY_Y = 34
DEPT_Y = 70  # department titles; floors below, the top floor first
DEPT_W = 94
FLOOR_H = 44
DISPLAY_Y = 234
PLAYERS_Y = 270  # where the player boards start (player_board.py)


@dataclass(frozen=True, slots=True)
class PanelGeom:
    """Where the shared boards go and how large they are set, panel-local.

    DESKTOP beside the map in the full view; PHONE atop the players view, which is read
    ~400 px wide: there nothing is set under 18 px (9 px on the phone), the offices and the
    administration share the width, and the card display gets a row of its own below them.
    """

    office_y: int
    office_row: int
    swatch_w: int
    seat: int
    seat_gap: int
    admin_x: int
    lobby_y: int
    lobby_h: int  # the lobby row's height; its markers and title are centred on it
    dept_y: int  # department titles; floors below, the top floor first
    dept_title_h: int
    dept_w: int
    floor_h: int
    display_x: int
    display_y: int
    title: int  # font sizes, then marker and chip sizes
    colour_text: int
    lobby_text: int
    dept_text: int
    floor_text: int
    seat_marker: int
    lobby_marker: int
    lobby_count: int
    lobby_dx: int  # from the lobby title to the first marker, then between markers
    lobby_step: int
    floor_marker: int
    floor_count: int
    floor_dx: int  # a floor's markers: two columns, this far apart, rows floor_dy apart
    floor_dy: int
    display_text: int
    chip: int
    goods_token: int
    goods_text: int
    goods_step: int
    goods_row: int = 0  # 0: the goods supply follows the display's cards; else a row below
    office_x: int = OFFICE_X

    @property
    def seat_x(self) -> int:
        return self.office_x + self.swatch_w + 8


DESKTOP = PanelGeom(
    office_y=OFFICE_Y, office_row=OFFICE_ROW, swatch_w=SWATCH_W, seat=SEAT, seat_gap=4,
    admin_x=ADMIN_X, lobby_y=LOBBY_Y, lobby_h=26, dept_y=DEPT_Y, dept_title_h=20,
    dept_w=DEPT_W, floor_h=FLOOR_H, display_x=ADMIN_X, display_y=DISPLAY_Y,
    title=15, colour_text=13, lobby_text=14, dept_text=13, floor_text=10, seat_marker=20,
    lobby_marker=20, lobby_count=15, lobby_dx=70, lobby_step=62, floor_marker=16,
    floor_count=13, floor_dx=44, floor_dy=20, display_text=13, chip=26, goods_token=16,
    goods_text=14, goods_step=35)
PHONE = PanelGeom(
    office_y=44, office_row=44, swatch_w=112, seat=38, seat_gap=3,
    admin_x=344, lobby_y=44, lobby_h=38, dept_y=92, dept_title_h=26,
    dept_w=106, floor_h=60, display_x=10, display_y=362,
    title=22, colour_text=18, lobby_text=20, dept_text=18, floor_text=18, seat_marker=30,
    lobby_marker=28, lobby_count=22, lobby_dx=84, lobby_step=80, floor_marker=24,
    floor_count=20, floor_dx=52, floor_dy=28, display_text=20, chip=38, goods_token=26,
    goods_text=22, goods_step=56, goods_row=46)


def seat_box(colour_index: int, seat: int, geo: PanelGeom = DESKTOP) -> tuple[int, int, int, int]:
    """Panel-local box of one office seat (for drawing and tests)."""
    x = geo.seat_x + seat * (geo.seat + geo.seat_gap)
    y = geo.office_y + colour_index * geo.office_row
    return (x, y, x + geo.seat, y + geo.seat)


def floor_box(edition: Edition, dept: str, floor: int,
              geo: PanelGeom = DESKTOP) -> tuple[int, int, int, int]:
    i = edition.departments.index(dept)
    x = geo.admin_x + i * (geo.dept_w + 2)
    y = geo.dept_y + geo.dept_title_h + (edition.floors - floor) * geo.floor_h
    return (x, y, x + geo.dept_w, y + geo.floor_h - 2)


def _box(o: Point, b: tuple[int, int, int, int]) -> tuple[float, float, float, float]:
    return (b[0] + o[0], b[1] + o[1], b[2] + o[0], b[3] + o[1])


# ----- header -----

def draw_header_static(im: Image.Image, width: int) -> None:
    ImageDraw.Draw(im).rectangle((0, 0, width - 1, layout.HEADER_H - 1), fill=style.HEADER_BG)


def draw_header(im: Image.Image, state: State, edition: Edition, lang: str,
                seats: Seats) -> None:
    """Era and supply on the left, then who must decide what (or the final scores)."""
    draw = ImageDraw.Draw(im)
    y = layout.HEADER_H / 2
    ink = style.HEADER_INK
    x = 12.0
    text = f"{label('era', lang)} {state.era}"
    draw_text(im, (x, y), text, 20, ink, bold=True, anchor="lm")
    x += text_width(text, 20, True) + 12
    total = edition.era(state.era).supply
    text = f"{label('supply', lang)} {state.era_supply}/{total}"
    draw_text(im, (x, y), text, 16, ink, bold=True, anchor="lm")
    x += text_width(text, 16, True) + 12
    if state.turn is not None and state.phase != "over":
        text = f"{label('turn', lang)} {state.turn.number}"
        draw_text(im, (x, y), text, 15, ink, anchor="lm")
        x += text_width(text, 15) + 14
    decision = pending_decision(state)
    if decision is None:
        lines, size = _final_line(state, edition, lang, seats, im.width - x - 8)
        step = size + 4  # one line in the middle, or two around it
        for i, line in enumerate(lines):
            draw_text(im, (x, y + (i - (len(lines) - 1) / 2) * step), line, size,
                      style.HIGHLIGHT, bold=True, anchor="lm")
        return
    # the one thing the table waits for, as large as the width allows: the map and players
    # views are shown ~400 px wide on a phone, where 18 px text shrinks to 9 px
    draw.rounded_rectangle((x - 4, 5, x + 30, layout.HEADER_H - 6), radius=5, fill=style.PAPER)
    player_marker(draw, im, (x + 13, y), 26, seats, decision.player)
    x += 38
    what = label("decide_" + decision.kind, lang)
    if state.phase == "final":
        what += f" ({label('final_round', lang)})"
    text = f"{seats.name(decision.player)}{colon(lang)}{what}"
    room = im.width - x - 8
    one = next((s for s in (26, 24, 22, 20, 18) if text_width(text, s, True) <= room), None)
    if one is not None:
        draw_text(im, (x, y), text, one, style.HIGHLIGHT, bold=True, anchor="lm")
        return
    # a long name: who on one line, what on the next, rather than the decision cut off
    size = FINAL_TWO_LINES
    for i, line in enumerate((seats.name(decision.player) + colon(lang).rstrip(), what)):
        draw_text(im, (x, y + (i - 0.5) * (size + 4)), fit(line, size, room, True), size,
                  style.HIGHLIGHT, bold=True, anchor="lm")


FINAL_TWO_LINES = 17  # px: two lines of it fill the header (HEADER_H) with a gap


def _final_line(state: State, edition: Edition, lang: str, seats: Seats,
                room: float) -> tuple[list[str], int]:
    """The final ranking for the header, as one or two lines, and its size: every place,
    best first (issue 31, item 10: the third place was left out). One line at 20 or 18
    px where it fits (the phone views had the whole ranking at 14 px, 7 px on a phone),
    else two lines; a name too long for its share of a line is cut, never a place."""
    ranks = ranked(state, edition)
    places = [f"{r.rank}. {seats.name(r.player)} {r.total}" for r in ranks]
    head = label("game_over", lang) + colon(lang)
    for size in (20, 18):
        text = head + "  ".join(places)
        if text_width(text, size, True) <= room:
            return [text], size
    size, gap = FINAL_TWO_LINES, "  "
    half = (len(places) + 1) // 2
    rows = [places[:half], places[half:]]
    lines = [(head if i == 0 else "") + gap.join(row) for i, row in enumerate(rows) if row]
    if all(text_width(line, size, True) <= room for line in lines):
        return lines, size
    # each place gets its share of its line; the name is cut to fit it
    out = []
    for i, row in enumerate(r for r in (ranks[:half], ranks[half:]) if r):
        lead = head if i == 0 else ""
        share = (room - text_width(lead, size, True)) / len(row) - text_width(gap, size, True)
        cells = []
        for r in row:
            rank, total = f"{r.rank}. ", f" {r.total}"
            name_room = share - text_width(rank + total, size, True)
            cells.append(rank + fit(seats.name(r.player), size, name_room, True) + total)
        out.append(lead + gap.join(cells))
    return out, size


# ----- offices, administration, display -----

def draw_static(im: Image.Image, edition: Edition, players: int, o: Point, lang: str,
                geo: PanelGeom = DESKTOP) -> None:
    draw = ImageDraw.Draw(im)
    ox, oy = o
    draw.rectangle((ox, oy, ox + layout.PANEL_W - 1, oy + layout.MAP_H - 1), fill=style.PANEL_BG)
    title = font(geo.title, True)
    draw.text((ox + geo.office_x, oy + 10), label("offices", lang), font=title, fill=style.INK)
    draw.text((ox + geo.admin_x, oy + 10), label("administration", lang), font=title,
              fill=style.INK)
    for i, colour in enumerate(edition.colours):
        seats = edition.seats(players, colour)
        y = oy + geo.office_y + i * geo.office_row
        draw.rectangle((ox + geo.office_x, y, ox + geo.office_x + geo.swatch_w, y + geo.seat),
                       fill=style.road(colour), outline=style.INK)
        ink = style.PAPER if colour in ("black", "purple", "red", "green") else style.INK
        draw.text((ox + geo.office_x + 6, y + geo.seat / 2), label(f"colour_{colour}", lang),
                  font=font(geo.colour_text, True), fill=ink, anchor="lm")
        for s in range(seats):
            draw.rectangle(_box(o, seat_box(i, s, geo)), fill=style.EMPTY_SEAT,
                           outline=style.FRAME, width=2)
    lobby_title, lobby_size, _x, _step = lobby_row(lang, players, geo)
    draw.multiline_text((ox + geo.admin_x, oy + geo.lobby_y + geo.lobby_h // 2), lobby_title,
                        font=font(lobby_size, True), fill=style.INK, anchor="lm", spacing=2)
    for dept in edition.departments:
        x0, _, x1, _ = _box(o, floor_box(edition, dept, 1, geo))
        draw.text(((x0 + x1) / 2, oy + geo.dept_y + geo.dept_title_h // 2 - 2), label(dept, lang),
                  font=font(geo.dept_text, True), fill=style.INK, anchor="mm")
        for floor in range(1, edition.floors + 1):
            b = _box(o, floor_box(edition, dept, floor, geo))
            draw.rectangle(b, fill=style.PAPER, outline=style.FRAME)
            draw.text((b[0] + 3, b[1] + 1), str(floor), font=font(geo.floor_text),
                      fill=style.MUTED)
    draw.text((ox + geo.display_x, oy + geo.display_y + geo.chip // 2), label("display", lang),
              font=font(geo.display_text, True), fill=style.INK, anchor="lm")


def lobby_row(lang: str, players: int, geo: PanelGeom) -> tuple[str, int, float, float]:
    """The lobby's title (one line, or two joined by a newline), its size, where the first
    marker goes and the step between markers.

    The markers follow the title ("Hall de l'Administration" ran under them), each with
    its count and a gap before the next marker, room kept for every player and a
    one-digit count. Where the title does not fit in what is left it is set smaller, down
    to LOBBY_LEAST of the geometry's size (17 px on the phone), then on two lines broken at
    a space if the row is tall enough, and only then cut."""
    right = layout.PANEL_W - 6
    half = geo.lobby_marker // 2
    tail = geo.lobby_marker * 13 // 20 + text_width("×9", geo.lobby_count, True)
    least = tail + half + 6  # from a marker's centre to the next one's
    gap = half + 5
    room = right - geo.admin_x - gap - (players - 1) * least - tail
    title = label("lobby", lang)
    floor = max(round(geo.lobby_text * LOBBY_LEAST), 11)
    sizes = range(geo.lobby_text, floor - 1, -1)
    size = next((s for s in sizes if text_width(title, s, True) <= room), None)
    if size is None:
        size, title = _two_lines(title, sizes, room, geo.lobby_h)
    width = max(text_width(line, size, True) for line in title.split("\n"))
    first = geo.admin_x + max(geo.lobby_dx, width + gap)
    step = min(geo.lobby_step, (right - first - tail) / max(1, players - 1))
    return title, size, first, step


def _two_lines(title: str, sizes: range, room: float, height: int) -> tuple[int, str]:
    """The title on two lines at the largest size that fits `room` and `height`, broken at
    the space that balances the lines; cut on one line at the least size otherwise."""
    spaces = [i for i, ch in enumerate(title) if ch == " "]
    for size in sizes:
        if 2 * size + 2 > height:
            continue
        for i in sorted(spaces, key=lambda i: abs(i - len(title) / 2)):
            lines = (title[:i], title[i + 1:])
            if max(text_width(line, size, True) for line in lines) <= room:
                return size, "\n".join(lines)
    return sizes[-1], fit(title, sizes[-1], room, True)


LOBBY_LEAST = 0.85  # the lobby title may shrink to this share of its size (phone: 20 -> 17
# px, the map's city names)


def draw_dynamic(im: Image.Image, state: State, edition: Edition, o: Point, lang: str,
                 geo: PanelGeom, seats: Seats) -> None:
    draw = ImageDraw.Draw(im)
    ox, oy = o
    for i, colour in enumerate(edition.colours):
        for s, pid in enumerate(state.offices.get(colour, ())):
            x0, y0, x1, y1 = _box(o, seat_box(i, s, geo))
            player_marker(draw, im, ((x0 + x1) / 2, (y0 + y1) / 2), geo.seat_marker,
                          seats, pid)
    # lobby: marker and count per player who has anyone there
    _title, _size, first, step = lobby_row(lang, len(state.order), geo)
    x = ox + first
    y = oy + geo.lobby_y + geo.lobby_h // 2
    # the row keeps room for "×9"; a larger count is set smaller into the same room, so
    # "×10" never runs into the next marker
    room = step - geo.lobby_marker / 2 - 5 - geo.lobby_marker * 13 // 20
    for pid in state.order:
        n = state.players[pid].lobby
        if n:
            player_marker(draw, im, (x, y), geo.lobby_marker, seats, pid)
            count = f"×{n}"
            size = next((s for s in range(geo.lobby_count, 9, -1)
                         if text_width(count, s, True) <= room), 10)
            draw_text(im, (x + geo.lobby_marker * 13 // 20, y), count, size,
                      style.INK, bold=True, anchor="lm")
            x += step
    for dept in edition.departments:
        for floor in range(1, edition.floors + 1):
            x0, y0, _, _ = _box(o, floor_box(edition, dept, floor, geo))
            k = 0
            for pid in state.order:
                n = state.players[pid].floors[dept][floor - 1]
                if n:
                    cx = x0 + geo.floor_dx // 2 + (k % 2) * geo.floor_dx
                    cy = y0 + geo.floor_dy * 11 // 20 + (k // 2) * geo.floor_dy
                    player_marker(draw, im, (cx, cy), geo.floor_marker, seats, pid)
                    draw_text(im, (cx + geo.floor_marker * 10 // 16, cy), f"{n}",
                              geo.floor_count, style.INK, bold=True, anchor="lm")
                    k += 1
    x = ox + geo.display_x + text_width(label("display", lang), geo.display_text, True) + 10
    y = oy + geo.display_y
    chip = geo.chip
    cards_x = x
    for card in state.display:
        card_chip(draw, im, (int(x), int(y), int(x) + chip, int(y) + chip), edition, card)
        x += chip + 5
    if geo.goods_row:
        x, y = cards_x, y + geo.goods_row
    else:
        x += 6
    for goods in edition.goods:
        r = geo.goods_token
        goods_token(draw, im, (x + r // 2, y + chip // 2), r, goods, goods_letter(goods, lang))
        draw_text(im, (x + r * 19 // 16, y + chip // 2), f"{state.goods.get(goods, 0)}",
                  geo.goods_text, style.INK, bold=True, anchor="lm")
        x += geo.goods_step
