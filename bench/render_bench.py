"""Render benchmark (DESIGN §6): full board draw + PNG encode, and a whole game's replay.

    python bench/render_bench.py

Plays one seeded random 4-player game, then times `render.board(state, "full")` on states
spread over the game against the baseline the target is measured by: paste (copy) the
cached background and encode it the same way. Every board is drawn as a turn post is: with
display names and the markings of what its turn changed (rules.changes). Prints the figures
and checks the targets: median <= 100 ms, PNG <= 500 KB, median within 2x of the baseline,
replay <= 8 MB, turn card (view "card") <= 500 KB.
"""

from __future__ import annotations

import io
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import render
from render.background import static_background
from rules import (
    apply,
    current_player,
    edition_of,
    is_over,
    legal_actions,
    load_edition,
    new_game,
)
from rules.changes import MapChanges, map_changes
from rules.state import State

NAMES = {"ann": "Ann Avery", "ben": "Benedikt", "cem": "Cem", "dan": "Danielle Dupont"}


def play(players: list[str], seed: int) -> list[State]:
    state = new_game(load_edition(), players, seed=seed)
    rnd = random.Random(seed)
    states = [state]
    while not is_over(state):
        pid = current_player(state)
        assert pid is not None
        state = apply(state, pid, rnd.choice(legal_actions(state, pid)))
        states.append(state)
    return states


def timed(fn, repeat: int) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def turn_changes(states: list[State]) -> dict[int, MapChanges]:
    """For each state, what its turn changed so far: against the state its turn began with."""
    from service.progress import turn_passed

    out, begun = {}, states[0]
    for i, state in enumerate(states):
        if i and turn_passed(states[i - 1], state):
            out[i] = map_changes(begun, state)  # the post of the turn that just ended
            begun = state
        else:
            out[i] = map_changes(begun, state)
    return out


def main() -> int:
    states = play(["ann", "ben", "cem", "dan"], seed=11)
    marks = turn_changes(states)
    step = max(1, len(states) // 20)
    sample = states[::step]
    marked = {id(s): marks[i * step] for i, s in enumerate(sample)}
    shown = sum(bool(m) for m in marked.values())
    for s in sample:  # warm the caches: backgrounds per era, text masks, label overlay
        render.board(s, names=NAMES, changes=marked[id(s)])
    board_ms: list[float] = []
    base_ms: list[float] = []
    sizes: list[int] = []
    for s in sample:
        edition = edition_of(s)
        bg = static_background(edition, "full", "en", len(s.order),
                               s.era >= edition.east_opens_era)
        # interleaved, so a busy machine slows both sides of the ratio alike
        for _ in range(7):
            board_ms += timed(lambda s=s: sizes.append(len(render.board(
                s, names=NAMES, changes=marked[id(s)]))), 1)
            base_ms += timed(lambda bg=bg: render.encode_png(bg.copy()), 1)
    # the phone views (not targets: the full board is the largest): time and size per view
    phone: dict[str, tuple[list[float], list[int]]] = {}
    for view in ("map", "players", "card"):
        ms: list[float] = []
        kb: list[int] = []
        for s in sample:
            render.board(s, view)  # warm this view's background
            ms += timed(lambda s=s, view=view, kb=kb: kb.append(len(render.board(
                s, view, names=NAMES, changes=marked[id(s)]))), 3)
        phone[view] = (ms, kb)
    rgb_ms = timed(lambda: render.draw(sample[-1]).save(io.BytesIO(), "PNG"), 5)
    t = time.perf_counter()
    anim = render.replay(states, names=NAMES)
    replay_s = time.perf_counter() - t
    med, base = statistics.median(board_ms), statistics.median(base_ms)
    p95 = sorted(board_ms)[int(len(board_ms) * 0.95)]
    print(f"game: {len(states)} states, {len(sample)} sampled ({shown} with change markings),"
          " 7 interleaved runs each")
    print(f"full board draw+encode: median {med:.1f} ms, p95 {p95:.1f} ms")
    print(f"baseline (copy cached background + encode): median {base:.1f} ms "
          f"-> ratio {med / base:.2f}x")
    print(f"PNG size: median {statistics.median(sizes) / 1024:.0f} KB, "
          f"max {max(sizes) / 1024:.0f} KB")
    print(f"same board as RGB PNG at Pillow's default level (not used): "
          f"median {statistics.median(rgb_ms):.1f} ms")
    for view, (ms, kb) in phone.items():
        print(f"{view} view ({'x'.join(map(str, render.layout.view_size(view)))}): median "
              f"{statistics.median(ms):.1f} ms, PNG max {max(kb) / 1024:.0f} KB")
    print(f"replay: {len(anim) / 1024 / 1024:.2f} MB in {replay_s:.1f} s")
    card_kb = max(phone["card"][1])
    ok = (med <= 100 and max(sizes) <= 500 * 1024 and med <= 2 * base and len(anim) <= 8 << 20
          and card_kb <= 500 * 1024)
    print("targets:", "met" if ok else "NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
