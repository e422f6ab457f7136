"""Where each city's name goes: the first free spot around the city, computed once.

The edition may carry a `label_offset` hint for crowded places (the Ruhr); it is tried
first, but a hint drawn for another scale can land on a neighbouring city, so every
candidate is scored against what is already there — city discs, placed names, roads, depots
and bonus-tile spaces — and the least crowded wins. Deterministic, cached per edition.
"""

from __future__ import annotations

from functools import lru_cache

from render import layout, legend
from render.fonts import font
from rules.model import Edition

Box = tuple[float, float, float, float]
LABEL_SIZE = 13


def label_font_bold(edition: Edition, nid: str) -> bool:
    """Foreign trading cities are set in bold so the countries stand out."""
    return edition.nodes[nid].country is not None


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _road_points(edition: Edition) -> list[tuple[float, float]]:
    """Points every few pixels along every section: a label over a road hides it."""
    out = []
    for g in layout.sections(edition).values():
        (sx, sy), (ex, ey) = g.start, g.end
        steps = max(1, int(((ex - sx) ** 2 + (ey - sy) ** 2) ** 0.5 / 5))
        out += [(sx + (ex - sx) * i / steps, sy + (ey - sy) * i / steps)
                for i in range(steps + 1)]
    return out


@lru_cache(maxsize=8)
def city_labels(edition: Edition) -> dict[str, Box]:
    """Node id -> the box (map-local) its name is drawn in, top-left to bottom-right."""
    r = layout.CITY_R
    discs: list[Box] = []
    for nid in edition.nodes:
        x, y = layout.node_xy(edition, nid)
        discs.append((x - r - 1, y - r - 1, x + r + 1, y + r + 1))
    fixed: list[Box] = list(discs)
    for depot in edition.depots:
        x, y = layout.depot_xy(edition, depot)
        fixed.append((x - 18, y - 9, x + 18, y + 9))
    for sid, (link, n) in edition.sections.items():
        if link.features[n - 1] == "B":
            g = layout.sections(edition)[sid]
            bx, by = g.mid[0] + g.normal[0] * 15, g.mid[1] + g.normal[1] * 15
            fixed.append((bx - 16, by - 8, bx + 16, by + 8))
    for cities in edition.country_node.values():
        if cities:  # the country's bonus tile sits above its first trading city
            x, y = layout.node_xy(edition, cities[0])
            fixed.append((x - 18, y - r - 20, x + 18, y - r - 4))
    fixed.append(legend.map_box(edition))
    roads = _road_points(edition)
    placed: dict[str, Box] = {}
    # the most crowded cities choose first, while they still have room
    def crowding(nid: str) -> int:
        x, y = layout.node_xy(edition, nid)
        return -sum(1 for o in edition.nodes
                    if abs(layout.node_xy(edition, o)[0] - x) < 90
                    and abs(layout.node_xy(edition, o)[1] - y) < 50)

    for nid in sorted(edition.nodes, key=lambda n: (crowding(n), n)):
        node = edition.nodes[nid]
        x, y = layout.node_xy(edition, nid)
        f = font(LABEL_SIZE, label_font_bold(edition, nid))
        w = f.getlength(node.name)
        h = LABEL_SIZE + 2
        candidates = []
        if node.label_offset != (0, 0):
            dx, dy = node.label_offset
            candidates.append((x + dx, y + dy))
        candidates += [
            (x + r + 3, y - h / 2), (x - r - 3 - w, y - h / 2),
            (x + r - 3, y - r - h + 1), (x + r - 3, y + r - 1),
            (x - r + 3 - w, y - r - h + 1), (x - r + 3 - w, y + r - 1),
            (x - w / 2, y - r - h - 1), (x - w / 2, y + r + 1),
        ]
        best: tuple[float, int, Box] | None = None
        for i, (lx, ly) in enumerate(candidates):
            box = (lx, ly, lx + w, ly + h)
            score = 0.0
            if box[0] < 2 or box[1] < 2 or box[2] > layout.MAP_W - 2 or box[3] > layout.MAP_H - 2:
                score += 1000
            score += 50 * sum(1 for d in fixed if _overlap(box, d))
            score += 50 * sum(1 for b in placed.values() if _overlap(box, b))
            score += 3 * sum(1 for px, py in roads
                             if box[0] <= px <= box[2] and box[1] <= py <= box[3])
            if best is None or (score, i) < best[:2]:
                best = (score, i, box)
        assert best is not None
        placed[nid] = best[2]
    return placed
