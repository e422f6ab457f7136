"""Board pictures for Autobahn: `board(state)` as PNG bytes and `replay(states)` animated.

Pure: a state in, bytes out. The only thing kept between calls is the per-edition static
background (`render.background`). Pillow and `rules` are the only dependencies.
"""

from __future__ import annotations

from render.drawing import PNG_COMPRESS_LEVEL, Names, draw, encode_png, to_palette
from render.labels import LANGS
from render.layout import VIEWS
from rules import MapChanges, State


def board(state: State, view: str = "full", lang: str = "en", names: Names | None = None,
          changes: MapChanges | None = None) -> bytes:
    """The board as PNG bytes. view: full | map | players | card; lang: en | de | fr;
    names: player id -> display name; changes: what the last turn changed on the map."""
    return encode_png(draw(state, view, lang, names, changes))


def replay(states: list[State] | tuple[State, ...], lang: str = "en",
           names: Names | None = None) -> bytes:
    from render.animation import replay as _replay  # late: Pillow's GIF writer, seldom used

    return _replay(states, lang, names=names)


__all__ = ["LANGS", "PNG_COMPRESS_LEVEL", "VIEWS", "Names", "board", "draw", "encode_png",
           "replay", "to_palette"]
