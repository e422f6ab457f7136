"""Board images for the service: the `render` package, called off the event loop.

`render_board` is the one place that imports `render`.

Rendering is CPU work of tens of milliseconds; doing it on the event loop would stall every
other game's commands. `BoardPool` runs it in an executor (see `make_executor` for why a
process pool is the default).
"""

from __future__ import annotations

import asyncio
import heapq
import inspect
import itertools
import logging
import multiprocessing
import os
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial

from rules import MapChanges, State
from rules import apply as rules_apply

log = logging.getLogger("autobahn.render")
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


def exit_with_parent() -> None:
    """Worker initializer: end the worker when the bot process ends, however it ends.

    A pool worker holds both ends of its task queue, so it never sees EOF when the bot
    dies without shutting the pool down (SIGKILL, or SIGTERM, which asyncio does not
    handle): each worker, and the forkserver and resource tracker it keeps open, lived on
    forever — some 150 MB of orphans per crashed bot, found by the e2e SIGKILL tests.
    The parent sentinel becomes readable exactly when the parent process is gone.
    """
    import os
    import signal
    import threading
    from multiprocessing.connection import wait

    parent = multiprocessing.parent_process()
    if parent is None:
        return
    # Ctrl-C in a terminal reaches the whole process group: the parent shuts the pool
    # down, so a worker ignores it rather than print a traceback of its own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def default_workers(cores: int | None = None) -> int:
    """Render workers for a machine of `cores` CPUs (default: this one's): one per core,
    at most four. A worker is a process of about 60–90 MB (bench/RESULTS.md "Memory"),
    and a card is one core's work, so more workers than cores only queue inside the OS
    instead of here, where turn cards go first. RENDER_WORKERS overrides it."""
    found = cores if cores is not None else (os.cpu_count() or 1)
    return max(1, min(4, found))


def make_executor(kind: str = "process", workers: int | None = None) -> Executor:
    """A process pool by default: measured with bench/service_bench.py (2 cores, 4 renders
    at a time), it kept the event loop's p99 lag at 11-18 ms against 16-27 ms for a thread
    pool — Pillow's drawing holds the GIL for part of each render. Workers are started by
    a forkserver, not fork: the parent has aiosqlite's thread, and forking a threaded
    process is unsafe. "thread" is kept for renderers that cannot be pickled (tests)."""
    workers = default_workers() if workers is None else workers
    if kind == "process":
        return ProcessPoolExecutor(max_workers=workers,
                                   mp_context=multiprocessing.get_context("forkserver"),
                                   initializer=exit_with_parent)
    return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="render")


def make_replay_executor(kind: str = "process") -> Executor:
    """One worker for replays, a fresh process for each (see BoardPool)."""
    if kind == "process":
        return ProcessPoolExecutor(max_workers=1,
                                   mp_context=multiprocessing.get_context("forkserver"),
                                   initializer=exit_with_parent, max_tasks_per_child=1)
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay")


def animate_record(edition_hash: str, players: tuple[str, ...], seed: int,
                   actions: tuple[tuple[str, str], ...], lang: str = "en",
                   solo_level: int | None = None,
                   names: Mapping[str, str] | None = None) -> bytes:
    """GIF bytes of a whole game, from its record (runs in a worker).

    The states are produced one at a time and the frames streamed to the encoder
    (render.animation.write_replay): only the previous and the current frame are ever held,
    however long the game."""
    import io

    from render.animation import write_replay

    from .progress import initial_state

    def states() -> Iterator[State]:
        state = initial_state(edition_hash, players, seed, solo_level)
        yield state
        for player, notation in actions:
            state = rules_apply(state, player, notation)
            yield state

    out = io.BytesIO()
    write_replay(states(), out, lang=lang, names=names)
    return out.getvalue()


class BoardPool:
    """Renders off the event loop in `executor` with `renderer`; replays in a pool of their own.

    A worker process can die (the OOM killer during a big render, an operator's kill): the
    pool is then broken for good, and every later render would fail although nothing is
    wrong any more. So a broken pool is replaced and the render tried once more.

    Replays have their own single worker, started for one replay and ended after it
    (`max_tasks_per_child=1`): a turn board never waits behind a replay, and whatever
    memory drawing a long game took goes back to the system at once.

    Turn cards go first (issue 37): at most as many renders as the pool has workers are
    handed to it at once, and the others wait here, `urgent` ones (the board of a move
    just committed) ahead of the rest (`/board`), each kind in arrival order. Handed to
    the executor's own queue, a card would wait behind every board asked before it.
    """

    def __init__(self, renderer: Renderer = render_board, executor: Executor | None = None,
                 *, replay_executor: Executor | None = None,
                 factory: Callable[[], Executor] | None = None, workers: int | None = None):
        self.renderer = renderer
        # Only the module-level render_board can cross into another process.
        kind = "process" if renderer is render_board else "thread"
        if factory is None and executor is None:
            factory = partial(make_executor, kind, workers)  # None: default_workers()
        self._factory = factory
        self.executor = executor or self._new_executor()
        self._replay_factory: Callable[[], Executor] | None = (
            None if replay_executor is not None else partial(make_replay_executor, kind))
        self._replays: Executor | None = replay_executor
        self.replaced = 0  # broken pools replaced so far (logged, and seen by tests)
        self.slots = max(1, int(getattr(self.executor, "_max_workers", 1)))
        self._busy = 0
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._arrival = itertools.count()
        # a test's stand-in renderer may take only (state, view, lang)
        self._marks = _takes_names(renderer)

    def _new_executor(self) -> Executor:
        assert self._factory is not None
        return self._factory()

    @property
    def _process(self) -> bool:
        return isinstance(self.executor, ProcessPoolExecutor)

    async def render(self, state: State, view: str = "full", lang: str = "en", *,
                     names: Mapping[str, str] | None = None,
                     changes: MapChanges | None = None, urgent: bool = False) -> bytes:
        shown = dict(names) if names else None
        job: Callable[[], bytes]
        if self._process and self.renderer is render_board:
            job = partial(render_board_json, state.to_json(), view, lang, shown, changes)
        elif self._marks:
            marking: Callable[..., bytes] = self.renderer  # takes names and changes too
            job = partial(marking, state, view, lang, names=shown, changes=changes)
        else:
            job = partial(self.renderer, state, view, lang)
        await self._take_slot(urgent)
        try:
            return await self._run(job)
        finally:
            self._free_slot()

    @property
    def busy(self) -> int:
        """Renders handed to the workers now."""
        return self._busy

    @property
    def waiting(self) -> int:
        """Renders queued here for a free worker."""
        return sum(not turn.done() for _, _, turn in self._waiting)

    async def _take_slot(self, urgent: bool) -> None:
        if self._busy < self.slots and not self._waiting:
            self._busy += 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (0 if urgent else 1, next(self._arrival), turn))
        try:
            await turn  # resolved by `_free_slot`, which hands its slot over
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._free_slot()  # handed a slot just as it was cancelled: pass it on
            raise  # else `turn` is cancelled and `_free_slot` skips it

    def _free_slot(self) -> None:
        while self._waiting:
            _, _, turn = heapq.heappop(self._waiting)
            if not turn.done():
                turn.set_result(None)
                return
        self._busy -= 1

    async def _run(self, job: Callable[[], bytes]) -> bytes:
        loop = asyncio.get_running_loop()
        executor = self.executor
        try:
            return await loop.run_in_executor(executor, job)
        except BrokenExecutor:
            if self._factory is None:
                raise  # an executor handed in from outside: not ours to replace
            self._replace(executor)
        return await loop.run_in_executor(self.executor, job)

    def _replace(self, broken: Executor) -> None:
        """A fresh pool instead of `broken`, once: of several renders that found the same
        pool broken, the first replaces it and the others use the replacement."""
        if self.executor is not broken:
            return
        log.warning("a render worker died; starting a new render pool")
        self.executor = self._new_executor()
        self.replaced += 1
        broken.shutdown(wait=False, cancel_futures=True)

    async def animate(self, edition_hash: str, players: tuple[str, ...], seed: int,
                      actions: tuple[tuple[str, str], ...], lang: str = "en",
                      solo_level: int | None = None,
                      names: Mapping[str, str] | None = None) -> bytes:
        loop = asyncio.get_running_loop()
        job = partial(animate_record, edition_hash, players, seed, actions, lang, solo_level,
                      dict(names) if names else None)
        if self._replays is None:
            assert self._replay_factory is not None
            self._replays = self._replay_factory()
        executor = self._replays
        try:
            return await loop.run_in_executor(executor, job)
        except BrokenExecutor:
            if self._replay_factory is None:
                raise
            # A replay whose worker died is not retried (it may well be what killed it);
            # the next one gets a fresh pool.
            if self._replays is executor:
                self._replays = None
                executor.shutdown(wait=False, cancel_futures=True)
            raise

    def close(self) -> None:
        self.executor.shutdown(wait=True, cancel_futures=True)
        if self._replays is not None:
            self._replays.shutdown(wait=True, cancel_futures=True)


def _takes_names(renderer: Callable[..., bytes]) -> bool:
    try:
        params = inspect.signature(renderer).parameters
    except (TypeError, ValueError):
        return False
    return "names" in params and "changes" in params
