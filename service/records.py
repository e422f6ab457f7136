"""Game records: export a game as JSON, and check a record before it is imported.

A record is everything needed to replay a game and nothing else: the edition (name and
content hash), the seed, the players in seat order and the notation log. Importing replays
it through the rules, so a record that does not replay (a typo, another edition) is
refused with the move that fails.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import rules
from locales import Phrase
from rules import RuleError, State

from .errors import BadRecord, RecordMismatch, ServiceError
from .labels import named_params
from .progress import edition_named, initial_state
from .validation import INT64_MAX, TEXT_LIMIT, display_name, is_int, player_id

FORMAT = "autobahn-record"
FORMAT_VERSION = 1
MAX_ACTIONS = 5_000  # far beyond a real game (about 250); refuses absurd files early


def state_digest(state: State) -> str:
    return hashlib.sha256(state.to_json().encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class CheckedRecord:
    edition: str
    edition_hash: str
    seed: int
    players: tuple[str, ...]
    names: Mapping[str, str]
    actions: tuple[tuple[str, str], ...]
    initial: State
    final: State
    solo_level: int | None = None


def make_record(*, edition: str, edition_hash: str, seed: int, players: Sequence[str],
                names: Mapping[str, str], actions: Sequence[tuple[str, str]],
                final: State, solo_level: int | None = None,
                sealed_seed: str | None = None) -> dict[str, Any]:
    """The record; with `sealed_seed` (a running game: service.sealing) it carries that
    instead of the seed."""
    over = rules.is_over(final)
    solo = {} if solo_level is None else {"solo_level": solo_level}
    deal: dict[str, Any] = {"seed": seed} if sealed_seed is None else {
        "sealed_seed": sealed_seed}
    return {**solo,
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "edition": edition,
        "edition_hash": edition_hash,
        **deal,
        "players": list(players),
        "names": dict(names),
        "actions": [[p, n] for p, n in actions],
        "final": {"digest": state_digest(final), "over": over,
                  "scores": rules.scores(final) if over else None},
    }


def _field(record: Mapping[str, Any], key: str, kind: type) -> Any:
    value = record.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise BadRecord(reason=Phrase("record.field", key=key, kind=kind.__name__))
    return value


Unseal = Callable[[object, str, Sequence[str]], int]


def check_record(record: Any, unseal: Unseal | None = None) -> CheckedRecord:
    """Validate and replay `record`; raises BadRecord or RecordMismatch. A record with a
    sealed seed (a running game's) needs `unseal` (token, edition hash, players) -> seed,
    which refuses a seal this bot did not make (service.sealing)."""
    if not isinstance(record, Mapping) or record.get("format") != FORMAT:
        raise BadRecord(reason=Phrase("record.format", format=FORMAT))
    if record.get("version") != FORMAT_VERSION:
        raise BadRecord(reason=Phrase("record.version", version=str(record.get("version"))[:20]))
    edition = _field(record, "edition", str)
    players = _field(record, "players", list)
    if "seed" not in record and "sealed_seed" in record:
        if unseal is None:
            raise BadRecord(reason=Phrase("record.sealed"))
        seed = unseal(record["sealed_seed"], str(record.get("edition_hash") or ""),
                      [str(p) for p in players])
    else:
        seed = _field(record, "seed", int)
    raw_actions = _field(record, "actions", list)
    if not all(isinstance(p, str) and p for p in players):
        raise BadRecord(reason=Phrase("record.players"))
    if not is_int(seed) or not 0 <= seed <= INT64_MAX:
        raise BadRecord(reason=Phrase("record.seed", high=INT64_MAX))
    if len(edition) > TEXT_LIMIT:
        raise BadRecord(reason=Phrase("record.field", key="edition", kind="str"))
    for number, pid in enumerate(players, start=1):
        try:
            player_id(pid)
        except ServiceError:
            raise BadRecord(reason=Phrase("record.player_id", number=number)) from None
    if len(raw_actions) > MAX_ACTIONS:
        raise BadRecord(reason=Phrase("record.too_long", limit=MAX_ACTIONS))
    actions: list[tuple[str, str]] = []
    for item in raw_actions:
        if (not isinstance(item, list | tuple) or len(item) != 2
                or not all(isinstance(x, str) and len(x) <= TEXT_LIMIT for x in item)):
            raise BadRecord(reason=Phrase("record.action", number=len(actions) + 1))
        actions.append((item[0], item[1]))
    names = record.get("names") or {}
    if not isinstance(names, Mapping) or not set(names) <= set(players):
        raise BadRecord(reason=Phrase("record.names"))
    for number, pid in enumerate(players, start=1):
        if pid in names:
            try:
                display_name(names[pid])
            except ServiceError:
                raise BadRecord(reason=Phrase("record.name", player=number)) from None
    wanted_hash = record.get("edition_hash")
    level = record.get("solo_level")
    if level is not None and (not isinstance(level, int) or isinstance(level, bool)):
        raise BadRecord(reason=Phrase("record.field", key="solo_level", kind="int"))
    try:
        # The record's own edition file when it names one (shipped or archived), else the
        # current file of that name.
        start = (initial_state(wanted_hash, players, seed, level) if isinstance(wanted_hash, str)
                 else rules.new_game(edition_named(edition), players=list(players), seed=seed,
                                     solo_level=level))
    except RuleError as err:
        raise BadRecord(reason=Phrase(err.code, **err.params)) from None
    if start.edition != edition:
        raise BadRecord(reason=Phrase("record.edition", edition=edition, actual=start.edition))
    state = start
    for move, (player, notation) in enumerate(actions, start=1):
        try:
            state = rules.apply(state, player, notation)
        except RuleError as err:
            raise RecordMismatch(move=move, notation=notation, reason=Phrase(
                err.code, **named_params(err.code, err.params, state, player))) from None
    final = record.get("final")
    if isinstance(final, Mapping) and final.get("digest") not in (None, state_digest(state)):
        raise BadRecord(reason=Phrase("record.final"))
    return CheckedRecord(edition, start.edition_hash, seed, tuple(players),
                         {str(k): str(v) for k, v in names.items()}, tuple(actions), start, state,
                         level)
