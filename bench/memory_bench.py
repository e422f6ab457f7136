"""Memory of the bot as deployed (issue 37, item 1): the whole process tree, render workers
included, at 100 active games.

    python bench/memory_bench.py [--commands 30000] [--active 100] [--workers 2] [--write]

One process holds the service and the store (SQLite, a temporary file); boards are drawn by
the real render pool (`BoardPool`, a process pool of `--workers` workers started by a
forkserver, as the bot runs it). First every view × language × player count × East state
is drawn once through the pool (72 boards: each worker's background cache meets every
combination), then `--active` games of 2 to 4 players in English, German and French are
played by seeded random choices, four commands in flight at a time, each finished game
replaced by a new one. A turn that passes draws the turn card (the Discord bot's turn
view); every tenth command also asks a `/board` of a random view and language.

Every `--sample` commands the resident memory of the whole tree is read from /proc: the
bot process, its render workers, the forkserver and the resource tracker. RSS counts pages
the workers share with the forkserver once per process; PSS divides them among their
sharers, so its sum is what the tree takes from the machine. Target (issue 37): the tree
≤ 300 MB with two workers at 100 active games after 30,000 commands, and flat: ≤ 5 MB
growth over the last 10,000. `--write` replaces the "## Memory" section of RESULTS.md.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules
from service import GameService
from service.render_pool import VIEWS, BoardPool, make_executor
from service.repository import Place
from store import GameStore

LANGS = ("en", "de", "fr")
TABLES = (2, 3, 4)
TARGET_MB = 300
FLAT_MB = 5
IN_FLIGHT = 4
RESULTS = Path(__file__).resolve().parent / "RESULTS.md"


@dataclass
class Figures:
    commands: int = 0
    boards: int = 0
    games_finished: int = 0
    # (commands so far, tree RSS MB, tree PSS MB, processes, bot RSS MB, largest other RSS)
    samples: list[tuple[int, float, float, int, float, float]] = field(default_factory=list)
    seconds: float = 0.0


def tree(root: int) -> list[int]:
    """`root` and every process under it, from /proc (Linux)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        parents.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += parents.get(pid, [])
    return found


def memory_mb(pid: int) -> tuple[float, float]:
    """(RSS, PSS) of one process in MB; (0, 0) if it is gone."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0.0, 0.0
    values = {line.split(":")[0]: int(line.split()[1]) for line in text.splitlines()[1:]
              if line.split()[-1] == "kB"}
    return values.get("Rss", 0) / 1024, values.get("Pss", 0) / 1024


def tree_mb() -> tuple[float, float, int, float, float]:
    """Tree RSS, tree PSS, processes, this process's RSS, the largest other's RSS."""
    pids = tree(os.getpid())
    pairs = [memory_mb(pid) for pid in pids]
    others = [r for pid, (r, _) in zip(pids, pairs, strict=True) if pid != os.getpid()]
    return (sum(r for r, _ in pairs), sum(p for _, p in pairs), len(pids),
            memory_mb(os.getpid())[0], max(others, default=0.0))


def sample_states() -> dict[tuple[int, bool], rules.State]:
    """A state per table size before and after the East opens."""
    found: dict[tuple[int, bool], rules.State] = {}
    for players in TABLES:
        rng = random.Random(players)
        state = rules.new_game(rules.load_edition(), [f"p{i}" for i in range(players)], players)
        edition = rules.edition_of(state)
        found[(players, False)] = state
        while not rules.is_over(state) and state.era < edition.east_opens_era:
            pid = rules.current_player(state)
            assert pid is not None
            state = rules.apply(state, pid, rng.choice(rules.legal_actions(state, pid)))
        found[(players, True)] = state
    return found


async def every_combination(pool: BoardPool) -> int:
    """Each view × language × table size × East state, once, through the pool."""
    jobs = [pool.render(state, view, lang) for state in sample_states().values()
            for view in VIEWS for lang in LANGS]
    for i in range(0, len(jobs), IN_FLIGHT):
        await asyncio.gather(*jobs[i:i + IN_FLIGHT])
    return len(jobs)


async def new_game(service: GameService, n: int) -> int:
    players = TABLES[n % len(TABLES)]
    host = f"h{n}"
    game = await service.create_game(Place(1, 10_000 + n), host, "Host", seats=players,
                                     seed=n, language=LANGS[n % len(LANGS)])
    for i in range(1, players):
        await service.join(game.id, f"p{n}-{i}", f"P{i}")
    await service.start(game.id, host)
    return game.id


async def play(service: GameService, games: list[int], figures: Figures, until: int,
               sample_every: int, stream: int) -> None:
    rng = random.Random(stream)
    made = len(games) * 1000 + stream  # ids of replacement games, unique per stream
    while figures.commands < until:
        slot = rng.randrange(len(games))
        game_id = games[slot]
        legal = await service.legal(game_id)
        result = await service.act(game_id, legal.player, rng.choice(legal.actions),
                                   expected_version=legal.version)
        figures.commands += 1
        count = figures.commands  # other streams count on while this one awaits below
        figures.boards += result.board is not None
        if figures.commands % 10 == 0:
            await service.board(game_id, view=rng.choice(VIEWS), lang=rng.choice(LANGS))
            figures.boards += 1
        if result.over:
            figures.games_finished += 1
            made += IN_FLIGHT
            games[slot] = await new_game(service, made)
        if count % sample_every == 0:
            figures.samples.append((figures.commands, *tree_mb()))


async def measure(commands: int = 30_000, active: int = 100, workers: int = 2,
                  sample_every: int = 1000, combinations: bool = True) -> Figures:
    figures = Figures()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        store = await GameStore.open(Path(tmp) / "memory.sqlite3")
        pool = BoardPool(executor=make_executor("process", workers=workers))
        service = GameService(store, renderer=pool, turn_view="card")
        try:
            if combinations:
                figures.boards += await every_combination(pool)
            figures.samples.append((0, *tree_mb()))
            # Each stream plays its own share of the games: no two commands race one game.
            shares = [[await new_game(service, n) for n in range(s, active, IN_FLIGHT)]
                      for s in range(IN_FLIGHT)]
            await asyncio.gather(*(play(service, share, figures, commands, sample_every, s)
                                   for s, share in enumerate(shares) if share))
            figures.samples.append((figures.commands, *tree_mb()))
        finally:
            service.close()
            pool.close()
            await store.close()
    figures.seconds = time.perf_counter() - started
    return figures


def section(f: Figures, workers: int, active: int) -> str:
    last = f.samples[-1]
    peak_pss = max(s[2] for s in f.samples)
    cut = f.commands - min(10_000, f.commands // 3)
    tail = [s for s in f.samples if s[0] >= cut]
    growth = tail[-1][2] - tail[0][2] if len(tail) > 1 else float("nan")
    verdict = "met" if peak_pss <= TARGET_MB else "MISSED"
    flat = "met" if growth <= FLAT_MB else "MISSED"
    rows = [f"| {c:,} | {rss:.0f} MB | {pss:.0f} MB | {n} | {bot:.0f} MB | {other:.0f} MB |"
            for c, rss, pss, n, bot, other in f.samples]
    load = os.getloadavg()[0]
    return "\n".join([
        "## Memory",
        "",
        f"`nice -n 5 python bench/memory_bench.py --commands {f.commands} --active {active} "
        f"--workers {workers}`: the whole process tree (bot, {workers} render workers, "
        "forkserver, resource tracker) while every view × language × table size × East "
        f"state is drawn through the render pool, then {active} games of 2–4 players in "
        f"en/de/fr are played ({f.commands:,} commands, {f.boards:,} boards drawn, "
        f"{f.games_finished} games finished and replaced). PSS counts a page shared by n "
        "processes as 1/n in each: its sum is what the tree takes from the machine.",
        "",
        "| commands | tree RSS | tree PSS | processes | bot process RSS | largest worker RSS |",
        "|---:|---:|---:|---:|---:|---:|",
        *rows,
        "",
        f"Target ≤ {TARGET_MB} MB: peak PSS {peak_pss:.0f} MB, **{verdict}**; last RSS "
        f"{last[1]:.0f} MB. Flat (≤ {FLAT_MB} MB over the last {f.commands - cut:,} "
        f"commands): {growth:+.1f} MB, **{flat}**.",
        "",
        f"Measured {date.today().isoformat()} in {f.seconds / 60:.0f} min on "
        f"{platform.platform()}, {os.cpu_count()} CPUs, load {load:.1f}, Python "
        f"{platform.python_version()}.",
        "",
    ])


def write(text: str) -> None:
    old = RESULTS.read_text(encoding="utf-8")
    start = old.find("## Memory\n")
    if start == -1:
        new = old.rstrip("\n") + "\n\n" + text
    else:
        end = old.find("\n## ", start + 1)
        new = old[:start] + text + ("" if end == -1 else old[end:])
    RESULTS.write_text(new, encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--commands", type=int, default=30_000)
    parser.add_argument("--active", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sample", type=int, default=1000)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    figures = asyncio.run(measure(args.commands, args.active, args.workers, args.sample))
    text = section(figures, args.workers, args.active)
    print(text)
    if args.write:
        write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
