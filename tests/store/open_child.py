"""Child process for the concurrent-open test: opens fresh databases on command.

Usage: python open_child.py. Prints "ready" once imported; then for every line "PATH" on
stdin it opens (creating and migrating) the store at PATH, closes it and prints "ok", or
prints "error <repr>" and carries on. The parent writes the same path to two children at
once, so both open one fresh file at the same moment.
"""

from __future__ import annotations

import asyncio
import sys

from store import GameStore


async def open_once(path: str) -> str:
    try:
        await (await GameStore.open(path)).close()
    except Exception as exc:  # reported to the parent, which fails the test with it
        return f"error {exc!r}"
    return "ok"


def main() -> None:
    print("ready", flush=True)
    for line in sys.stdin:
        print(asyncio.run(open_once(line.strip())), flush=True)


if __name__ == "__main__":
    main()
