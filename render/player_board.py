"""One board per player: money, staff, hand, action slots, keys, development, deliveries.

Rows, top to bottom: identity and counts; hand and the five action slots; research keys and
the development track; the delivery board and the trucks. The frame, row titles, slot names
and the development track's numbers are static; everything the game changes is dynamic.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import layout, style
from render.board_parts import (
    delivery_marks,
    draw_hand_and_slots,
    mark_whose_move,
    route_names,
    score_parts,
    score_total,
    shares_rank,
    staff_line,
    tie_break,
)
from render.fonts import font
from render.labels import colon, goods_letter, label
from render.markers import Seats, goods_token, player_marker
from render.scores import Ranked, ranked
from render.sprites import blit_at, draw_text, fit, fit_size, text_width
from rules import Edition, Player, State

Point = layout.Point

BOARD_X = 6
BOARD_Y = 270
BOARD_H = 176
BOARD_W = layout.PANEL_W - 12
ROW_HAND = 38
ROW_KEYS = 97
ROW_DELIVERY = 127
NOTE_Y = ROW_DELIVERY + 5  # the trucks' title line: route, Autobot or tie-break, 12 px
SLOT_X = 300
SLOT_W = 92
CHIP_W, CHIP_H = 18, 28
KEY_W = 27
KEY_X = 8
DEV_X = 300
DEV_W = 34
DELIVERY_W = 56
TRUCK_X = 8 + 8 * DELIVERY_W + 10
NAME_SIZES = (19, 15)  # the name shrinks this far before it is cut (at 32 characters)
STAFF_X = 8  # the staff line sits on the keys' title row, after its title


def board_origin(o: Point, seat: int) -> Point:
    return (o[0] + BOARD_X, o[1] + BOARD_Y + seat * BOARD_H)


def _board_frame(o: Point, seat: int) -> tuple[int, int, int, int]:
    bx, by = map(int, board_origin(o, seat))  # origins are whole pixels
    return (bx, by, bx + BOARD_W, by + BOARD_H - 6)


def slot_box(edition: Edition, slot: str, k: int) -> tuple[int, int, int, int]:
    """Board-local box of the k-th card space on an action slot."""
    x = SLOT_X + edition.slots.index(slot) * SLOT_W + 4 + k * (CHIP_W + 3)
    y = ROW_HAND + 14
    return (x, y, x + CHIP_W, y + CHIP_H - 4)


def lock_label(edition: Edition, lock_id: str, lang: str) -> str:
    lock = edition.locks[lock_id]
    if lock.department is None:
        return "+1"
    return f"{label(lock.department, lang)[:1]}{lock.floor}"


def place_name(edition: Edition, position: str, lang: str = "en") -> str:
    """Where a truck is, in the names players know: a section by its link's two cities
    ("Frankfurt–Würzburg"), a depot by its city ("Depot Hamburg"). Section ids ("o3.2")
    mean nothing at the table."""
    if position in edition.sections:
        link, _n = edition.sections[position]
        return f"{edition.nodes[link.a].name}–{edition.nodes[link.b].name}"
    depot = edition.depots.get(position)
    if depot is not None:
        return f"{label('depot', lang)} {edition.nodes[depot.node].name}"
    return position


def draw_static(im: Image.Image, edition: Edition, players: int, o: Point, lang: str) -> None:
    draw = ImageDraw.Draw(im)
    small = font(11)
    for seat in range(players):
        bx, by = board_origin(o, seat)
        draw.rounded_rectangle(_board_frame(o, seat), radius=6, fill=style.PAPER,
                               outline=style.FRAME, width=2)
        draw.text((bx + 8, by + ROW_HAND), label("hand", lang), font=small, fill=style.MUTED)
        for i, slot in enumerate(edition.slots):
            x = bx + SLOT_X + i * SLOT_W
            draw.text((x + 4, by + ROW_HAND), label(f"slot_{slot}", lang), font=small,
                      fill=style.MUTED)
        draw.text((bx + 8, by + ROW_KEYS - 18), label("keys", lang), font=small,
                  fill=style.MUTED)
        for i in range(len(edition.locks)):
            x = bx + KEY_X + i * KEY_W
            draw.rectangle((x, by + ROW_KEYS - 4, x + KEY_W - 3, by + ROW_KEYS + 18),
                           outline=style.FRAME)
        draw.text((bx + DEV_X, by + ROW_KEYS - 18), label("development", lang), font=small,
                  fill=style.MUTED)
        for space in range(len(edition.development_track)):
            x = bx + DEV_X + space * (DEV_W - 2)
            draw.rectangle((x, by + ROW_KEYS - 4, x + DEV_W - 4, by + ROW_KEYS + 18),
                           outline=style.FRAME, fill=style.PANEL_BG)
            draw.text((x + 2, by + ROW_KEYS - 3), str(space), font=font(9), fill=style.MUTED)
        for i, code in enumerate(edition.countries):
            x = bx + 8 + i * DELIVERY_W
            draw.rectangle((x, by + ROW_DELIVERY, x + DELIVERY_W - 3, by + ROW_DELIVERY + 40),
                           outline=style.FRAME, fill=style.PANEL_BG)
            draw.text((x + 3, by + ROW_DELIVERY + 1), code.upper(), font=font(11, True),
                      fill=style.INK)
        draw.text((bx + TRUCK_X, by + ROW_DELIVERY), label("trucks", lang), font=small,
                  fill=style.MUTED)


def draw_dynamic(im: Image.Image, state: State, edition: Edition, o: Point, lang: str,
                 seats: Seats) -> None:
    draw = ImageDraw.Draw(im)
    mark_whose_move(draw, state, lambda seat: _board_frame(o, seat), radius=6, width=4)
    ranks = ranked(state, edition)
    score = {r.player: r for r in ranks}
    for seat, pid in enumerate(state.order):
        bx, by = board_origin(o, seat)
        player = state.players[pid]
        left = _identity(draw, im, state, edition, player, (bx, by), lang, seats, score[pid])
        _score(im, state, score[pid], ranks, (bx, by), lang, left)
        _hand_and_slots(draw, im, edition, player, (bx, by))
        _keys_and_development(draw, im, seats, edition, player, (bx, by), lang)
        _deliveries_and_trucks(draw, im, edition, player, (bx, by), lang)


def _identity(draw: ImageDraw.ImageDraw, im: Image.Image, state: State, edition: Edition,
              player: Player, b: Point, lang: str, seats: Seats, r: Ranked) -> float:
    """The name and money on the identity row, the points right of them (_score); the
    staff line on the keys' title row. Returns where the points may start.

    The name has the room the money and every department's points leave it, and shrinks
    before it is cut (issue 31, item 10: names and the last department were cut off)."""
    bx, by = b
    y = by + 18
    player_marker(draw, im, (bx + 20, y), 24, seats, player.id)
    money = f"{player.money} DM"
    money_w = text_width(money, 19, True)
    right = bx + BOARD_W - 8 - text_width(score_total(r, lang, state.phase == "over"), 17, True)
    room = right - 8 - text_width(score_parts(r, lang), 12) - 14 - money_w - 12 - (bx + 38)
    name, size = fit_size(seats.name(player.id), NAME_SIZES[0], room, True, NAME_SIZES[1])
    draw_text(im, (bx + 38, y), name, size, style.INK, bold=True, anchor="lm")
    x = bx + 38 + text_width(name, size, True) + 12
    draw_text(im, (x, y), money, 19, style.INK, bold=True, anchor="lm")
    left = x + money_w + 14
    staff = staff_line(player, lang)
    sx = bx + STAFF_X + text_width(label("keys", lang), 11) + 12
    shown, size = fit_size(staff, 12, bx + DEV_X - 10 - sx, smallest=10)
    draw_text(im, (sx, by + ROW_KEYS - 11), shown, size, style.INK, anchor="lm")
    # the trucks' title line holds the route, the Autobot's state, or at the end the
    # tie-break (_score)
    over = state.phase == "over"
    note = ""
    if state.solo is not None and player.id == state.order[0] and not over:
        note = solo_line(state, lang)
    elif player.route and not over:
        names = route_names(edition, player)
        done = " " + "✓" * len(player.route_rewards) if player.route_rewards else ""
        note = f"{label('route', lang)}{colon(lang)}{names}{done}"
    if note:
        x = bx + TRUCK_X + text_width(label("trucks", lang), 11) + 10
        shown, size = fit_size(note, 12, BOARD_W - 8 - x + bx)
        draw_text(im, (x, by + NOTE_Y), shown, size, style.MUTED, anchor="lm")
    if player.pending_promotions:
        draw_text(im, (bx + BOARD_W - 8, by + ROW_HAND - 4),
                  f"{player.pending_promotions} {label('promotions_owed', lang)}", 12,
                  style.ROAD["red"], bold=True, anchor="rs")
    return left


def solo_line(state: State, lang: str) -> str:
    """The Autobot's level and board, its last colour and task, and its task queue."""
    solo = state.solo
    assert solo is not None
    parts = [f"{label('solo_level', lang)} {solo.level} ({label('solo_' + solo.board, lang)})"]
    if solo.colour:  # the colour card it drew last, named as the board's colours are
        parts.append(label(f"colour_{solo.colour}", lang))
    if solo.task:
        parts.append(f"{label('solo_task', lang)} {solo.task.upper()}")
    queue = " ".join(t.upper() for t in solo.task_queue) or "-"
    parts.append(f"{label('solo_queue', lang)} {queue}")
    return " · ".join(parts)


def _score(im: Image.Image, state: State, r: Ranked, ranks: list[Ranked], b: Point,
           lang: str, left: float) -> None:
    """The points right-aligned on the identity row: the parts, then the total in bold;
    at the end the rank, and where the trucks' title line is free, the tie-break."""
    bx, by = b
    y = by + 18
    over = state.phase == "over"
    right = bx + BOARD_W - 8
    total = score_total(r, lang, over)
    draw_text(im, (right, y), total, 17, style.INK, bold=True, anchor="rm")
    parts_right = right - text_width(total, 17, True) - 8
    parts, size = fit_size(score_parts(r, lang), 12, parts_right - left, smallest=11)
    draw_text(im, (parts_right, y + 1), parts, size, style.INK, anchor="rm")
    if over:
        note = tie_break(r, lang) or (label("tie_shared", lang) if shares_rank(r, ranks) else "")
        x = bx + TRUCK_X + text_width(label("trucks", lang), 11) + 10
        draw_text(im, (x, by + NOTE_Y), fit(note, 12, BOARD_W - 8 - x + bx), 12,
                  style.ROAD["red"], bold=True, anchor="lm")


def _hand_and_slots(draw: ImageDraw.ImageDraw, im: Image.Image, edition: Edition,
                    player: Player, b: Point) -> None:
    step = min(CHIP_W + 3, (SLOT_X - 48) // max(1, len(player.hand)))
    draw_hand_and_slots(draw, im, edition, player, b, hand=(40, ROW_HAND), step=step,
                        chip=(CHIP_W, CHIP_H), slot_box=slot_box, frame=1)


def _keys_and_development(draw: ImageDraw.ImageDraw, im: Image.Image, seats: Seats,
                          edition: Edition, player: Player, b: Point, lang: str) -> None:
    bx, by = b
    colour = style.PLAYER_COLOURS[seats.seat(player.id)]
    ink = style.PLAYER_INK[seats.seat(player.id)]
    y = by + ROW_KEYS + 7
    for i, lock_id in enumerate(edition.locks):
        x = bx + KEY_X + i * KEY_W
        text = lock_label(edition, lock_id, lang)
        if lock_id in player.keys:
            draw.rectangle((x + 1, by + ROW_KEYS - 3, x + KEY_W - 4, by + ROW_KEYS + 17),
                           fill=colour)
            draw_text(im, (x + (KEY_W - 3) / 2, y), text, 11, ink, bold=True, anchor="mm")
        else:
            draw_text(im, (x + (KEY_W - 3) / 2, y), text, 11, style.FRAME, anchor="mm")
    space = min(player.development, len(edition.development_track) - 1)
    x = bx + DEV_X + space * (DEV_W - 2) + (DEV_W - 4) / 2
    player_marker(draw, im, (x, y + 2), 16, seats, player.id)


def truck_row_y(n: int) -> int:
    """Board-local middle of truck n's line (13 px), below the title line (the route note
    ran into truck 1) and inside the board's frame."""
    return ROW_DELIVERY + 20 + (n - 1) * 15


@lru_cache(maxsize=32)
def _delivery_strip(edition: Edition, board: int, lang: str) -> Image.Image:
    """The delivery board as a player's board side prints it, one sprite (board-local from
    (0, ROW_DELIVERY)): per country its DM and preferred goods and three empty spaces.
    The same all game, so a board pastes it once instead of drawing some forty pieces."""
    # drawn in RGB on the countries' frames as draw_static draws them, so every soft text
    # edge is blended exactly as on the board, then cut out to the frames' insides
    size = (8 + len(edition.countries) * DELIVERY_W, 41)
    im = Image.new("RGB", size, style.PANEL_BG)
    cut = Image.new("L", size, 0)
    draw = ImageDraw.Draw(im)
    for i, code in enumerate(edition.countries):
        x = 8 + i * DELIVERY_W
        draw.rectangle((x, 0, x + DELIVERY_W - 3, 40), outline=style.FRAME, fill=style.PANEL_BG)
        # the inside only: the frame's outline stays the background's (the frame of whose
        # move it is may lie over it)
        ImageDraw.Draw(cut).rectangle((x + 1, 1, x + DELIVERY_W - 4, 39), fill=255)
        draw.text((x + 3, 1), code.upper(), font=font(11, True), fill=style.INK)
        row = edition.delivery_row(board, code)
        draw_text(im, (x + DELIVERY_W - 6, 11), f"{row.dm}", 11, style.INK, anchor="rs")
        goods_token(draw, im, (x + 9, 20), 11, row.goods, goods_letter(row.goods, lang))
        for k in range(3):
            mx = x + 4 + k * 17
            draw.rectangle((mx, 28, mx + 13, 38), fill=style.PAPER, outline=style.FRAME)
    out = im.convert("RGBA")
    out.putalpha(cut)
    return out


def _deliveries_and_trucks(draw: ImageDraw.ImageDraw, im: Image.Image, edition: Edition,
                           player: Player, b: Point, lang: str) -> None:
    """Per country: the row's DM and preferred goods, then which of its spaces hold tokens.

    The three spaces are drawn as small boxes, goods / DM / pharma, filled where a delivery
    token lies; a goods token whose bonus is still unclaimed is marked with a star.
    """
    bx, by = b
    y = by + ROW_DELIVERY
    blit_at(im, _delivery_strip(edition, player.board, lang), (bx, y))
    for i, code in enumerate(edition.countries):
        x = bx + 8 + i * DELIVERY_W
        for k, mark in enumerate(delivery_marks(player, code)):
            if not mark:  # the empty space is in the strip
                continue
            mx = x + 4 + k * 17
            draw.rectangle((mx, y + 28, mx + 13, y + 38), fill=style.INK, outline=style.FRAME)
            if mark == "unused":
                draw_text(im, (mx + 7, y + 33), "★", 9, style.HIGHLIGHT, anchor="mm")
    x = bx + TRUCK_X
    for n, truck in enumerate(player.trucks, start=1):
        ty = by + truck_row_y(n)
        if truck is None:
            draw_text(im, (x, ty), f"{n}{colon(lang)}{label('off_map', lang)}", 13, style.MUTED,
                      anchor="lm")
        else:
            draw_text(im, (x, ty), f"{n}:", 13, style.INK, anchor="lm")
            goods_token(draw, im, (x + 22, ty), 14, truck.goods, goods_letter(truck.goods, lang))
            draw_text(im, (x + 34, ty), place_name(edition, truck.position, lang), 13,
                      style.INK, bold=True, anchor="lm")
