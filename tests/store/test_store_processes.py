"""Several OS processes acting on one game at one version: exactly one move is applied, every
other process gets the typed conflict (StaleVersionError), on SQLite and on PostgreSQL.

This is what several bot processes (shards) sharing one database do when two players'
clicks, or two processes' retries, meet: the version check and the unique (game, seq) of
the log decide in the database, not in any one process's memory.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from store_testutil import started_game

from store import GameStore

PROCESSES = 6
CHILD = Path(__file__).with_name("append_child.py")
ROOT = Path(__file__).resolve().parents[2]


def _spawn(db: Path | str, game_id: int, version: int, index: int) -> subprocess.Popen[str]:
    env = {**os.environ,
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen(
        [sys.executable, str(CHILD), str(db), str(game_id), str(version), str(index)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env,
    )


async def test_several_processes_at_one_version_apply_exactly_one_move(
    db_target: Path | str,
) -> None:
    store = await GameStore.open(db_target)
    try:
        game = await started_game(store)
        for round_ in range(2):  # the second round starts from the first one's winner
            game = await store.get_game(game.id)
            children = [_spawn(db_target, game.id, game.version, round_ * 10 + i)
                        for i in range(PROCESSES)]
            for child in children:  # every child has its store open...
                assert child.stdout is not None
                ready = child.stdout.readline()
                assert ready == "ready\n", (ready, child.stderr and child.stderr.read())
            for child in children:  # ...then all go at once
                assert child.stdin is not None
                child.stdin.write("go\n")
                child.stdin.flush()
            results = []
            for child in children:
                out, err = child.communicate(timeout=60)
                assert child.returncode == 0, err
                results.append(out.strip())
            assert results.count(f"won {game.version + 1}") == 1, results
            stale = [r for r in results if r.startswith("stale")]
            assert stale == [f"stale {game.version} {game.version + 1}"] * (PROCESSES - 1)

            after = await store.get_game(game.id)
            assert (after.version, after.action_count) == (game.version + 1, round_ + 1)
            log = await store.read_log(game.id)
            assert len(log) == round_ + 1
            winner = results.index(f"won {game.version + 1}") + round_ * 10
            assert log[-1].notation == f"build r{winner}.1 with red"
            assert log[-1].interaction_id == f"proc-{winner}"
            snapshot = await store.read_snapshot(game.id)
            assert snapshot is not None and snapshot.state_json == f'{{"by": {winner}}}'
            losers = [f"proc-{round_ * 10 + i}" for i in range(PROCESSES)
                      if round_ * 10 + i != winner]
            assert not any([await store.interaction_processed(x) for x in losers])
        assert (await store.integrity_check()).ok
    finally:
        await store.close()
