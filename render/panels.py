"""The header (era, supply, whose decision) and the shared boards beside the map.

Shared boards: the seven construction offices with their seats, the administration
building (lobby and the departments' floors), the card display and the goods supply.
Each has a static part (frames, titles, empty seats) for the cached background and a
dynamic part drawn over it. Coordinates are panel-local; `o` is the panel's top-left.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import layout, style
from render.fonts import font
from render.labels import goods_letter, label
from render.markers import card_chip, goods_token, player_marker
from render.sprites import draw_text, text_width
from rules import pending_decision, scores
from rules.model import Edition
from rules.state import State

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


def seat_box(colour_index: int, seat: int) -> tuple[int, int, int, int]:
    """Panel-local box of one office seat (for drawing and tests)."""
    x = SEAT_X + seat * (SEAT + 4)
    y = OFFICE_Y + colour_index * OFFICE_ROW
    return (x, y, x + SEAT, y + SEAT)


def floor_box(edition: Edition, dept: str, floor: int) -> tuple[int, int, int, int]:
    i = edition.departments.index(dept)
    x = ADMIN_X + i * (DEPT_W + 2)
    y = DEPT_Y + 20 + (edition.floors - floor) * FLOOR_H
    return (x, y, x + DEPT_W, y + FLOOR_H - 2)


def _box(o: Point, b: tuple[int, int, int, int]) -> tuple[float, float, float, float]:
    return (b[0] + o[0], b[1] + o[1], b[2] + o[0], b[3] + o[1])


# ----- header -----

def draw_header_static(im: Image.Image, width: int) -> None:
    ImageDraw.Draw(im).rectangle((0, 0, width - 1, layout.HEADER_H - 1), fill=style.HEADER_BG)


def draw_header(im: Image.Image, state: State, edition: Edition, lang: str) -> None:
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
        pts = scores(state)
        text = label("game_over", lang) + ": " + "  ".join(
            f"{pid} {pts[pid]}" for pid in sorted(state.order, key=lambda p: -pts[p]))
        draw_text(im, (x, y), text, 17, style.HIGHLIGHT, bold=True, anchor="lm")
        return
    # the one thing the table waits for, as large as the width allows: the map and players
    # views are shown ~400 px wide on a phone, where 18 px text shrinks to 9 px
    draw.rounded_rectangle((x - 4, 5, x + 30, layout.HEADER_H - 6), radius=5, fill=style.PAPER)
    player_marker(draw, im, (x + 13, y), 26, state.order, decision.player)
    x += 38
    text = f"{decision.player}: {label('decide_' + decision.kind, lang)}"
    if state.phase == "final":
        text += f" ({label('final_round', lang)})"
    room = im.width - x - 8
    size = next((s for s in (26, 24, 22, 20, 18) if text_width(text, s, True) <= room), 16)
    draw_text(im, (x, y), text, size, style.HIGHLIGHT, bold=True, anchor="lm")


# ----- offices, administration, display -----

def draw_static(im: Image.Image, edition: Edition, players: int, o: Point, lang: str) -> None:
    draw = ImageDraw.Draw(im)
    ox, oy = o
    draw.rectangle((ox, oy, ox + layout.PANEL_W - 1, oy + layout.MAP_H - 1), fill=style.PANEL_BG)
    title = font(15, True)
    draw.text((ox + OFFICE_X, oy + 10), label("offices", lang), font=title, fill=style.INK)
    draw.text((ox + ADMIN_X, oy + 10), label("administration", lang), font=title,
              fill=style.INK)
    seats = edition.seats(players)
    for i, colour in enumerate(edition.colours):
        y = oy + OFFICE_Y + i * OFFICE_ROW
        draw.rectangle((ox + OFFICE_X, y, ox + OFFICE_X + SWATCH_W, y + SEAT),
                       fill=style.road(colour), outline=style.INK)
        ink = style.PAPER if colour in ("black", "purple", "red", "green") else style.INK
        draw.text((ox + OFFICE_X + 6, y + SEAT / 2), label(f"colour_{colour}", lang),
                  font=font(13, True), fill=ink, anchor="lm")
        for s in range(seats):
            draw.rectangle(_box(o, seat_box(i, s)), fill=style.EMPTY_SEAT, outline=style.FRAME,
                           width=2)
    draw.text((ox + ADMIN_X, oy + LOBBY_Y + 13), label("lobby", lang), font=font(14, True),
              fill=style.INK, anchor="lm")
    for dept in edition.departments:
        x0, _, x1, _ = _box(o, floor_box(edition, dept, 1))
        draw.text(((x0 + x1) / 2, oy + DEPT_Y + 8), label(dept, lang), font=font(13, True),
                  fill=style.INK, anchor="mm")
        for floor in range(1, edition.floors + 1):
            b = _box(o, floor_box(edition, dept, floor))
            draw.rectangle(b, fill=style.PAPER, outline=style.FRAME)
            draw.text((b[0] + 3, b[1] + 1), str(floor), font=font(10), fill=style.MUTED)
    draw.text((ox + ADMIN_X, oy + DISPLAY_Y + 13), label("display", lang), font=font(13, True),
              fill=style.INK, anchor="lm")


def draw_dynamic(im: Image.Image, state: State, edition: Edition, o: Point, lang: str) -> None:
    draw = ImageDraw.Draw(im)
    ox, oy = o
    for i, colour in enumerate(edition.colours):
        for s, pid in enumerate(state.offices.get(colour, ())):
            x0, y0, x1, y1 = _box(o, seat_box(i, s))
            player_marker(draw, im, ((x0 + x1) / 2, (y0 + y1) / 2), 20, state.order, pid)
    # lobby: marker and count per player who has anyone there
    x = ox + ADMIN_X + 70
    for pid in state.order:
        n = state.players[pid].lobby
        if n:
            player_marker(draw, im, (x, oy + LOBBY_Y + 13), 20, state.order, pid)
            draw_text(im, (x + 13, oy + LOBBY_Y + 13), f"×{n}", 15, style.INK, bold=True,
                      anchor="lm")
            x += 62
    for dept in edition.departments:
        for floor in range(1, edition.floors + 1):
            x0, y0, _, _ = _box(o, floor_box(edition, dept, floor))
            k = 0
            for pid in state.order:
                n = state.players[pid].floors[dept][floor - 1]
                if n:
                    cx = x0 + 22 + (k % 2) * 44
                    cy = y0 + 11 + (k // 2) * 20
                    player_marker(draw, im, (cx, cy), 16, state.order, pid)
                    draw_text(im, (cx + 10, cy), f"{n}", 13, style.INK, bold=True, anchor="lm")
                    k += 1
    x = ox + ADMIN_X + text_width(label("display", lang), 13, True) + 10
    y = oy + DISPLAY_Y
    for card in state.display:
        card_chip(draw, im, (int(x), y, int(x) + 26, y + 26), edition, card)
        x += 31
    x += 6
    for goods in edition.goods:
        goods_token(draw, im, (x + 8, y + 13), 16, goods, goods_letter(goods, lang))
        draw_text(im, (x + 19, y + 13), f"{state.goods.get(goods, 0)}", 14, style.INK,
                  bold=True, anchor="lm")
        x += 35
