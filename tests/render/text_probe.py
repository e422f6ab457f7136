"""Record every string the renderer draws: text probes instead of OCR.

All text reaches the image through ImageDraw.text (directly, or into the cached sprites of
render.sprites and render.markers), so the caches are emptied first and that one method is
wrapped while the board is drawn.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from PIL import ImageDraw


def _clear_render_caches() -> None:
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for value in vars(module).values():
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


@contextmanager
def drawn_text() -> Iterator[list[str]]:
    """Inside the block, every string drawn is appended to the list it yields."""
    with drawn_text_sizes() as sized:
        seen: list[str] = []
        yield seen
        seen += [t for t, _size in sized]


@contextmanager
def drawn_text_sizes() -> Iterator[list[tuple[str, int]]]:
    """The same with each string's font size in px."""
    seen: list[tuple[str, int]] = []
    original: Callable[..., Any] = ImageDraw.ImageDraw.text

    def record(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kw: Any) -> Any:
        font = kw.get("font") or (args[1] if len(args) > 1 else None)
        seen.append((str(text), int(getattr(font, "size", 0))))
        return original(self, xy, text, *args, **kw)

    _clear_render_caches()
    ImageDraw.ImageDraw.text = record  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]
        _clear_render_caches()  # sprites drawn while recording are fine, but start clean
