"""Small RGBA images drawn once and pasted many times: text, markers, tokens, chips.

Measured with Pillow 10–13: pasting a cached RGBA sprite costs ~18 µs, while drawing the
same marker (shape + FreeType text + colour-through-mask paste) costs 60–100 µs. A board
has a few hundred such pieces, so caching them is what keeps the dynamic layer within the
budget of bench/render_bench.py. Every cache here is bounded.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import style
from render.fonts import font

RGB = style.RGB
Sprite = Image.Image  # RGBA


def paste(im: Image.Image, sprite: Sprite, x: int, y: int) -> None:
    """`im.paste(sprite, (x, y), sprite)`, through Pillow's core where that is all
    `Image.paste` would do: its checks and conversions cost about half of a small
    sprite's paste, and a board pastes some hundreds (bench/RESULTS.md)."""
    if sprite.mode == "RGBA" and im.mode in _CORE_MODES and not im.readonly:
        w, h = sprite.size
        core = sprite.im
        im.im.paste(core, (x, y, x + w, y + h), core)
    else:
        im.paste(sprite, (x, y), sprite)


_CORE_MODES = frozenset({"RGB", "RGBA"})  # boards and sprites, drawn in memory (loaded)


def blit(im: Image.Image, sprite: Sprite, centre: tuple[float, float]) -> None:
    """Paste `sprite` centred on `centre`."""
    w, h = sprite.size
    paste(im, sprite, int(centre[0] - w / 2 + 0.5), int(centre[1] - h / 2 + 0.5))


def blit_at(im: Image.Image, sprite: Sprite, top_left: tuple[float, float]) -> None:
    paste(im, sprite, int(top_left[0] + 0.5), int(top_left[1] + 0.5))


@lru_cache(maxsize=4096)
def text(value: str, size: int, fill: RGB, bold: bool = False) -> tuple[Sprite, int, int]:
    """The text as a sprite plus the offset of its top-left from the (left, baseline) point."""
    f = font(size, bold)
    # Whole pixels: a TrueType font's box is integral, the stubs only promise floats.
    left, top, right, bottom = (int(v) for v in f.getbbox(value, anchor="ls"))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), value, font=f, fill=255, anchor="ls")
    sprite = Image.new("RGBA", mask.size, (*fill, 0))
    sprite.putalpha(mask)
    return sprite, left, top


def draw_text(im: Image.Image, xy: tuple[float, float], value: str, size: int, fill: RGB, *,
              bold: bool = False, anchor: str = "ls") -> None:
    """Draw text with its anchor at `xy`: l/m/r horizontally, s (baseline) or m (middle)."""
    if not value:
        return
    sprite, left, top = text(value, size, fill, bold)
    x, y = xy
    if anchor[0] != "l":
        width = text_width(value, size, bold)
        x -= width / 2 if anchor[0] == "m" else width
    if anchor[1] == "m":
        # centre the cap height on y, so digits and capitals sit visually centred
        y += cap_height(size, bold) / 2
    paste(im, sprite, int(x + left + 0.5), int(y + top + 0.5))


SHOWN_ID = 32  # characters of a player id drawn at most (ids are the seats' names)
FIT_LIMIT = 256  # characters of any text fitted at most: more never fits a board's width


def shown_id(player_id: str, limit: int = SHOWN_ID) -> str:
    """A player id as drawn: bounded, so a very long id can neither overflow its place nor
    exceed what the font engine accepts (Pillow refuses strings of a million characters,
    which made every board of such a game fail)."""
    return player_id if len(player_id) <= limit else player_id[: limit - 1] + "…"


def fit(value: str, size: int, width: float, bold: bool = False) -> str:
    """`value` (first bounded like an id), cut with an ellipsis to fit `width` px, so it
    never runs into its neighbour."""
    value = shown_id(value, FIT_LIMIT)
    if text_width(value, size, bold) <= width:
        return value
    value = value.removesuffix("…")
    while value and text_width(value + "…", size, bold) > width:
        value = value[:-1]
    return value.rstrip() + "…" if value else ""


def fit_size(value: str, size: int, width: float, bold: bool = False,
             smallest: int | None = None) -> tuple[str, int]:
    """`value` at the largest size from `size` down to `smallest` (two px less if not
    given) at which it fits `width` whole; cut at `smallest` only if it fits at none, so
    a long German or French phrase shrinks a little before it loses its end."""
    smallest = size - 2 if smallest is None else smallest
    for px in range(size, smallest - 1, -1):
        if text_width(value, px, bold) <= width:
            return value, px
    return fit(value, smallest, width, bold), smallest


@lru_cache(maxsize=4096)
def text_width(value: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(value)


@lru_cache(maxsize=64)
def cap_height(size: int, bold: bool = False) -> int:
    return -int(font(size, bold).getbbox("H", anchor="ls")[1])
