"""The cost of a turn post as the number of active games grows (issue 32, "Measure").

    python bench/turn_post_bench.py [--games 10,100,300,1000] [--actions 140]

For each count N: N three-player games are created and started in one SQLite store (a
fake renderer: drawing is measured by bench/render_bench.py), each brought to the same
point of a random game (`--actions`, 140 is era 3) in one store batch. Then, twice round
the table of games (the first round warms what the service remembers), each game plays
until its turn passes, and that turn's post is made as the cog makes it: the `act` that
passes the turn (its board marks what the whole turn changed) and `turn_story`. Reported
per turn post of the second round: the median CPU time, and how many times `rules.apply`
ran — the count the machine's load cannot move. Flat means the same at every N.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules
from service import GameService
from service.repository import Place
from store import GameStore

PLAYERS = 3


def fake_png(state: rules.State, view: str, lang: str) -> bytes:
    return b"PNG"


class Counted:
    """`rules.apply`, counting its calls (the service calls it as `rules.apply`)."""

    def __init__(self) -> None:
        self.calls = 0
        self.real = rules.apply

    def __call__(self, *args: object, **kwargs: object) -> rules.State:
        self.calls += 1
        return self.real(*args, **kwargs)  # type: ignore[arg-type]


async def measure(games: int, actions: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        store = await GameStore.open(Path(tmp) / "turns.sqlite3")
        service = GameService(store, renderer=fake_png)
        counted = Counted()
        try:
            ids = []
            for i in range(games):
                game = await service.create_game(Place(1, 1000 + i), f"ann{i}", "Ann",
                                                  seats=PLAYERS, seed=i)
                await service.join(game.id, f"ben{i}", "Ben")
                await service.join(game.id, f"cem{i}", "Cem")
                started = await service.start(game.id, f"ann{i}")
                # the same seats and seed as `prefix`, so its actions replay here
                state = await service.repo.state(await service.repo.game(game.id))
                log, after = prefix_for(state, actions)
                if log:
                    await store.append_actions(
                        game.id, expected_version=started.game.version, actions=log,
                        snapshot_json=after.to_json(), next_player=rules.current_player(after))
                service.repo.forget(game.id)
                ids.append(game.id)
            cpu: list[float] = []
            applies: list[int] = []
            rules.apply = counted  # type: ignore[assignment]
            for round_ in range(2):
                for game_id in ids:
                    while True:
                        legal = await service.legal(game_id)
                        if not legal.actions or legal.player is None:
                            break
                        calls, start = counted.calls, time.process_time()
                        result = await service.act(game_id, legal.player, legal.actions[0],
                                                   expected_version=legal.version)
                        if not (result.turn_passed or result.over):
                            continue
                        await service.turn_story(game_id)
                        if round_ == 1:
                            cpu.append((time.process_time() - start) * 1000)
                            applies.append(counted.calls - calls)
                        break
            return {"games": games, "cpu_ms": statistics.median(cpu),
                    "cpu_p90": sorted(cpu)[int(len(cpu) * 0.9)],
                    "applies": statistics.median(applies), "applies_max": max(applies)}
        finally:
            rules.apply = counted.real  # type: ignore[assignment]
            service.close()
            await store.close()


def prefix_for(state: rules.State, count: int) -> tuple[list[tuple[str, str]], rules.State]:
    """`count` random actions from `state` (seeded by the state's own seed)."""
    choose = random.Random(count)
    done: list[tuple[str, str]] = []
    while len(done) < count and not rules.is_over(state):
        pid = rules.current_player(state)
        assert pid is not None
        action = str(choose.choice(rules.legal_actions(state, pid)))
        state = rules.apply(state, pid, action)
        done.append((pid, action))
    return done, state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="10,100,300,1000")
    parser.add_argument("--actions", type=int, default=140)
    args = parser.parse_args()
    print("| active games | CPU ms a turn post (median, p90) | `rules.apply` a turn post "
          "(median, max) |")
    print("|---:|---:|---:|")
    for games in (int(n) for n in args.games.split(",")):
        found = asyncio.run(measure(games, args.actions))
        print(f"| {games:,} | {found['cpu_ms']:.1f}, {found['cpu_p90']:.1f} | "
              f"{found['applies']:.0f}, {found['applies_max']:.0f} |", flush=True)


if __name__ == "__main__":
    main()
