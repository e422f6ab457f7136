"""A whole game as an animated GIF: the map view after every turn, the last frame held.

GIF rather than APNG because Discord animates GIFs inline everywhere. Every frame is
quantized to the board's fixed palette, so the file carries one global palette, and Pillow
stores only the rectangle that changed since the previous frame (disposal 1 keeps it).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import IO

from PIL import GifImagePlugin, Image, ImageChops

from render.drawing import draw, to_palette
from render.layout import VIEWS
from rules import State

FRAME_MS = 500
LAST_FRAME_MS = 5000


def turn_ends(states: Iterable[State]) -> list[State]:
    """One state per turn: the last one before the turn number changes, and the final one."""
    return list(iter_turn_ends(states))


def iter_turn_ends(states: Iterable[State]) -> Iterator[State]:
    """`turn_ends` one at a time, holding one state of lookahead (for a streamed replay)."""
    previous: State | None = None
    for state in states:
        if previous is not None and _turn_key(state) != _turn_key(previous):
            yield previous
        previous = state
    if previous is not None:
        yield previous


def _turn_key(state: State) -> tuple[str, int]:
    return (state.phase, 0 if state.turn is None else state.turn.number)


def replay(states: Sequence[State], lang: str = "en", view: str = "map",
           names: Mapping[str, str] | None = None) -> bytes:
    """The animation as GIF bytes; `states` is the game's states in order (at least one)."""
    out = io.BytesIO()
    write_replay(states, out, lang=lang, view=view, names=names)
    return out.getvalue()


def write_replay(states: Iterable[State], out: IO[bytes], lang: str = "en",
                 view: str = "map", names: Mapping[str, str] | None = None) -> int:
    """Stream the animation of `states` (any iterable, consumed once) to `out` as a GIF;
    returns the number of frames written.

    Pillow's own multi-frame writer keeps every frame until the end (+600 MB for a whole
    game); here each frame is drawn, compared with the previous one and written at once,
    so memory stays at two frames whatever the length of the game."""
    if view not in VIEWS:
        raise ValueError(f"unknown view {view!r}; known: {', '.join(VIEWS)}")
    writer = _GifWriter(out)
    # no change markings: the animation shows the change, and marks that come and go every
    # frame made the GIF 75% larger (bench/RESULTS.md)
    for state in iter_turn_ends(states):
        writer.add(to_palette(draw(state, view, lang, names)))
    if not writer.frames and writer.pending is None:
        raise ValueError("replay needs at least one state")
    writer.close()
    return writer.frames


class _GifWriter:
    """A GIF written frame by frame: every frame holds FRAME_MS, the last LAST_FRAME_MS.

    A frame is written once the next one arrives (only then is it known not to be the
    last), as the rectangle that changed since the frame before it (disposal 1 keeps the
    rest); a frame identical to the previous one lengthens it instead. All frames share
    the board's fixed palette, which the header carries once."""

    def __init__(self, out: IO[bytes]) -> None:
        self.out = out
        self.previous: Image.Image | None = None  # the last full frame seen
        self.pending: tuple[Image.Image, tuple[int, int], int] | None = None  # crop, at, ms
        self.frames = 0

    def add(self, frame: Image.Image) -> None:
        if self.previous is None:
            header, _ = GifImagePlugin.getheader(frame, None, {"loop": 0,
                                                                "duration": FRAME_MS})
            for part in header:
                self.out.write(part)
            self.previous = frame
            self.pending = (frame, (0, 0), FRAME_MS)
            return
        box = ImageChops.subtract_modulo(frame, self.previous).getbbox(alpha_only=False)
        if box is None:  # nothing changed: the frame on show simply stays longer
            assert self.pending is not None
            crop, at, ms = self.pending
            self.pending = (crop, at, ms + FRAME_MS)
            return
        self._flush()
        self.previous = frame
        self.pending = (frame.crop(box), box[:2], FRAME_MS)

    def _flush(self, last: bool = False) -> None:
        if self.pending is None:
            return
        crop, at, ms = self.pending
        if last:
            ms = ms - FRAME_MS + LAST_FRAME_MS
        for part in GifImagePlugin.getdata(crop, at, duration=ms, disposal=1):
            self.out.write(part)
        self.pending = None
        self.frames += 1

    def close(self) -> None:
        self._flush(last=True)
        self.out.write(b";")
