"""The players view's boards: one card per player, stacked, sized to read on a phone.

The players view is opened on a phone at ~400 px wide, about half its width, so nothing a
player must read is set smaller than 18 px (9 px there) and the numbers that decide a turn
(money, staff, development) are 24–28 px. Compared with the desktop board (player_board.py)
each card trades width for height: every kind of thing gets its own row, the development
track shows its numbers at full size, and trucks say where they are in city names.

Rows of a card, top to bottom: identity (marker, name, money, staff, stations); route card
and promotions owed; hand and the five action slots; research keys and development;
delivery board; trucks. Static parts (frames, row titles, empty spaces) are cached in the
background; what the game changes is drawn each board. Coordinates are card-local.
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
from render.labels import colon, goods_letter, label
from render.markers import Seats, goods_token, player_marker
from render.player_board import lock_label, place_name
from render.scores import Ranked, ranked
from render.sprites import blit_at, draw_text, fit, fit_size, text_width
from rules import Edition, Player, State

Point = layout.Point

CARDS_Y = layout.PLAYERS_TOP  # below the shared boards, panel-local
CARD_X = 6
CARD_W = layout.PANEL_W - 12
CARD_H = layout.PLAYER_CARD_H
SMALL = 18  # row titles and slot names: the least anything is set
TEXT = 21
BIG = 28

ROW_ID = 24  # centre line of the identity row
ROW_ROUTE = 58
ROW_SCORE = 90  # the points, part by part, and the total
SHIFT = 32  # the rows below the score row moved down by its height
ROW_HAND = 80 + SHIFT  # titles; chips below
CHIP_W, CHIP_H = 28, 40
SLOT_X = 286
SLOT_W = 96
ROW_KEYS = 154 + SHIFT  # titles; boxes below
KEY_W = 37
KEY_H = 32
DEV_X = 352
DEV_W = 34
ROW_DELIVERY = 218 + SHIFT
DELIVERY_W = 94
DELIVERY_H = 64
ROW_TRUCKS = 296 + SHIFT


def card_origin(o: Point, seat: int) -> Point:
    return (o[0] + CARD_X, o[1] + CARDS_Y + seat * CARD_H)


def _card_frame(o: Point, seat: int) -> tuple[int, int, int, int]:
    bx, by = map(int, card_origin(o, seat))  # origins are whole pixels
    return (bx, by, bx + CARD_W, by + CARD_H - 8)


def slot_box(edition: Edition, slot: str, k: int) -> tuple[int, int, int, int]:
    """Card-local box of the k-th card space on an action slot."""
    x = SLOT_X + edition.slots.index(slot) * SLOT_W + k * (CHIP_W + 4)
    y = ROW_HAND + SMALL + 6
    return (x, y, x + CHIP_W, y + CHIP_H)


def dev_box(space: int) -> tuple[int, int, int, int]:
    x = DEV_X + space * (DEV_W - 1)
    y = ROW_KEYS + SMALL + 6
    return (x, y, x + DEV_W - 3, y + KEY_H)


def draw_static(im: Image.Image, edition: Edition, players: int, o: Point, lang: str) -> None:
    draw = ImageDraw.Draw(im)
    for seat in range(players):
        bx, by = card_origin(o, seat)
        draw.rounded_rectangle(_card_frame(o, seat), radius=8, fill=style.PAPER,
                               outline=style.FRAME, width=2)

        def title(x: float, y: float, key: str, bx: float = bx, by: float = by) -> None:
            draw_text(im, (bx + x, by + y), label(key, lang), SMALL, style.MUTED, anchor="lm")

        title(10, ROW_HAND + SMALL / 2, "hand")
        for i, slot in enumerate(edition.slots):
            title(SLOT_X + i * SLOT_W, ROW_HAND + SMALL / 2, f"slot_{slot}")
        title(10, ROW_KEYS + SMALL / 2, "keys")
        for i in range(len(edition.locks)):
            x = bx + 10 + i * KEY_W
            y = by + ROW_KEYS + SMALL + 6
            draw.rectangle((x, y, x + KEY_W - 4, y + KEY_H), outline=style.FRAME)
        title(DEV_X, ROW_KEYS + SMALL / 2, "development")
        for space in range(len(edition.development_track)):
            x0, y0, x1, y1 = dev_box(space)
            draw.rectangle((bx + x0, by + y0, bx + x1, by + y1), outline=style.FRAME,
                           fill=style.PANEL_BG)
        for i, code in enumerate(edition.countries):
            x = bx + 10 + i * DELIVERY_W
            y = by + ROW_DELIVERY
            draw.rectangle((x, y, x + DELIVERY_W - 4, y + DELIVERY_H), outline=style.FRAME,
                           fill=style.PANEL_BG)
            draw_text(im, (x + 5, y + 13), code.upper(), TEXT, style.INK, bold=True,
                      anchor="lm")
        title(10, ROW_TRUCKS - 4, "trucks")


def draw_dynamic(im: Image.Image, state: State, edition: Edition, o: Point, lang: str,
                 seats: Seats) -> None:
    draw = ImageDraw.Draw(im)
    mark_whose_move(draw, state, lambda seat: _card_frame(o, seat), radius=8, width=5)
    draw_cards(im, state, edition, o, lang, seats, state.order)


def draw_cards(im: Image.Image, state: State, edition: Edition, o: Point, lang: str,
               seats: Seats, who: tuple[str, ...]) -> None:
    """The cards of the players `who`, one below another from `o` (the turn card draws
    one, framed in its player's colour)."""
    draw = ImageDraw.Draw(im)
    ranks = ranked(state, edition)
    score = {r.player: r for r in ranks}
    for seat, pid in enumerate(who):
        bx, by = card_origin(o, seat)
        if len(who) == 1:
            draw.rounded_rectangle(_card_frame(o, seat), radius=8, width=5,
                                   outline=style.PLAYER_COLOURS[seats.seat(pid)])
        player = state.players[pid]
        b = (bx, by)
        _identity(draw, im, state, edition, player, b, lang, seats)
        _score(im, state, score[pid], ranks, b, lang)
        _hand_and_slots(draw, im, edition, player, b)
        _keys_and_development(draw, im, seats, edition, player, b, lang)
        _deliveries(draw, im, edition, player, b, lang)
        _trucks(draw, im, edition, player, b, lang)


def _identity(draw: ImageDraw.ImageDraw, im: Image.Image, state: State, edition: Edition,
              player: Player, b: Point, lang: str, seats: Seats) -> None:
    """The name and money on the identity row, the whole name where it fits at 22 px or
    more (issue 31, item 10: names were cut at 200 px); the route (or the Autobot's line,
    or at the end the tie-break) on the row below, the staff line right of it."""
    bx, by = b
    y = by + ROW_ID
    player_marker(draw, im, (bx + 24, y), 32, seats, player.id)
    money = f"{player.money} DM"
    room = CARD_W - 12 - 46 - 18 - text_width(money, BIG, True)
    name, size = fit_size(seats.name(player.id), BIG, room, True, smallest=22)
    draw_text(im, (bx + 46, y), name, size, style.INK, bold=True, anchor="lm")
    x = bx + 46 + text_width(name, size, True) + 18
    draw_text(im, (x, y), money, BIG, style.INK, bold=True, anchor="lm")
    y = by + ROW_ROUTE
    over = state.phase == "over"  # then the row holds the tie-break (_score)
    left = ""
    if state.solo is not None and player.id == state.order[0] and not over:
        from render.player_board import solo_line

        left = solo_line(state, lang)
    elif player.route and not over:
        names = route_names(edition, player)
        done = " " + "✓" * len(player.route_rewards) if player.route_rewards else ""
        left = f"{label('route', lang)}{colon(lang)}{names}{done}"
    right = bx + CARD_W - 12
    if player.pending_promotions:
        owed = f"{player.pending_promotions} {label('promotions_owed', lang)}"
        draw_text(im, (right, y), owed, TEXT, style.ROAD["red"], bold=True, anchor="rm")
        right -= text_width(owed, TEXT, True) + 16
    staff, staff_size = fit_size(staff_line(player, lang), TEXT, right - bx - 12, smallest=SMALL)
    draw_text(im, (right, y), staff, staff_size, style.INK, anchor="rm")
    if left:  # what is left of the row, the staff line kept whole
        room = right - text_width(staff, staff_size) - 16 - (bx + 12)
        shown, left_size = fit_size(left, TEXT, room, smallest=SMALL)
        draw_text(im, (bx + 12, y), shown, left_size, style.INK, anchor="lm")


def _score(im: Image.Image, state: State, r: Ranked, ranks: list[Ranked], b: Point,
           lang: str) -> None:
    """The score row: "Points: Lob 3 · Net 8 …" and the total on the right; at the end the
    rank, and on the route's row (the route no longer matters) the tie-break."""
    bx, by = b
    y = by + ROW_SCORE
    over = state.phase == "over"
    right = bx + CARD_W - 12
    total = score_total(r, lang, over)
    draw_text(im, (right, y), total, BIG, style.INK, bold=True, anchor="rm")
    room = right - text_width(total, BIG, True) - 16 - (bx + 12)
    parts = f"{label('points', lang)}{colon(lang)}{score_parts(r, lang)}"
    size = TEXT if text_width(parts, TEXT) <= room else SMALL
    draw_text(im, (bx + 12, y), fit(parts, size, room), size, style.INK, anchor="lm")
    if over:
        note = tie_break(r, lang) or (label("tie_shared", lang) if shares_rank(r, ranks) else "")
        # left of the staff line, which ends the row (_identity)
        staff = text_width(staff_line(state.players[r.player], lang), SMALL)
        shown, size = fit_size(note, TEXT, CARD_W - 24 - staff - 16, True, smallest=SMALL)
        draw_text(im, (bx + 12, by + ROW_ROUTE), shown, size, style.ROAD["red"], bold=True,
                  anchor="lm")


def _hand_and_slots(draw: ImageDraw.ImageDraw, im: Image.Image, edition: Edition,
                    player: Player, b: Point) -> None:
    # cards overlap when the hand outgrows its room, every chip's left edge still shows
    step = min(CHIP_W + 4, (SLOT_X - 24 - CHIP_W) // max(1, len(player.hand) - 1))
    draw_hand_and_slots(draw, im, edition, player, b, hand=(10, ROW_HAND + SMALL + 6),
                        step=step, chip=(CHIP_W, CHIP_H), slot_box=slot_box, frame=2)


def _keys_and_development(draw: ImageDraw.ImageDraw, im: Image.Image, seats: Seats,
                          edition: Edition, player: Player, b: Point, lang: str) -> None:
    bx, by = b
    seat = seats.seat(player.id)
    colour, ink = style.PLAYER_COLOURS[seat], style.PLAYER_INK[seat]
    y0 = by + ROW_KEYS + SMALL + 6
    for i, lock_id in enumerate(edition.locks):
        x = bx + 10 + i * KEY_W
        text = lock_label(edition, lock_id, lang)
        centre = (x + (KEY_W - 4) / 2, y0 + KEY_H / 2)
        if lock_id in player.keys:
            draw.rectangle((x + 1, y0 + 1, x + KEY_W - 5, y0 + KEY_H - 1), fill=colour)
            draw_text(im, centre, text, SMALL, ink, bold=True, anchor="mm")
        else:
            draw_text(im, centre, text, SMALL, style.FRAME, anchor="mm")
    space = min(player.development, len(edition.development_track) - 1)
    for s in range(len(edition.development_track)):
        x0, y1, x1, y2 = dev_box(s)
        centre = (bx + (x0 + x1) / 2, by + (y1 + y2) / 2)
        if s == space:
            player_marker(draw, im, centre, 26, seats, player.id)
        else:
            draw_text(im, centre, str(s), SMALL, style.MUTED, anchor="mm")


@lru_cache(maxsize=32)
def _delivery_strip(edition: Edition, board: int, lang: str) -> Image.Image:
    """The delivery row as a player's board side prints it, one sprite (card-local from
    (0, ROW_DELIVERY)): per country its code, DM, preferred goods and three empty spaces.
    The same all game: a card pastes it once instead of drawing some forty pieces. Drawn
    in RGB on the frames as draw_static draws them (every soft edge blended as on the
    card), then cut out to the frames' insides (their outlines stay the background's)."""
    size = (10 + len(edition.countries) * DELIVERY_W, DELIVERY_H + 1)
    im = Image.new("RGB", size, style.PANEL_BG)
    cut = Image.new("L", size, 0)
    draw = ImageDraw.Draw(im)
    for i, code in enumerate(edition.countries):
        x = 10 + i * DELIVERY_W
        draw.rectangle((x, 0, x + DELIVERY_W - 4, DELIVERY_H), outline=style.FRAME,
                       fill=style.PANEL_BG)
        ImageDraw.Draw(cut).rectangle((x + 1, 1, x + DELIVERY_W - 5, DELIVERY_H - 1), fill=255)
        draw_text(im, (x + 5, 13), code.upper(), TEXT, style.INK, bold=True, anchor="lm")
        row = edition.delivery_row(board, code)
        draw_text(im, (x + DELIVERY_W - 10, 13), f"{row.dm}", TEXT, style.INK, anchor="rm")
        goods_token(draw, im, (x + 58, 13), 18, row.goods, goods_letter(row.goods, lang))
        for k in range(3):
            mx = x + 5 + k * 29
            draw.rectangle((mx, 32, mx + 25, DELIVERY_H - 6), fill=style.PAPER,
                           outline=style.FRAME)
    out = im.convert("RGBA")
    out.putalpha(cut)
    return out


def _deliveries(draw: ImageDraw.ImageDraw, im: Image.Image, edition: Edition, player: Player,
                b: Point, lang: str) -> None:
    """Per country: its DM and preferred goods, then the three spaces, goods / DM / pharma,
    filled where a delivery token lies; a star marks a goods bonus still to claim."""
    bx, by = b
    y = by + ROW_DELIVERY
    blit_at(im, _delivery_strip(edition, player.board, lang), (bx, y))
    for i, code in enumerate(edition.countries):
        x = bx + 10 + i * DELIVERY_W
        for k, mark in enumerate(delivery_marks(player, code)):
            if not mark:  # the empty space is in the strip
                continue
            mx = x + 5 + k * 29
            box = (mx, y + 32, mx + 25, y + DELIVERY_H - 6)
            draw.rectangle(box, fill=style.INK, outline=style.FRAME)
            if mark == "unused":
                draw_text(im, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "★", SMALL,
                          style.HIGHLIGHT, anchor="mm")


def _trucks(draw: ImageDraw.ImageDraw, im: Image.Image, edition: Edition, player: Player,
            b: Point, lang: str) -> None:
    """One line per truck: its goods token and name, then where it is in city names."""
    bx, by = b
    x = bx + 10 + text_width(label("trucks", lang), SMALL) + 14
    for n, truck in enumerate(player.trucks):
        y = by + ROW_TRUCKS - 4 + n * 28
        if truck is None:
            off = f"{n + 1}{colon(lang)}{label('off_map', lang)}"
            draw_text(im, (x, y), off, TEXT, style.MUTED, anchor="lm")
            continue
        draw_text(im, (x, y), f"{n + 1}:", TEXT, style.INK, anchor="lm")
        goods_token(draw, im, (x + 36, y), 22, truck.goods, goods_letter(truck.goods, lang))
        where = place_name(edition, truck.position, lang)
        text = f"{label('goods_' + truck.goods, lang)} · {where}"
        # "Électroménager · Arnhem (NL)–Oberhausen" ran past the card's edge
        shown, size = fit_size(text, TEXT, bx + CARD_W - 12 - (x + 54), True, smallest=SMALL)
        draw_text(im, (x + 54, y), shown, size, style.INK, bold=True, anchor="lm")
