"""The bundled TrueType font (DejaVu Sans Condensed, see fonts/LICENSE.txt).

Bundled rather than looked up on the system so a fresh machine renders the same picture;
DejaVu covers every German and French letter. Font objects are cached per size because
`ImageFont.truetype` parses the file each time.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSansCondensed.ttf"
BOLD = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


