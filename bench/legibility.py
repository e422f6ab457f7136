"""How tall digits and names are when a phone shows a board 412 px wide (issue 14).

    python bench/legibility.py

For each kind of text the board sets, the ink height of its digits (the cap height of
"0123456789") and of a name's capitals and lower case ("Braunschweig": from the top of the
B to the foot of the g), measured on the glyphs as Pillow draws them, then scaled to the
image shown 412 px wide (a phone's CSS width, Discord showing the image edge to edge).
The turn card (view "card") and the map view are 800 px wide; the full board 1580 px.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from render import layout, phone_board
from render.fonts import font

PHONE_W = 412


def ink(text: str, size: int, bold: bool) -> int:
    """Height of the ink of `text` drawn at `size` px."""
    box = font(size, bold).getmask(text).getbbox()
    assert box is not None
    return box[3] - box[1]


def rows() -> list[tuple[str, str, int, bool]]:
    phone, desk = layout.PHONE, layout.DESKTOP
    return [
        ("card", "map: city value", phone.value_size, True),
        ("card", "map: city name", phone.label_size, False),
        ("card", "card: player's name and money", phone_board.BIG, True),
        ("card", "card: staff, points, deliveries, trucks", phone_board.TEXT, False),
        ("card", "card: least text (titles, key and track numbers)", phone_board.SMALL, False),
        ("map", "map view: city value", phone.value_size, True),
        ("map", "map view: city name", phone.label_size, False),
        ("full", "full board: city value", desk.value_size, True),
        ("full", "full board: city name", desk.label_size, False),
        ("full", "full board: player's name and money", 19, True),
    ]


def main() -> int:
    print(f"| text | view width | set at | digits at {PHONE_W} px | name at {PHONE_W} px |")
    print("|---|---:|---:|---:|---:|")
    for view, what, size, bold in rows():
        scale = PHONE_W / layout.view_size(view)[0]
        digits = ink("0123456789", size, bold) * scale
        name = ink("Braunschweig", size, bold) * scale
        print(f"| {what} | {layout.view_size(view)[0]} | {size} px | {digits:.1f} px "
              f"| {name:.1f} px |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
