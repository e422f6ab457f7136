"""Games for the web page's tests and bench: the golden 4-player game, cut at any move,
imported as a record (the log is the truth), with a seed nobody could find by chance."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rules import apply, edition_by_hash, new_game
from service import CONSOLE, GameService, Table
from service.records import make_record

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "greedy_4p.json"


def golden_record(moves: int | None = None) -> dict[str, Any]:
    """The golden game's record up to `moves` actions (all of them when None)."""
    golden = json.loads(GOLDEN.read_text())
    actions = [tuple(a) for a in golden["actions"]][:moves]
    edition = edition_by_hash(golden["edition_hash"])
    state = new_game(edition, golden["players"], golden["seed"])
    for player, action in actions:
        state = apply(state, player, action)
    return make_record(edition=golden["edition"], edition_hash=golden["edition_hash"],
                       seed=golden["seed"], players=golden["players"],
                       names={"ann": "Ann", "ben": "Ben", "cem": "Cem", "dan": "Dan"},
                       actions=actions, final=state)


async def golden_game(service: GameService, moves: int | None = None) -> Table:
    return await service.import_record(CONSOLE, "ann", json.dumps(golden_record(moves)))
