"""Small pieces drawn in many places: player markers, card chips, goods tokens.

A player marker is the player's colour *and* shape *and* initial, so it can be told apart
without colour vision (seat order fixes colour and shape for the whole game).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render import style
from render.sprites import blit, blit_at, draw_text, shown_id, text_width
from rules import Edition

RGB = style.RGB


@dataclass(frozen=True, slots=True)
class Seats:
    """Who sits where and what the board calls them: the seat order (ids, as the state
    has them) and each player's display name in that order. Ids are Discord snowflakes
    ("1577227118436368397") that mean nothing at the table, so nothing draws them."""

    order: tuple[str, ...]
    names: tuple[str, ...]

    def seat(self, pid: str) -> int:
        return seat_of(self.order, pid)

    def name(self, pid: str) -> str:
        return _unique_names(self.names)[self.order.index(pid)] if pid in self.order else pid

    def letter(self, pid: str) -> str:
        return _letters(_unique_names(self.names))[self.order.index(pid)]


def seats_of(order: tuple[str, ...], names: Mapping[str, str] | None = None) -> Seats:
    """The seats with display names from `names` (player id -> name), ids where missing;
    bounded like ids, so no name can overflow its place or the font engine."""
    names = names or {}
    return Seats(order, tuple(shown_id((names.get(pid) or pid).strip() or pid)
                              for pid in order))


@lru_cache(maxsize=64)
def _unique_names(names: tuple[str, ...]) -> tuple[str, ...]:
    """Two players called alike get their seat number after the name ("Alex 1", "Alex 3")."""
    return tuple(f"{n} {i + 1}" if names.count(n) > 1 else n for i, n in enumerate(names))


def _words(name: str) -> list[str]:
    """The words of a name, what it says in brackets left out: "Autobot (level 5)" is the
    Autobot, "Computer 1 (easy)" is Computer 1 (their level is no initial)."""
    bare = re.sub(r"\([^)]*\)", " ", name)
    return [w for w in re.split(r"[^\w]+", bare) if w] or [name or "?"]


@lru_cache(maxsize=64)
def _letters(names: tuple[str, ...]) -> tuple[str, ...]:
    """One letter per player; where first letters clash, two: the word initials ("Jules
    Verne" "JV") or the first letter where the names part ("Anna" "An", "Anton" "At");
    where even that clashes, the letter and the seat number ("A2")."""
    first = [_words(n)[0][:1].upper() for n in names]
    second = []
    for i, n in enumerate(names):
        words = _words(n)
        if len(words) > 1:
            second.append((words[0][:1] + words[1][:1]).upper())
            continue
        rivals = [names[j].lower() for j in range(len(names))
                  if j != i and first[j] == first[i]]
        low = n.lower()
        at = next((k for k in range(1, len(n))
                   if all(k >= len(r) or r[k] != low[k] for r in rivals)), 1)
        second.append(n[:1].upper() + n[at:at + 1].lower())
    out = []
    for i, letter in enumerate(first):
        if first.count(letter) == 1:
            out.append(letter)
        elif len(second[i]) == 2 and [s.lower() for s in second].count(second[i].lower()) == 1:
            # told apart by their letters, not by case alone ("AN" and "An" were both)
            out.append(second[i])
        else:
            out.append(f"{letter}{i + 1}")
    return tuple(out)


def initials(order: tuple[str, ...],
             names: Mapping[str, str] | None = None) -> dict[str, str]:
    """One letter per player, two where first letters clash ("An", "Al")."""
    seats = seats_of(order, names)
    return {pid: seats.letter(pid) for pid in order}


def seat_of(order: tuple[str, ...], pid: str) -> int:
    return order.index(pid) % len(style.PLAYER_COLOURS)


def player_marker(draw: ImageDraw.ImageDraw, im: Image.Image, centre: tuple[float, float],
                  size: int, seats: Seats, pid: str) -> None:
    """The player's shape in their colour with their initial, outlined in ink."""
    blit(im, marker_sprite(seats.seat(pid), size, seats.letter(pid)), centre)


@lru_cache(maxsize=256)
def marker_sprite(seat: int, size: int, letter: str) -> Image.Image:
    colour, ink, shape = (style.PLAYER_COLOURS[seat], style.PLAYER_INK[seat],
                          style.PLAYER_SHAPES[seat])
    side = int(size * 1.3) + 2
    im = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(im)
    x = y = side / 2 - 0.5
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
    text_size = max(8, int(size * (0.62 if len(letter) == 1 else 0.5)))
    draw_text(im, (x + 0.5, y + 0.5), letter, text_size, ink, bold=True, anchor="mm")
    return im


def card_chip(draw: ImageDraw.ImageDraw, im: Image.Image, box: tuple[int, int, int, int],
              edition: Edition, card_id: str) -> None:
    """A card as a small chip: its colour(s) side by side, '*' for wild, '+' for extra build."""
    card = edition.cards.get(card_id)
    x0, y0, x1, y1 = box
    key = (card.colours, card.extra_build) if card is not None else (("?",), False)
    blit_at(im, chip_sprite(key[0], key[1], x1 - x0 + 1, y1 - y0 + 1), (x0, y0))


@lru_cache(maxsize=512)
def chip_sprite(colours: tuple[str, ...], extra: bool, w: int, h: int) -> Image.Image:
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(im)
    if colours == ("*",):
        bands = list(style.ROAD.values())
        bw = w / len(bands)
        for i, c in enumerate(bands):
            draw.rectangle((i * bw, 0, (i + 1) * bw, h), fill=c)
        draw_text(im, (w / 2, h / 2), "*", 16, style.INK, bold=True, anchor="mm")
    else:
        bw = w / len(colours)
        for i, colour in enumerate(colours):
            draw.rectangle((i * bw, 0, (i + 1) * bw, h), fill=style.road(colour))
    draw.rectangle((0, 0, w - 1, h - 1), outline=style.INK, width=1)
    if extra:
        # a white badge so the '+' reads on any card colour
        draw.rectangle((w - 10, 1, w - 2, 9), fill=style.PAPER)
        draw_text(im, (w - 6, 5), "+", 10, style.INK, bold=True, anchor="mm")
    return im


def goods_token(draw: ImageDraw.ImageDraw, im: Image.Image, centre: tuple[float, float],
                size: int, goods: str, letter: str) -> None:
    blit(im, goods_sprite(goods, size, letter), centre)


@lru_cache(maxsize=128)
def goods_sprite(goods: str, size: int, letter: str) -> Image.Image:
    im = Image.new("RGBA", (size + 1, size + 1), (0, 0, 0, 0))
    ImageDraw.Draw(im).rectangle((0, 0, size, size), fill=style.GOODS.get(goods, style.MUTED),
                                 outline=style.INK)
    draw_text(im, (size / 2 + 0.5, size / 2 + 0.5), letter, max(8, int(size * 0.7)),
              style.PAPER, bold=True, anchor="mm")
    return im


@lru_cache(maxsize=128)
def tile_sprite(text: str, size: int = 10) -> Image.Image:
    """A bonus tile: its short text on a pale tile (map, country tiles and the legend)."""
    w = int(max(16 * size / 10, text_width(text, size, True) + 6 * size / 10))
    h = round(15 * size / 10)
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(im).rectangle((0, 0, w - 1, h - 1), fill=style.TILE_FILL, outline=style.INK)
    draw_text(im, (w / 2, h / 2), text, size, style.INK, bold=True, anchor="mm")
    return im


@lru_cache(maxsize=512)
def truck_sprite(seat: int, letter: str, goods: str, goods_mark: str,
                 h: int = 17) -> Image.Image:
    """A truck: a white plate carrying the owner's marker and the goods token.

    Drawn `h` px tall and 29/17 as wide (placement.truck_plate_of gives the same box).
    """
    k = h / 17
    w = round(h * 29 / 17)
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(im).rectangle((0, 0, w - 1, h - 1), fill=style.PAPER, outline=style.INK)
    blit(im, marker_sprite(seat, round(13 * k), letter), (8 * k, h / 2))
    blit(im, goods_sprite(goods, round(11 * k), goods_mark), (21 * k, h / 2))
    return im
