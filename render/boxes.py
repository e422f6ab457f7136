"""Boxes and points on the map: overlap, distance and "reads as a neighbour's name", the
arithmetic every placement (names, tiles, stations, trucks) scores its candidates with."""

from __future__ import annotations

from render import layout

Box = tuple[float, float, float, float]
Point = layout.Point


def box_at(c: Point, w: float, h: float) -> Box:
    return (c[0] - w / 2, c[1] - h / 2, c[0] + w / 2, c[1] + h / 2)



def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _gap(box: Box, p: Point) -> float:
    """Squared distance from `p` to the nearest point of `box` (0 inside)."""
    dx = max(box[0] - p[0], 0.0, p[0] - box[2])
    dy = max(box[1] - p[1], 0.0, p[1] - box[3])
    return dx * dx + dy * dy


def _misread(box: Box, own: Point, others: list[Point], margin: float) -> bool:
    """Whether a name in `box` reads as another city's: one nearer its middle than its own
    city, or nearer its nearest edge by `margin` (a long name slid sideways, or centred
    between two close cities, sits by the neighbour's disc)."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    mid = (cx - own[0]) ** 2 + (cy - own[1]) ** 2
    edge = _gap(box, own) ** 0.5 - margin
    return any((cx - ax) ** 2 + (cy - ay) ** 2 < mid or _gap(box, (ax, ay)) < edge * abs(edge)
               for ax, ay in others)


def _inside(p: Point, box: Box) -> bool:
    return box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3]


def _on_disc(c: Point, r: float, box: Box) -> bool:
    """Whether `box` covers any of the disc of radius `r` at `c` (not just its square)."""
    return _gap(box, c) < r * r
