"""Board images for the service: the `render` package, called off the event loop.

`render_board` is the one place that imports `render`.

Rendering is CPU work of tens of milliseconds; doing it on the event loop would stall every
other game's commands. `BoardPool` runs it in an executor (see `make_executor` for why a
process pool is the default).
"""

from __future__ import annotations

import asyncio
import inspect
import multiprocessing
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial

from rules import State
from rules import apply as rules_apply
from rules.changes import MapChanges

Renderer = Callable[[State, str, str], bytes]  # (state, view, lang) -> PNG bytes
VIEWS = ("full", "map", "players", "card")


def render_board(state: State, view: str = "full", lang: str = "en",
                 names: Mapping[str, str] | None = None,
                 changes: MapChanges | None = None) -> bytes:
    """PNG bytes of `state` through `render.board` (imported on first use: Pillow and the
    static background are only paid for once a board is actually drawn)."""
    import render

    return render.board(state, view=view, lang=lang, names=names, changes=changes)


def render_board_json(state_json: str, view: str = "full", lang: str = "en",
                      names: Mapping[str, str] | None = None,
                      changes: MapChanges | None = None) -> bytes:
    """The same from JSON text: what a process pool receives (cheaper to send than a
    pickled state tree, and independent of the worker's class identities)."""
    return render_board(State.from_json(state_json), view, lang, names, changes)


def _exit_with_parent() -> None:
    """Worker initializer: end the worker when the bot process ends, however it ends.

    A pool worker holds both ends of its task queue, so it never sees EOF when the bot
    dies without shutting the pool down (SIGKILL, or SIGTERM, which asyncio does not
    handle): each worker, and the forkserver and resource tracker it keeps open, lived on
    forever — some 150 MB of orphans per crashed bot, found by the e2e SIGKILL tests.
    The parent sentinel becomes readable exactly when the parent process is gone.
    """
    import os
    import threading
    from multiprocessing.connection import wait

    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def make_executor(kind: str = "process", workers: int = 2) -> Executor:
    """A process pool by default: measured with bench/service_bench.py (2 cores, 4 renders
    at a time), it kept the event loop's p99 lag at 11-18 ms against 16-27 ms for a thread
    pool — Pillow's drawing holds the GIL for part of each render. Workers are started by
    a forkserver, not fork: the parent has aiosqlite's thread, and forking a threaded
    process is unsafe. "thread" is kept for renderers that cannot be pickled (tests)."""
    if kind == "process":
        return ProcessPoolExecutor(max_workers=workers,
                                   mp_context=multiprocessing.get_context("forkserver"),
                                   initializer=_exit_with_parent)
    return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="render")


def animate_record(edition_hash: str, players: tuple[str, ...], seed: int,
                   actions: tuple[tuple[str, str], ...], lang: str = "en",
                   names: Mapping[str, str] | None = None) -> bytes:
    """GIF bytes of a whole game, from its record (runs in a worker)."""
    import render

    from .replay import initial_state

    state = initial_state(edition_hash, players, seed)
    states = [state]
    for player, notation in actions:
        state = rules_apply(state, player, notation)
        states.append(state)
    return render.replay(states, lang=lang, names=names)


class BoardPool:
    """Renders off the event loop in `executor` with `renderer`."""

    def __init__(self, renderer: Renderer = render_board, executor: Executor | None = None):
        self.renderer = renderer
        # Only the module-level render_board can cross into another process.
        self.executor = executor or make_executor(
            "process" if renderer is render_board else "thread")
        self._process = isinstance(self.executor, ProcessPoolExecutor)
        # a test's stand-in renderer may take only (state, view, lang)
        self._marks = _takes_names(renderer)

    async def render(self, state: State, view: str = "full", lang: str = "en", *,
                     names: Mapping[str, str] | None = None,
                     changes: MapChanges | None = None) -> bytes:
        loop = asyncio.get_running_loop()
        extra = {"names": dict(names) if names else None, "changes": changes}
        if self._process and self.renderer is render_board:
            job = partial(render_board_json, state.to_json(), view, lang, **extra)
        elif self._marks:
            job = partial(self.renderer, state, view, lang, **extra)
        else:
            job = partial(self.renderer, state, view, lang)
        return await loop.run_in_executor(self.executor, job)

    async def animate(self, edition_hash: str, players: tuple[str, ...], seed: int,
                      actions: tuple[tuple[str, str], ...], lang: str = "en",
                      names: Mapping[str, str] | None = None) -> bytes:
        loop = asyncio.get_running_loop()
        job = partial(animate_record, edition_hash, players, seed, actions, lang,
                      dict(names) if names else None)
        return await loop.run_in_executor(self.executor, job)

    def close(self) -> None:
        self.executor.shutdown(wait=True, cancel_futures=True)


def _takes_names(renderer: Callable[..., bytes]) -> bool:
    try:
        params = inspect.signature(renderer).parameters
    except (TypeError, ValueError):
        return False
    return "names" in params and "changes" in params
