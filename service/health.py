"""The health of a running bot, for its operator (issue 37, docs/operating.md): what
`/health` on the web port answers and what the hourly health line in the log says.

Cheap enough to ask every few seconds: one count of the running games, the render pool's
own counters, this process's resident memory from /proc, and how late the event loop ran
a callback just now.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from store import StoreError

from .repository import GameRepository


@dataclass(frozen=True, slots=True)
class Health:
    ok: bool  # the store answered
    store: str  # "ok", or the store error's code
    running_games: int | None
    render_workers: int
    renders_busy: int  # handed to the workers now
    renders_waiting: int  # queued in the pool, turn cards first
    rss_mb: float  # this process only (the render workers are processes of their own)
    loop_lag_ms: float

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def line(self) -> str:
        """One log line, `key=value` words a log search can read."""
        return " ".join(f"{k}={v:.1f}" if isinstance(v, float) else f"{k}={v}"
                        for k, v in self.as_dict().items())


def resident_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


async def loop_lag_ms() -> float:
    """How late a callback scheduled now runs: the time other work holds the loop."""
    started = time.perf_counter()
    await asyncio.sleep(0)
    return (time.perf_counter() - started) * 1000


class HealthCheck:
    def __init__(self, repo: GameRepository) -> None:
        self.repo = repo

    async def health(self) -> Health:
        lag = await loop_lag_ms()
        try:
            running: int | None = await self.repo.store.count_games("running")
            store = "ok"
        except StoreError as err:
            running, store = None, err.code
        pool = self.repo.boards
        return Health(ok=store == "ok", store=store, running_games=running,
                      render_workers=pool.slots, renders_busy=pool.busy,
                      renders_waiting=pool.waiting, rss_mb=round(resident_mb(), 1),
                      loop_lag_ms=round(lag, 2))
