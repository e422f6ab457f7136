"""Replay a complete 4-player game from its log, and `legal_actions` in the late game.

    python bench/replay_bench.py            # prints a Markdown section
    python bench/replay_bench.py --write    # also replaces "## Replay and late game"
                                            # in bench/RESULTS.md

Targets (DESIGN §6): replaying a complete 4-player game ≤ 100 ms; `legal_actions` for the
active player, median ≤ 5 ms (measured here in era 3, where the map and the hands are
largest); `apply` one action, median ≤ 0.2 ms (measured on the same log).
"""

from __future__ import annotations

import json
import platform
import statistics
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules import (  # noqa: E402
    apply,
    current_player,
    edition_by_hash,
    legal_actions,
    new_game,
)
from rules.replay import replay  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "greedy_4p.json"
RESULTS = ROOT / "bench" / "RESULTS.md"
HEADING = "## Replay and late game"


def ms(seconds: float) -> float:
    return seconds * 1000


def bench() -> str:
    record = json.loads(GOLDEN.read_text(encoding="utf-8"))
    # The record's own edition (archived since it was recorded): its actions are legal
    # there, not necessarily on today's classic.toml.
    edition = edition_by_hash(record["edition_hash"])
    replay(record)  # warm caches (edition lookups, step graph)
    runs = []
    for _ in range(30):  # CPU time: on the shared machine the wall clock counts others' turns
        start = time.process_time()
        replay(record)
        runs.append(time.process_time() - start)
    # every state of the game, then per-state timings
    states = [new_game(edition, record["players"], record["seed"])]
    for player, text in record["actions"]:
        states.append(apply(states[-1], player, text))
    applies = []
    for state, (player, text) in zip(states, record["actions"], strict=False):
        start = time.perf_counter()
        apply(state, player, text)
        applies.append(time.perf_counter() - start)
    late = [s for s in states if s.era == 3 and current_player(s) is not None]
    legal = []
    for state in late:
        pid = current_player(state)
        for _ in range(5):
            start = time.perf_counter()
            legal_actions(state, pid)
            legal.append(time.perf_counter() - start)
    legal_main = []
    for state in late:
        if state.turn is not None and state.turn.step == "main" and not state.queue:
            start = time.perf_counter()
            legal_actions(state, current_player(state))
            legal_main.append(time.perf_counter() - start)

    replay_med, replay_max = ms(statistics.median(runs)), ms(max(runs))
    legal_med = ms(statistics.median(legal))
    legal_p95 = ms(statistics.quantiles(legal, n=20)[-1])
    main_med = ms(statistics.median(legal_main))
    apply_med = ms(statistics.median(applies))
    verdict = [
        ("replay a complete 4-player game", "≤ 100 ms", replay_med <= 100),
        ("`legal_actions`, era 3, median", "≤ 5 ms", legal_med <= 5),
        ("`apply`, median", "≤ 0.2 ms", apply_med <= 0.2),
    ]
    lines = [
        HEADING,
        "",
        f"`python bench/replay_bench.py`: the golden 4-player GreedyBot game "
        f"`tests/golden/greedy_4p.json` ({len(record['actions'])} actions).",
        "",
        "| what | median ms | other |",
        "|---|---:|---|",
        f"| replay the whole game from its log (30 runs, CPU time) | {replay_med:.1f} | "
        f"max {replay_max:.1f} ms |",
        f"| `apply` one action (every action of the game) | {apply_med:.3f} | "
        f"{len(applies)} actions |",
        f"| `legal_actions`, era 3, any decision ({len(late)} states × 5) | {legal_med:.2f} | "
        f"p95 {legal_p95:.2f} ms |",
        f"| `legal_actions`, era 3, main action only ({len(legal_main)} states) | "
        f"{main_med:.2f} | |",
        "",
        *[f"- {what}: target {target}, **{'met' if ok else 'missed'}**"
          for what, target, ok in verdict],
        "",
        f"Measured {date.today().isoformat()} on {platform.platform()}, "
        f"Python {platform.python_version()}.",
        "",
        "These are the specification's figures (`rules.apply`, `rules.legal_actions`: "
        "every check made, nothing remembered between calls), what the bot and a replay "
        "use; a search's fast path is measured by `bench/rules_bench.py`.",
        "",
    ]
    return "\n".join(lines)


def write(section: str) -> None:
    text = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else "# Benchmark results\n"
    if HEADING in text:
        start = text.index(HEADING)
        end = text.find("\n## ", start + len(HEADING))
        text = text[:start] + section + ("" if end < 0 else text[end + 1:])
    else:
        text = text.rstrip("\n") + "\n\n" + section
    RESULTS.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    result = bench()
    print(result)
    if "--write" in sys.argv[1:]:
        write(result)
