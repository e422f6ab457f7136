"""Issue 30 item 3: an import is one transaction. A killed or cancelled import left empty
lobbies, or "running" games at move 0 that looked like a fresh deal."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from service import CONSOLE, GameService
from store import GameStore
from tests.service.service_testutil import first_choice_game, record_of

RECORD = record_of(first_choice_game())
MOVES = len(RECORD["actions"])


async def _only_whole_games(store: GameStore) -> int:
    """Every game in the database is the whole record; returns how many there are."""
    games = await store.games_in_channel(  # the console's place: channel 0
        0, ("lobby", "running", "finished", "abandoned"))
    for game in games:
        assert (game.status, game.action_count) == ("finished", MOVES), \
            f"game {game.id} is half imported: {game.status} at move {game.action_count}"
        assert len(await store.read_log(game.id)) == MOVES
    return len(games)


async def test_a_cancelled_import_leaves_nothing_half_imported(
        service: GameService, store: GameStore) -> None:
    for steps in range(0, 40, 3):
        task = asyncio.ensure_future(service.import_record(CONSOLE, "ann", RECORD))
        for _ in range(steps):
            await asyncio.sleep(0)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await asyncio.sleep(0.05)  # a shielded write still under way finishes
        await _only_whole_games(store)


async def test_a_killed_import_leaves_nothing_half_imported(
        store: GameStore, db_target: Path | str, tmp_path: Path) -> None:
    record_file = tmp_path / "record.json"
    record_file.write_text(json.dumps(RECORD), encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    rng = random.Random(30)
    env = {**os.environ, "PYTHONPATH": str(root)}
    for _ in range(4):
        child = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("import_child.py")),
             str(db_target), str(record_file)],
            stdout=subprocess.PIPE, text=True, cwd=root, env=env)
        try:
            assert child.stdout is not None
            assert child.stdout.readline().strip() == "ready"
            time.sleep(rng.uniform(0.05, 0.6))
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(30)
        await _only_whole_games(store)
