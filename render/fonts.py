"""The bundled TrueType font (DejaVu Sans Condensed, see fonts/LICENSE.txt).

Bundled rather than looked up on the system so a fresh machine renders the same picture;
DejaVu covers every German and French letter. Font objects are cached per size because
`ImageFont.truetype` parses the file each time.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSansCondensed.ttf"
BOLD = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


def text_width(text: str, size: int, bold: bool = False) -> int:
    return int(_mask(text, size, bold)[3] + 0.5)


@cache
def _mask(text: str, size: int, bold: bool) -> tuple[Image.Image, int, int, float]:
    """The text as an "L" mask plus the offset of its ink box from the anchor.

    Drawing text costs ~0.15 ms a call through FreeType; the same few hundred strings
    (numbers, names) recur on every board, so each is rasterised once and pasted after.
    """
    f = font(size, bold)
    left, top, right, bottom = f.getbbox(text, anchor="ls")
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor="ls")
    return mask, left, top, f.getlength(text)


def draw_text(im: Image.Image, xy: tuple[float, float], text: str, size: int,
              fill: tuple[int, int, int], *, bold: bool = False, anchor: str = "ls") -> None:
    """Draw `text` with its anchor at `xy`; anchors: l/m/r horizontally, s (baseline) or m.

    Only the anchors the board uses are supported, which keeps the cached mask reusable.
    """
    if not text:
        return
    mask, left, top, width = _mask(text, size, bold)
    x, y = xy
    if anchor[0] == "m":
        x -= width / 2
    elif anchor[0] == "r":
        x -= width
    if anchor[1] == "m":
        # middle: centre the cap height (ascent of "H") on y, so digits sit visually centred
        y += cap_height(size, bold) / 2
    im.paste(fill, (int(x + left + 0.5), int(y + top + 0.5)), mask)


@cache
def cap_height(size: int, bold: bool = False) -> int:
    top = font(size, bold).getbbox("H", anchor="ls")[1]
    return -top
