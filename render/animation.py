"""A whole game as an animated GIF: the map view after every turn, the last frame held.

GIF rather than APNG because Discord animates GIFs inline everywhere. Every frame is
quantized to the board's fixed palette, so the file carries one global palette, and Pillow
stores only the rectangle that changed since the previous frame (disposal 1 keeps it).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from render.layout import VIEWS
from rules.state import State

FRAME_MS = 500
LAST_FRAME_MS = 5000


def turn_ends(states: Sequence[State]) -> list[State]:
    """One state per turn: the last one before the turn number changes, and the final one."""
    picked: list[State] = []
    for i, state in enumerate(states):
        nxt = states[i + 1] if i + 1 < len(states) else None
        if nxt is None or _turn_key(nxt) != _turn_key(state):
            picked.append(state)
    return picked


def _turn_key(state: State) -> tuple[str, int]:
    return (state.phase, 0 if state.turn is None else state.turn.number)


def replay(states: Sequence[State], lang: str = "en", view: str = "map",
           names: Mapping[str, str] | None = None) -> bytes:
    """The animation as GIF bytes; `states` is the game's states in order (at least one)."""
    from render import draw, to_palette  # late: render/__init__ imports this module's user

    if not states:
        raise ValueError("replay needs at least one state")
    if view not in VIEWS:
        raise ValueError(f"unknown view {view!r}; known: {', '.join(VIEWS)}")
    # no change markings: the animation shows the change, and marks that come and go every
    # frame made the GIF 75% larger (bench/RESULTS.md)
    frames = [to_palette(draw(s, view, lang, names)) for s in turn_ends(states)]
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:],
                   duration=durations, loop=0, disposal=1, optimize=False)
    return out.getvalue()
