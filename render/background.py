"""The static background of a view, drawn once per edition and kept, within a byte budget.

Keyed by everything that changes it: the edition (by its content hash), the view, the
language of its labels, the number of players (seats per office, player boards) and whether
the East is open (the hatching comes off in era 3): 72 images per edition when a bot draws
every view in every language for every table size, about 4.5 MB each in RGB. They are kept
in an LRU bounded by bytes (`BackgroundCache`, 48 MB a worker: about eleven), so a
worker's memory no longer depends on how many combinations it has met (issue 37: 24
images reached 211 MB a worker). A background missed is drawn again, tens of ms once the
edition's map layers are cached (bench/RESULTS.md, "Memory").

Kept in RGB, not at one byte per pixel: mapped onto the board's palette, the background
is quantized twice (Pillow's palette lookup is not idempotent), and the names the map
redraws over roads no longer matched the background's exactly
(tests/render/test_cached_layers.py).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image

from render import (
    layout,
    legend,
    map_layer,
    panels,
    phone_board,
    player_board,
    style,
    turn_card,
)
from rules import Edition

DEFAULT_BUDGET = 48 * 2**20  # bytes: about eleven RGB backgrounds


class BackgroundCache:
    """An LRU of images bounded by their pixel bytes, not their number. Thread-safe (a
    thread pool renders in one process); an image larger than the whole budget is
    returned but not kept."""

    def __init__(self, budget: int = DEFAULT_BUDGET) -> None:
        self.budget = budget
        self.used = 0
        self.misses = 0
        self._images: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._lock = threading.Lock()
        # the name functools' caches answer to (tests/render/text_probe.py clears them all)
        self.cache_clear = self.clear

    @staticmethod
    def cost(im: Image.Image) -> int:
        return im.width * im.height * len(im.getbands())

    def get(self, key: Hashable, make: Callable[[], Image.Image]) -> Image.Image:
        with self._lock:
            found = self._images.get(key)
            if found is not None:
                self._images.move_to_end(key)
                return found
        im = make()  # outside the lock: two threads may both draw it; both are equal
        with self._lock:
            self.misses += 1
            if key not in self._images and self.cost(im) <= self.budget:
                self._images[key] = im
                self.used += self.cost(im)
                self._shrink()
        return im

    def resize(self, budget: int) -> None:
        with self._lock:
            self.budget = budget
            self._shrink()

    def clear(self) -> None:
        with self._lock:
            self._images.clear()
            self.used = 0

    def __len__(self) -> int:
        return len(self._images)

    def _shrink(self) -> None:
        while self.used > self.budget and self._images:
            _, old = self._images.popitem(last=False)
            self.used -= self.cost(old)


CACHE = BackgroundCache()


def static_background(edition: Edition, view: str, lang: str, players: int,
                      east_open: bool) -> Image.Image:
    """The view's background; callers must `copy()` it before drawing."""
    return CACHE.get((edition, view, lang, players, east_open),
                     lambda: _draw_background(edition, view, lang, players, east_open))


def _draw_background(edition: Edition, view: str, lang: str, players: int,
                     east_open: bool) -> Image.Image:
    """The view's background in RGB, drawn afresh."""
    im = Image.new("RGB", layout.view_size(view, players), style.PANEL_BG)
    panels.draw_header_static(im, im.width)
    map_o = layout.map_origin(view)
    if map_o is not None:
        # drawn on its own canvas so outlines (the seas) are clipped to the map's frame
        geo = layout.geometry(view)
        sheet = Image.new("RGB", (geo.map_w, geo.map_h), style.ABROAD)
        map_layer.draw_static(sheet, edition, (0, 0), lang, east_open, geo)
        legend.draw_on_map(sheet, edition, (0, 0), lang, geo)
        im.paste(sheet, (int(map_o[0]), int(map_o[1])))
    if view == "card":
        turn_card.draw_static(im, edition, lang)
    panel_o = layout.panel_origin(view)
    if panel_o is not None:
        panel_geo = panels.DESKTOP if map_o is not None else panels.PHONE
        panels.draw_static(im, edition, players, panel_o, lang, panel_geo)
        # the full view's boards sit beside the map on a desktop; the players view's are
        # the phone cards
        boards = player_board if map_o is not None else phone_board
        boards.draw_static(im, edition, players, panel_o, lang)
        if map_o is None:  # the map's legend explains the goods where there is a map
            legend.draw_on_panel(im, edition, panel_o, lang)
    im.readonly = True  # a shared image: drawing on it by mistake would leak between games
    return im
