"""Replaying a game record: the action log is the source of truth (DESIGN §3).

A record is a JSON object::

    {"edition": "classic", "edition_hash": "…", "seed": 7, "players": ["ann", "ben"],
     "actions": [["ben", "route koeln-nuernberg"], ["ann", "route …"], …]}

`players` is the list given to `new_game` (join order; the start player comes from the seed).
`replay(record)` sets the game up again and re-applies every action through `apply`, which
checks it against the rules; the first one refused raises `ReplayError` with its index.

    python -m rules.replay FILE      # final scores and winners, or the first error
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from rules.edition import load_edition
from rules.errors import RuleError
from rules.flow import apply
from rules.model import Edition
from rules.queries import current_player, scores, winners
from rules.registry import edition_by_hash
from rules.setup import new_game
from rules.state import State


class ReplayError(ValueError):
    """A record that does not replay: `index` is the first bad action (None: the header)."""

    def __init__(self, message: str, index: int | None = None,
                 cause: RuleError | None = None) -> None:
        where = "record" if index is None else f"action {index}"
        super().__init__(f"{where}: {message}")
        self.index = index
        self.cause = cause


def make_record(edition: Edition, players: Sequence[str], seed: int,
                actions: Iterable[tuple[str, str]],
                solo_level: int | None = None) -> dict[str, Any]:
    """`players` as given to `new_game`; a solo game also records its level (the Autobot's
    turns are in `actions` like anyone's)."""
    record = {"edition": edition.name, "edition_hash": edition.hash, "seed": seed,
              "players": list(players), "actions": [[p, str(a)] for p, a in actions]}
    if solo_level is not None:
        record["solo_level"] = solo_level
    return record


def _edition(record: dict[str, Any], edition: Edition | None) -> Edition:
    """The edition given, else the one the record's hash names (shipped or archived), else
    the shipped file of the record's edition name."""
    wanted = record.get("edition_hash")
    if edition is None and isinstance(wanted, str):
        try:
            return edition_by_hash(wanted)
        except RuleError:
            raise ReplayError(f"no shipped or archived edition has hash {wanted[:12]}; "
                              "pass the edition in") from None
    if edition is None:
        if record.get("edition") != "classic":
            raise ReplayError(f"edition {record.get('edition')!r} is not shipped; pass it in")
        edition = load_edition()
    if wanted not in (None, edition.hash):
        raise ReplayError(f"the record was played with edition hash {wanted},"
                          f" this edition is {edition.hash}")
    return edition


def replay(record: dict[str, Any], edition: Edition | None = None,
           upto: int | None = None) -> State:
    """The state after the record's actions (the first `upto` of them, if given)."""
    edition = _edition(record, edition)
    try:
        players, seed = list(record["players"]), int(record["seed"])
        actions = list(record["actions"])
        level = record.get("solo_level")
        solo_level = None if level is None else int(level)
    except (KeyError, TypeError, ValueError) as err:
        raise ReplayError(f"malformed record: {err!r}") from None
    try:
        state = new_game(edition, players, seed, solo_level=solo_level)
    except RuleError as err:
        raise ReplayError(f"cannot set up: {err}", cause=err) from None
    for index, entry in enumerate(actions[:upto]):
        if not (isinstance(entry, list | tuple) and len(entry) == 2
                and all(isinstance(x, str) for x in entry)):
            raise ReplayError(f"expected [player, action], got {entry!r}", index)
        player, text = entry
        try:
            state = apply(state, player, text)
        except RuleError as err:
            raise ReplayError(f"{player}: {text!r} refused: {err}", index, err) from None
    return state


def dumps(record: dict[str, Any]) -> str:
    """JSON with one action per line, so records diff well under version control."""
    head = {k: v for k, v in record.items() if k != "actions"}
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + ', "actions": [']
    actions = record["actions"]
    lines += [f"  {json.dumps(a, ensure_ascii=False)}{',' if i < len(actions) - 1 else ''}"
              for i, a in enumerate(actions)]
    lines.append("]}")
    return "\n".join(lines) + "\n"


def summary(state: State) -> str:
    if state.phase != "over":
        return f"not over: waiting for {current_player(state)} (era {state.era})"
    points = scores(state)
    ranked = sorted(points.items(), key=lambda kv: -kv[1])
    table = ", ".join(f"{pid} {pts}" for pid, pts in ranked)
    return f"scores: {table}\nwinners: {', '.join(winners(state))}"


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m rules.replay FILE", file=sys.stderr)
        return 2
    try:
        record = json.loads(Path(args[0]).read_text(encoding="utf-8"))
        state = replay(record)
    except (OSError, json.JSONDecodeError, ReplayError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    print(f"{len(record['actions'])} actions replayed")
    print(summary(state))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
