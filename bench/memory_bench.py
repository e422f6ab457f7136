"""Memory with 1,000 games stored and 100 active at once (DESIGN §6: ≤ 300 MB).

    python bench/memory_bench.py [--write]

One process holds the service, the store and an in-process renderer (the thread-pool set-up,
so the render background caches count too): 1,000 three-player games are created and
started, then 100 of them are played round-robin, each move rendering the board when the
turn passes. The process's peak resident memory is reported; with `--write` the figures
replace the "## Memory" section of bench/RESULTS.md.
"""

from __future__ import annotations

import asyncio
import platform
import resource
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import render
from service import GameService
from service.render_pool import BoardPool, make_executor
from service.repository import Place
from store import GameStore

GAMES = 1000
ACTIVE = 100
MOVES_EACH = 40
TARGET_MB = 300
RESULTS = Path(__file__).resolve().parent / "RESULTS.md"


def rss_mb() -> float:
    """Current resident memory of this process, from /proc (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def measure() -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        store = await GameStore.open(Path(tmp) / "memory.sqlite3")
        # Rendering in this process (not a process pool) so its caches are counted here.
        service = GameService(store, renderer=BoardPool(render.board,
                                                        executor=make_executor("thread")))
        try:
            baseline = rss_mb()
            started = time.perf_counter()
            ids = []
            for i in range(GAMES):
                place = Place(1, 1000 + i)
                game = await service.create_game(place, f"host{i}", "Ann", seats=3, seed=i)
                await service.join(game.id, f"ben{i}", "Ben")
                await service.join(game.id, f"cem{i}", "Cem")
                await service.start(game.id, f"host{i}")
                ids.append(game.id)
            created = time.perf_counter() - started
            after_create = rss_mb()
            moves = 0
            for _round in range(MOVES_EACH):
                for game_id in ids[:ACTIVE]:
                    legal = await service.legal(game_id)
                    await service.act(game_id, legal.player, legal.actions[0],
                                      expected_version=legal.version)
                    moves += 1
            return {"baseline": baseline, "after_create": after_create, "after_play": rss_mb(),
                    "peak": peak_mb(), "created_s": created, "moves": moves}
        finally:
            service.close()
            await store.close()


def section(figures: dict[str, float]) -> str:
    verdict = "met" if figures["peak"] <= TARGET_MB else "MISSED"
    return "\n".join([
        "## Memory",
        "",
        f"`python bench/memory_bench.py`: {GAMES:,} three-player games created and started "
        f"in one store, then {ACTIVE} of them played round-robin ({int(figures['moves'])} "
        "moves, boards rendered in-process when a turn passes), service + store + renderer "
        "in one process.",
        "",
        "| moment | resident memory |",
        "|---|---:|",
        f"| after start-up | {figures['baseline']:.0f} MB |",
        f"| {GAMES:,} games stored and started | {figures['after_create']:.0f} MB |",
        f"| {ACTIVE} games being played | {figures['after_play']:.0f} MB |",
        f"| peak | {figures['peak']:.0f} MB |",
        "",
        f"Target ≤ {TARGET_MB} MB (DESIGN §6): **{verdict}**. The service keeps at most 64 "
        "parsed states; everything else lives in SQLite.",
        "",
        f"Measured {date.today().isoformat()} on {platform.platform()}, "
        f"Python {platform.python_version()}.",
        "",
    ])


def write(text: str) -> None:
    old = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else "# Benchmark results\n"
    start = old.find("## Memory")
    if start == -1:
        new = old.rstrip("\n") + "\n\n" + text
    else:
        end = old.find("\n## ", start + 1)
        new = old[:start] + text + ("" if end == -1 else old[end:])
    RESULTS.write_text(new, encoding="utf-8")


def main() -> int:
    figures = asyncio.run(measure())
    text = section(figures)
    print(text)
    if "--write" in sys.argv[1:]:
        write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
