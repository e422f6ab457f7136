"""Small pieces drawn in many places: player markers, card chips, goods tokens.

A player marker is the player's colour *and* shape *and* initial, so it can be told apart
without colour vision (seat order fixes colour and shape for the whole game).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import style
from render.fonts import draw_text
from rules.model import Edition

RGB = style.RGB


@lru_cache(maxsize=64)
def initials(order: tuple[str, ...]) -> dict[str, str]:
    """One letter per player, two where first letters clash ("An", "Al")."""
    first = [pid[:1].upper() or "?" for pid in order]
    out = {}
    for pid, letter in zip(order, first, strict=True):
        out[pid] = (pid[:2].capitalize() if first.count(letter) > 1 else letter) or "?"
    return out


def seat_of(order: tuple[str, ...], pid: str) -> int:
    return order.index(pid) % len(style.PLAYER_COLOURS)


def player_marker(draw: ImageDraw.ImageDraw, im: Image.Image, centre: tuple[float, float],
                  size: int, order: tuple[str, ...], pid: str) -> None:
    """The player's shape in their colour with their initial, outlined in ink."""
    seat = seat_of(order, pid)
    colour, ink, shape = (style.PLAYER_COLOURS[seat], style.PLAYER_INK[seat],
                          style.PLAYER_SHAPES[seat])
    x, y = centre
    r = size / 2
    if shape == "circle":
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=style.INK, width=1)
    elif shape == "square":
        q = r * 0.9
        draw.rectangle((x - q, y - q, x + q, y + q), fill=colour, outline=style.INK, width=1)
    elif shape == "diamond":
        r2 = r * 1.15
        draw.polygon([(x, y - r2), (x + r2, y), (x, y + r2), (x - r2, y)], fill=colour,
                     outline=style.INK, width=1)
    else:  # triangle, pointing up; the letter sits low where the triangle is wide
        r2 = r * 1.25
        draw.polygon([(x, y - r2), (x + r2, y + r2 * 0.75), (x - r2, y + r2 * 0.75)],
                     fill=colour, outline=style.INK, width=1)
        y += r * 0.25
    letter = initials(order)[pid]
    text_size = max(8, int(size * (0.62 if len(letter) == 1 else 0.5)))
    draw_text(im, (x, y), letter, text_size, ink, bold=True, anchor="mm")


def card_chip(draw: ImageDraw.ImageDraw, im: Image.Image, box: tuple[int, int, int, int],
              edition: Edition, card_id: str) -> None:
    """A card as a small chip: its colour(s) side by side, '*' for wild, '+' for extra build."""
    card = edition.cards.get(card_id)
    x0, y0, x1, y1 = box
    colours = card.colours if card is not None else ("?",)
    if card is not None and card.wild:
        bands = list(style.ROAD.values())
        w = (x1 - x0) / len(bands)
        for i, c in enumerate(bands):
            draw.rectangle((x0 + i * w, y0, x0 + (i + 1) * w, y1), fill=c)
        draw_text(im, ((x0 + x1) / 2, (y0 + y1) / 2), "*", 16, style.INK, bold=True,
                  anchor="mm")
    else:
        w = (x1 - x0) / len(colours)
        for i, c in enumerate(colours):
            draw.rectangle((x0 + i * w, y0, x0 + (i + 1) * w, y1), fill=style.road(c))
    draw.rectangle(box, outline=style.INK, width=1)
    if card is not None and card.extra_build:
        # a white badge so the '+' reads on any card colour
        draw.rectangle((x1 - 9, y0 + 1, x1 - 1, y0 + 9), fill=style.PAPER)
        draw_text(im, (x1 - 5, y0 + 5), "+", 10, style.INK, bold=True, anchor="mm")


def goods_token(draw: ImageDraw.ImageDraw, im: Image.Image, centre: tuple[float, float],
                size: int, goods: str, letter: str) -> None:
    x, y = centre
    r = size / 2
    draw.rounded_rectangle((x - r, y - r, x + r, y + r), radius=3, fill=style.GOODS.get(
        goods, style.MUTED), outline=style.INK)
    draw_text(im, (x, y), letter, max(8, int(size * 0.7)), style.PAPER, bold=True, anchor="mm")
