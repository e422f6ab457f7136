"""Time `legal_actions` plus labelling for the main decision in era 3 (issue 13).

    python bench/labels_bench.py [--games N]

Autocomplete must answer within Discord's 3 s; the aim is ≤ 20 ms for the list and its
labels in one language. Plays random games and measures every main decision of era 3.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import apply, current_player, legal_actions, load_edition, new_game, pending_decision
from service.labels import labelled, ranked
from service.labels.choices import _fold, _fold_de
from service.labels.places import _MEMO

NAMES = ("ann", "ben", "cem", "dan")
TARGET_MS = 20.0


def measure(games: int, cpu: bool = False) -> dict[str, list[float]]:
    edition = load_edition()
    out: dict[str, list[float]] = {"legal": [], "legal+labels": [], "choices": []}
    # --cpu: the CPU time this thread used, which other processes on a shared machine do
    # not inflate (wall time includes waiting for a core)
    clock = time.thread_time if cpu else time.perf_counter
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(edition, list(NAMES[:2 + seed % 3]), seed=seed)
        while (pid := current_player(state)) is not None:
            decision = pending_decision(state)
            if state.era == 3 and decision is not None and decision.kind == "main":
                lang = ("en", "de", "fr")[seed % 3]
                # the state's first `legal_actions`: later calls on it are remembered
                t0 = clock()
                found = options = legal_actions(state, pid)
                t1 = clock()
                items = labelled(found, edition, lang, state, pid)
                t2 = clock()
                ranked(items, "ham", (), 25)
                t3 = clock()
                _MEMO.clear()  # the first autocomplete after a restart: no name remembered
                _fold.cache_clear()
                _fold_de.cache_clear()
                t4 = clock()
                labelled(found, edition, lang, state, pid)
                out.setdefault("labels cold", []).append((clock() - t4) * 1000)
                out["legal"].append((t1 - t0) * 1000)
                out["legal+labels"].append((t2 - t0) * 1000)
                out["choices"].append(len(found))
                out.setdefault("autocomplete", []).append((t3 - t0) * 1000)
            else:
                options = legal_actions(state, pid)
            state = apply(state, pid, rng.choice(options))
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--cpu", action="store_true", help="CPU time instead of wall time")
    args = parser.parse_args()
    out = measure(args.games, args.cpu)
    choices = out.pop("choices")
    if not choices:
        print("no era-3 main decision reached")
        return 1
    print(f"{len(choices)} era-3 main decisions, {statistics.median(choices):.0f} choices "
          f"median, {max(choices):.0f} max")
    for name, values in out.items():
        ordered = sorted(values)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        print(f"{name:>13}: median {statistics.median(values):6.2f} ms, p95 {p95:6.2f} ms, "
              f"max {max(values):6.2f} ms")
    worst = sorted(out["autocomplete"])[round(0.95 * (len(out["autocomplete"]) - 1))]
    print(f"target ≤ {TARGET_MS:.0f} ms (p95 of legal + labels + ranking): "
          f"{'met' if worst <= TARGET_MS else 'MISSED'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
