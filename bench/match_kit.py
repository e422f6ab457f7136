"""What bench/ai_vs_autobot.py and bench/ai_bench.py share: players by name, one seeded game
with a record of each watched seat, a pool of two workers run nicely and within a time
bound, and the statistics (Wilson interval, percentiles).

Players by name: `strong`, `normal`, `easy` (ai.bot), `baseline-strong`, `baseline-normal`,
`baseline-easy` (ai.baseline, the frozen players of issue 33, without their clock limit),
`greedy` and `random` (rules.bots).
"""

from __future__ import annotations

import contextlib
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import (
    Move,
    State,
    apply,
    autobot_seat,
    delivery_countries,
    edition_of,
    legal_actions,
    pending_decision,
    scores,
    winners,
)
from rules.bots import Bot, GreedyBot, RandomBot

T = TypeVar("T")
R = TypeVar("R")


def make_player(name: str, seed: int) -> Bot:
    """A player by its bench name (module docstring)."""
    if name in ("greedy", "random"):
        return GreedyBot(seed=seed) if name == "greedy" else RandomBot(seed=seed)
    if name.startswith("baseline-"):
        from ai.baseline import bot as baseline_bot

        return baseline_bot(name.removeprefix("baseline-"), seed=seed, seconds=None)
    import ai

    return ai.bot(name, seed=seed)


@dataclass
class SeatRecord:
    """One watched seat of one game."""

    player: str
    share: float = 0.0  # of the win (a shared win counts its share; a solo draw is none)
    margin: int = 0  # points ahead of the best other seat (negative: behind)
    points: int = 0
    money: int = 0  # DM left at the end
    deliveries: int = 0  # moves that delivered (RULES §8: a truck's last step into a country)
    delivered_to: set[str] = field(default_factory=set)  # their countries, from the log
    countries: int = 0  # distinct countries the rules credit at the end (the Trade factor)
    loaded: int = 0  # trucks still loaded at the end
    takebacks: int = 0
    cpu: list[float] = field(default_factory=list)  # CPU s per decision with a choice
    actions: int = 0


def play_game(state: State, bots: dict[str, Bot], names: dict[str, str],
              max_actions: int = 3000) -> dict[str, SeatRecord]:
    """Play `state` to its end with `bots` (seat -> bot; a seat without one must have a
    single legal action, the Autobot's turn); record every seat named in `names`."""
    records = {seat: SeatRecord(player) for seat, player in names.items()}
    for _ in range(max_actions):
        decision = pending_decision(state)
        if decision is None:
            break
        who = decision.player
        if who in bots:
            actions = legal_actions(state, who)
            if len(actions) > 1 and who in records:
                t0 = time.process_time()
                action = bots[who].choose(state, who)
                records[who].cpu.append(time.process_time() - t0)
            else:
                action = actions[0] if len(actions) == 1 else bots[who].choose(state, who)
        else:
            (action,) = legal_actions(state, who)
        if who in records:
            rec = records[who]
            rec.actions += 1
            if isinstance(action, Move) and action.deliver:
                rec.deliveries += 1
                rec.delivered_to.add(_delivery_country(state, who, action))
            elif str(action) == "takeback":
                rec.takebacks += 1
        state = apply(state, who, action)
    points = scores(state)
    won = winners(state) if state.phase == "over" else []
    solo = autobot_seat(state) is not None
    for seat, rec in records.items():
        p = state.players[seat]
        rec.points = points[seat]
        rec.margin = points[seat] - max(v for k, v in points.items() if k != seat)
        if solo:  # SOLO F-2: only strictly more (or the tie-breaks) wins; a draw is no win
            rec.share = 1.0 if won == [seat] else 0.0
        else:
            rec.share = 1.0 / len(won) if seat in won else 0.0
        rec.money = p.money
        rec.countries = len(p.delivered)
        rec.loaded = sum(1 for t in p.trucks if t is not None and t.goods)
    return records


def _delivery_country(state: State, who: str, move: Move) -> str:
    """The country a delivering move delivers to: the one its last section ends at."""
    truck = state.players[who].trucks[move.truck - 1]
    assert truck is not None
    last = move.path[-1] if move.path else truck.position
    return delivery_countries(edition_of(state))[last]


def nice_worker() -> None:
    """Workers yield the shared machine to interactive work (TEAM.md: nice -n 10)."""
    with contextlib.suppress(OSError):
        os.nice(max(0, 10 - os.nice(0)))


def run_pool(job: Callable[[T], R], items: Sequence[T], jobs: int,
             max_seconds: float | None) -> Iterator[R]:
    """`job(item)` for each item on `jobs` worker processes, yielding results as they come;
    after `max_seconds` no new item is started and the rest are dropped (a bounded run)."""
    started = time.monotonic()
    pending: set[Future[R]] = set()
    todo = iter(items)
    with ProcessPoolExecutor(max_workers=jobs, initializer=nice_worker) as pool:
        def fill() -> None:
            while len(pending) < jobs * 2:
                if max_seconds is not None and time.monotonic() - started > max_seconds:
                    return
                item = next(todo, None)
                if item is None:
                    return
                pending.add(pool.submit(job, item))

        fill()
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                pending.discard(fut)
                yield fut.result()
            fill()


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (a shared win counts its share)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Iterable[float], q: float) -> float:
    data = sorted(values)
    if not data:
        return 0.0
    k = (len(data) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return data[lo] + (data[hi] - data[lo]) * (k - lo)


def summary(records: Sequence[SeatRecord]) -> dict[str, Any]:
    """The figures of a cell: win share and interval, means and medians, CPU per decision."""
    n = len(records)
    wins = sum(r.share for r in records)
    lo, hi = wilson(wins, n)
    cpu = [c for r in records for c in r.cpu]
    return {
        "games": n, "wins": wins, "share": wins / n if n else 0.0, "lo": lo, "hi": hi,
        "margin": statistics.fmean(r.margin for r in records) if n else 0.0,
        "money": statistics.median(r.money for r in records) if n else 0.0,
        "deliveries": statistics.median(r.deliveries for r in records) if n else 0.0,
        "deliveries_mean": statistics.fmean(r.deliveries for r in records) if n else 0.0,
        "countries": statistics.median(r.countries for r in records) if n else 0.0,
        "loaded": statistics.fmean(r.loaded for r in records) if n else 0.0,
        "takebacks": statistics.fmean(r.takebacks for r in records) if n else 0.0,
        "p50": percentile(cpu, 0.5), "p95": percentile(cpu, 0.95),
        "max": max(cpu, default=0.0), "decisions": len(cpu),
    }
