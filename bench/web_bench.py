"""The web page (issue 36): page weight and time to first render of a late-game board in
Debian's chromium, and the page server's memory with many open pages.

    python bench/web_bench.py                 # everything (about a minute)
    python bench/web_bench.py --pages 200 --games 50

The server runs in a process of its own (`--serve`), on a database this script fills
with the golden 4-player game (tests/golden), 210 of its moves in: its resident memory
(VmRSS) is read before and after the pages open. Live pages are server-sent event
streams, opened by aiohttp clients here (the browser costs the server nothing more);
a move is then made by this process on the same database, as another bot process would,
and the time until every page has fetched the new board is taken.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from service import GameService, GameStore  # noqa: E402
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.web.games import golden_game  # noqa: E402

LATE = 210


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


async def fill(db: Path, games: int) -> list[str]:
    store = await GameStore.open(db)
    service = GameService(store)
    service.set_web_base("http://x")
    links = []
    try:
        for _ in range(games):
            game = await golden_game(service, LATE)
            url = await service.web_link(game.id)
            assert url is not None
            links.append(url.removeprefix("http://x"))
    finally:
        service.close()
        await store.close()
    return links


async def serve(db: str, port_file: str) -> None:
    """The server process: the pages of `db` on a free port, written to `port_file`."""
    from web import WebServer
    from web.limits import StreamLimit

    store = await GameStore.open(db)
    service = GameService(store)
    server = WebServer(service, "127.0.0.1", 0, poll_s=1.0,
                       streams=StreamLimit(per_address=100_000, total=100_000))
    await server.start()
    Path(port_file).write_text(str(server.port))
    await asyncio.Event().wait()


async def move(db: Path, game_id: int) -> None:
    store = await GameStore.open(db)
    service = GameService(store)
    try:
        legal = await service.legal(game_id)
        await service.act(game_id, legal.player, legal.actions[0])
    finally:
        service.close()
        await store.close()


async def open_pages(base: str, paths: list[str], db: Path, pid: int) -> dict[str, float]:
    import aiohttp

    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:
        before = rss_kb(pid)
        streams = []
        for path in paths:  # each page: its HTML once, then its live stream
            async with http.get(base + path) as reply:
                await reply.read()
            stream = await http.get(base + path + "/events")
            streams.append((path, stream))
        for _path, stream in streams:
            await stream.content.readuntil(b"\n\n")  # retry
            await stream.content.readuntil(b"\n\n")  # the version now
        opened = rss_kb(pid)

        async def follow(path: str, stream: aiohttp.ClientResponse) -> float:
            while True:
                chunk = await stream.content.readuntil(b"\n\n")
                if chunk.startswith(b"event: version"):
                    break
            async with http.get(base + path + "/board.json") as reply:
                await reply.read()
            return time.perf_counter()

        waiting = [asyncio.create_task(follow(p, s)) for p, s in streams]
        start = time.perf_counter()
        game_id = int(paths[0].split("/")[2])
        await move(db, game_id)
        ones = [p for p in paths if int(p.split("/")[2]) == game_id]
        done = await asyncio.gather(*(w for w, p in zip(waiting, paths, strict=True)
                                      if p in ones))
        for w in waiting:
            w.cancel()
        after = rss_kb(pid)
        for _path, stream in streams:
            stream.close()
    return {"rss_before_mb": before / 1024, "rss_open_mb": opened / 1024,
            "rss_after_move_mb": after / 1024,
            "per_page_kb": (opened - before) / max(1, len(paths)),
            "all_updated_s": max(done) - start, "pages_updated": len(done)}


async def browser_figures(url: str, runs: int) -> dict[str, float]:
    from playwright.async_api import async_playwright

    weights, paints, ready = [], [], []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(runs):
            context = await browser.new_context(viewport={"width": 390, "height": 844})
            page = await context.new_page()
            await page.goto(url)
            await page.wait_for_selector("body.ready")
            timing = await page.evaluate("""() => {
                const nav = performance.getEntriesByType('navigation')[0];
                const fcp = performance.getEntriesByName('first-contentful-paint')[0];
                const res = performance.getEntriesByType('resource');
                return {fcp: fcp ? fcp.startTime : -1,
                        ready: performance.now(),
                        bytes: nav.transferSize + res.reduce((a, r) => a + r.transferSize, 0),
                        raw: nav.decodedBodySize + res.reduce((a, r) => a + r.decodedBodySize, 0)};
            }""")
            weights.append((timing["bytes"], timing["raw"]))
            paints.append(timing["fcp"])
            ready.append(timing["ready"])
            await context.close()
        await browser.close()
    return {"transfer_kb": weights[0][0] / 1024, "decoded_kb": weights[0][1] / 1024,
            "fcp_ms_median": statistics.median(paints),
            "ready_ms_median": statistics.median(ready), "runs": runs}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--serve", nargs=2, metavar=("DB", "PORT_FILE"))
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(*args.serve))
        return
    folder = Path(tempfile.mkdtemp(prefix="web-bench-"))
    db = folder / "bench.sqlite3"
    links = asyncio.run(fill(db, args.games))
    port_file = folder / "port"
    child = subprocess.Popen([sys.executable, __file__, "--serve", str(db), str(port_file)],
                             cwd=ROOT)
    try:
        while not port_file.exists() or not port_file.read_text():
            time.sleep(0.1)
        base = f"http://127.0.0.1:{port_file.read_text()}"
        out: dict[str, object] = {"late_game_moves": LATE}
        out["browser"] = asyncio.run(browser_figures(base + links[0], args.runs))
        out["one_game"] = asyncio.run(open_pages(base, [links[0]] * args.pages, db, child.pid))
        spread = [links[i % len(links)] for i in range(args.pages)]
        out["many_games"] = {"games": len(links),
                             **asyncio.run(open_pages(base, spread, db, child.pid))}
        print(json.dumps(out, indent=1))
    finally:
        child.terminate()
        child.wait(10)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
