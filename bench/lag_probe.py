"""Run bot.py unchanged with an event-loop lag probe inside its process.

    python bench/lag_probe.py OUT.txt bot.py [bot.py's arguments]

The probe is a task on the bot's own event loop: it asks to sleep `PERIOD` and records how
much later than that it woke up — the time the loop was busy with something else (a
command, a database call, collecting a render). Lines "unix_time lag_ms" go to OUT, flushed
every half second so a killed bot still leaves its samples. It is started by wrapping
`asyncio.run`, which bot.py (cogs/runner.py) calls once; nothing in the bot knows about it.
"""

from __future__ import annotations

import asyncio
import os
import runpy
import sys
import time
from collections.abc import Coroutine
from typing import Any

PERIOD = 0.005  # 5 ms between samples: fine enough for a 20 ms target, cheap (~1 % CPU)
FLUSH = 0.5


async def probe(path: str) -> None:
    with open(path, "a", encoding="utf-8") as out:
        last_flush = time.monotonic()
        while True:
            start = time.perf_counter()
            await asyncio.sleep(PERIOD)
            lag_ms = (time.perf_counter() - start - PERIOD) * 1000
            out.write(f"{time.time():.4f} {max(0.0, lag_ms):.3f}\n")
            if time.monotonic() - last_flush >= FLUSH:
                out.flush()
                last_flush = time.monotonic()


def main() -> None:
    out, script, *args = sys.argv[1:]
    real_run = asyncio.run

    def run_with_probe(main: Coroutine[Any, Any, Any], **kwargs: Any) -> Any:
        async def probed() -> Any:
            task = asyncio.create_task(probe(out), name="lag-probe")
            try:
                return await main
            finally:
                task.cancel()

        return real_run(probed(), **kwargs)

    asyncio.run = run_with_probe  # type: ignore[assignment]
    sys.argv = [script, *args]
    sys.path[0] = os.path.dirname(os.path.abspath(script))  # as `python bot.py` would have it
    runpy.run_path(script, run_name="__main__")


if __name__ == "__main__":
    main()
