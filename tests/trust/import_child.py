"""Child process for the import-kill test: imports one record after another until it is
killed. Usage: python import_child.py DB RECORD_FILE. Prints "ready" once the store is
open, then the id of each game whose import returned."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from service import CONSOLE, GameService
from store import GameStore


async def run(target: str, record_file: str) -> None:
    record = json.loads(Path(record_file).read_text(encoding="utf-8"))
    store = await GameStore.open(target)
    service = GameService(store, renderer=lambda state, view, lang: b"")
    print("ready", flush=True)
    while True:
        game = await service.import_record(CONSOLE, "ann", record)
        print(game.id, flush=True)


if __name__ == "__main__":
    asyncio.run(run(sys.argv[1], sys.argv[2]))
