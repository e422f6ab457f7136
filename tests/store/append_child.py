"""Child process for the several-processes test: one move at a version, at a set moment.

Usage: python append_child.py DB GAME_ID VERSION INDEX. Opens the store, prints "ready",
waits for a line on stdin (the parent sends it to every child at once, when all are
ready, so that the moves meet in the database), submits move INDEX at VERSION and prints
"won VERSION" or "stale EXPECTED ACTUAL" (the typed conflict), or "error REPR" for
anything else.
"""

from __future__ import annotations

import asyncio
import sys

from store import GameStore, StaleVersionError


async def run(db: str, game_id: int, version: int, index: int) -> str:
    store = await GameStore.open(db)
    try:
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        try:
            result = await store.append_action(
                game_id, expected_version=version, player_id="ann",
                notation=f"build r{index}.1 with red", snapshot_json=f'{{"by": {index}}}',
                next_player="ben", interaction_id=f"proc-{index}",
            )
        except StaleVersionError as exc:
            return f"stale {exc.expected} {exc.actual}"
        return f"won {result.version}"
    except Exception as exc:  # reported to the parent, which fails the test with it
        return f"error {exc!r}"
    finally:
        await store.close()


if __name__ == "__main__":
    db, game_id, version, index = sys.argv[1:5]
    print(asyncio.run(run(db, int(game_id), int(version), int(index))), flush=True)
