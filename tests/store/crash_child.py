"""Child process for the crash-safety test: appends actions until it is killed.

Usage: python crash_child.py DB GAME_ID. Prints "ready" once the store is open, then the
sequence number of every action *after* its commit has returned, flushed at once: a line
on stdout is a promise that the action is durable.
"""

from __future__ import annotations

import asyncio
import os
import sys

from store import GameStore

PADDING = "x" * 30_000  # a realistic ~30 KB snapshot makes each transaction do real work


async def run(path: str, game_id: int) -> None:
    store = await GameStore.open(path)
    print("ready", flush=True)
    while True:
        game = await store.get_game(game_id)
        seq = game.action_count + 1
        await store.append_action(
            game_id,
            expected_version=game.version,
            player_id="ann",
            notation=f"move {seq}",
            snapshot_json=f'{{"seq": {seq}, "pad": "{PADDING}"}}',
            next_player="ann",
            interaction_id=f"{os.getpid()}-{seq}",
        )
        print(seq, flush=True)


if __name__ == "__main__":
    asyncio.run(run(sys.argv[1], int(sys.argv[2])))
