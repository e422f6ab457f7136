"""The small pieces of the SVG map (render.svg_map) as markup: player markers, goods tokens,
bonus tiles and truck plates.

Each mirrors its PNG sprite in render.markers (same colours, shapes, proportions), so the
web page and the posted image show one board. Only presentation attributes are used,
never `style=""`: the page's content security policy forbids inline styles.
"""

from __future__ import annotations

from html import escape

from render import style

RGB = style.RGB


def hexc(rgb: RGB) -> str:
    """"#rrggbb" for an RGB colour of render.style."""
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def num(v: float) -> str:
    """A coordinate with at most one decimal: sub-pixel precision is invisible, and every
    digit more is page weight."""
    r = round(v, 1)
    return str(int(r)) if r == int(r) else f"{r:.1f}"


def text(x: float, y: float, value: str, size: float, fill: RGB, *, bold: bool = False,
         anchor: str = "middle", cls: str = "", extra: str = "") -> str:
    """Text centred vertically on y (dominant-baseline central), anchored as SVG says."""
    weight = ' font-weight="bold"' if bold else ""
    klass = f' class="{cls}"' if cls else ""
    return (f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" fill="{hexc(fill)}"'
            f' text-anchor="{anchor}" dominant-baseline="central"{weight}{klass}{extra}>'
            f'{escape(value)}</text>')


def marker(seat: int, cx: float, cy: float, size: float, letter: str) -> str:
    """A player's shape in their colour with their initial, outlined in ink
    (markers.marker_sprite)."""
    seat %= len(style.PLAYER_COLOURS)
    colour, ink, shape = (hexc(style.PLAYER_COLOURS[seat]), style.PLAYER_INK[seat],
                          style.PLAYER_SHAPES[seat])
    r = size / 2
    line = f'fill="{colour}" stroke="{hexc(style.INK)}" stroke-width="1"'
    ty = cy
    if shape == "circle":
        body = f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" {line}/>'
    elif shape == "square":
        q = r * 0.9
        body = (f'<rect x="{num(cx - q)}" y="{num(cy - q)}" width="{num(2 * q)}"'
                f' height="{num(2 * q)}" {line}/>')
    elif shape == "diamond":
        r2 = r * 1.15
        corners = [(cx, cy - r2), (cx + r2, cy), (cx, cy + r2), (cx - r2, cy)]
        body = f'<polygon points="{_pts(corners)}" {line}/>'
    else:  # triangle, pointing up; the letter sits low where the triangle is wide
        r2 = r * 1.25
        corners = [(cx, cy - r2), (cx + r2, cy + r2 * 0.75), (cx - r2, cy + r2 * 0.75)]
        body = f'<polygon points="{_pts(corners)}" {line}/>'
        ty += r * 0.25
    size_text = max(8.0, size * (0.62 if len(letter) == 1 else 0.5))
    return body + text(cx, ty, letter, size_text, ink, bold=True)


def goods(cx: float, cy: float, size: float, kind: str, letter: str) -> str:
    """A goods token: its colour, its letter (markers.goods_sprite)."""
    h = size / 2
    return (f'<rect x="{num(cx - h)}" y="{num(cy - h)}" width="{num(size)}" height="{num(size)}"'
            f' fill="{hexc(style.GOODS.get(kind, style.MUTED))}" stroke="{hexc(style.INK)}"'
            f' stroke-width="1"/>'
            + text(cx, cy, letter, max(8.0, size * 0.7), style.PAPER, bold=True))


def tile(cx: float, cy: float, value: str, size: float, width: float) -> str:
    """A bonus tile: its short text on a pale tile (markers.tile_sprite), `width` wide (the
    PNG measures its text; the caller passes that width)."""
    h = 1.5 * size
    return (f'<rect x="{num(cx - width / 2)}" y="{num(cy - h / 2)}" width="{num(width)}"'
            f' height="{num(h)}" fill="{hexc(style.TILE_FILL)}" stroke="{hexc(style.INK)}"'
            f' stroke-width="1"/>' + text(cx, cy, value, size, style.INK, bold=True))


def truck(cx: float, cy: float, h: float, seat: int, letter: str, kind: str,
          goods_mark: str, cls: str = "truck") -> str:
    """A truck: a white plate with the owner's marker and the goods token
    (markers.truck_sprite: 29/17 as wide as tall)."""
    k = h / 17
    w = h * 29 / 17
    x0, y0 = cx - w / 2, cy - h / 2
    return (f'<g class="{cls}"><rect x="{num(x0)}" y="{num(y0)}" width="{num(w)}"'
            f' height="{num(h)}" fill="{hexc(style.PAPER)}" stroke="{hexc(style.INK)}"'
            f' stroke-width="1"/>'
            + marker(seat, x0 + 8 * k, cy, 13 * k, letter)
            + goods(x0 + 21 * k, cy, 11 * k, kind, goods_mark) + "</g>")


def _pts(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in points)


def polygon(points: list[tuple[float, float]], cls: str = "", **attrs: str) -> str:
    """A polygon with SVG attributes given as keywords (stroke_width: stroke-width)."""
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    klass = f' class="{cls}"' if cls else ""
    return f'<polygon points="{_pts(points)}"{klass}{extra}/>'


def polyline(points: list[tuple[float, float]], **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<polyline points="{_pts(points)}"{extra}/>'
