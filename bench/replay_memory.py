"""Peak memory of `/replay` for a whole game: the streamed GIF against the frames-in-a-list
writer it replaced (issue 11, item 9).

    python bench/replay_memory.py          # prints a Markdown section

Each measurement runs in a fresh process (as the replay worker does: one process per
replay), and reports that process's peak resident set (ru_maxrss) and, subtracted, the
growth over a process that imported the renderer and drew one board (the worker's cost
before any replay). The game is the golden 4-player GreedyBot game (219 actions).
"""

from __future__ import annotations

import json
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GOLDEN = ROOT / "tests" / "golden" / "greedy_4p.json"


def load() -> tuple[str, tuple[str, ...], int, tuple[tuple[str, str], ...]]:
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    actions = tuple((str(p), str(n)) for p, n in data["actions"])
    return str(data["edition_hash"]), tuple(data["players"]), int(data["seed"]), actions


def run(mode: str) -> None:
    """One measurement in this process; prints JSON."""
    import io

    import render
    from service.render_pool import animate_record

    edition_hash, players, seed, actions = load()
    start = time.perf_counter()
    size = frames = 0
    if mode == "baseline":
        from service.progress import initial_state

        size = len(render.board(initial_state(edition_hash, players, seed), "map"))
    elif mode == "streamed":
        data = animate_record(edition_hash, players, seed, actions)
        size = len(data)
        from PIL import Image

        frames = Image.open(io.BytesIO(data)).n_frames
    else:  # the writer it replaced: every frame kept, then Pillow's multi-frame save
        import rules
        from render import draw, to_palette
        from render.animation import turn_ends
        from service.progress import initial_state

        state = initial_state(edition_hash, players, seed)
        states = [state]
        for player, notation in actions:
            state = rules.apply(state, player, notation)
            states.append(state)
        images = [to_palette(draw(s, "map", "en")) for s in turn_ends(states)]
        out = io.BytesIO()
        images[0].save(out, format="GIF", save_all=True, append_images=images[1:],
                       duration=500, loop=0, disposal=1, optimize=False)
        size, frames = len(out.getvalue()), len(images)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB -> MiB
    print(json.dumps({"mode": mode, "peak_mb": peak, "seconds": time.perf_counter() - start,
                      "bytes": size, "frames": frames}))


def measure(mode: str) -> dict[str, float]:
    out = subprocess.run([sys.executable, __file__, "--run", mode], capture_output=True,
                         text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    runs = {mode: [measure(mode) for _ in range(2)] for mode in ("baseline", "streamed", "list")}
    base = min(r["peak_mb"] for r in runs["baseline"])
    print("| replay of the whole game | peak RSS of the worker | over a worker that drew "
          "one board | time | GIF |")
    print("|---|---:|---:|---:|---:|")
    print(f"| worker baseline (imports, one board) | {base:.0f} MB | — | | |")
    for mode, name in (("streamed", "streamed frames (now)"),
                       ("list", "all frames in a list (before)")):
        peaks = [r["peak_mb"] for r in runs[mode]]
        r0 = runs[mode][0]
        print(f"| {name} | {min(peaks):.0f}–{max(peaks):.0f} MB | "
              f"+{min(peaks) - base:.0f}–{max(peaks) - base:.0f} MB | "
              f"{r0['seconds']:.1f} s | {r0['bytes'] / 1e6:.2f} MB, {r0['frames']} frames |")
    print(f"\nMeasured {time.strftime('%Y-%m-%d')} on {platform.platform()}, Python "
          f"{platform.python_version()}, two runs each.")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--run":
        run(sys.argv[2])
    else:
        main()
