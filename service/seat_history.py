"""Which seats computers played, and when (issue 16): the game record, `/log` and the
final result say it, also for a seat handed back before the end.

The settings say who holds a seat *now* (service.computer); the history is kept as events:
"seat_replaced" (player, level, `at`: the moves made before the computer took over) and
"seat_reclaimed" (player, `at`). Pure functions over those events and the game's row.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from locales import translate
from store import Event

from .results import Table
from .seat_settings import computer_seats, replaced_seats

REPLACED, RECLAIMED = "seat_replaced", "seat_reclaimed"


@dataclass(frozen=True, slots=True)
class Stint:
    """A computer playing a human's seat from move `first` (1-based) to `last` (None:
    still playing)."""

    player: str
    level: str
    first: int
    last: int | None = None


def stints(events: Sequence[Event]) -> list[Stint]:
    """Every time a computer played a human's seat, in order."""
    done: list[Stint] = []
    open_: dict[str, Stint] = {}
    for e in events:
        player = str(e.detail.get("player", ""))
        at = int(e.detail.get("at", 0))
        if e.kind == REPLACED and player not in open_:
            open_[player] = Stint(player, str(e.detail.get("level", "")), at + 1)
        elif e.kind == RECLAIMED and player in open_:
            stint = open_.pop(player)
            done.append(Stint(stint.player, stint.level, stint.first, at))
    return sorted([*done, *open_.values()], key=lambda s: (s.first, s.player))


def computer_marks(settings: Mapping[str, Any], events: Sequence[Event] = ()) -> dict[str, Any]:
    """What a game record says of its computer seats: {"computer": {id: level}} for the
    seats computers sat in, {"replaced": {id: level}} for every human seat a computer
    played at some time (its latest level), and {"computer_moves": [[id, level, first,
    last], ...]} saying when (`last` None: to the end); only the keys that have some."""
    marks: dict[str, Any] = {}
    played = stints(events)
    replaced = {s.player: s.level for s in played}
    replaced.update(replaced_seats(settings))  # a seat replaced before events were kept
    for key, found in (("computer", computer_seats(settings)), ("replaced", replaced)):
        if found:
            marks[key] = found
    if played:
        marks["computer_moves"] = [[s.player, s.level, s.first, s.last] for s in played]
    return marks


def computer_log_lines(game: Table, names: Mapping[str, str], lang: str,
                       events: Sequence[Event] = ()) -> list[str]:
    """The lines `/log` opens with when computers hold or held seats: who, at which level,
    and which moves a computer made for a human."""
    held = computer_seats(game.settings)
    played = stints(events)
    known = {s.player for s in played}
    current = {p: lv for p, lv in replaced_seats(game.settings).items() if p not in known}
    lines: list[str] = []
    if held or current:
        # A computer seat's name carries its level already ("Computer 1 (normal)"); a
        # human's seat a computer plays says which.
        seats = ", ".join([names.get(pid, pid) for pid in held] + [
            translate("story.step", lang, player=names.get(pid, pid),
                      action=translate(f"computer.level.{level}", lang))
            for pid, level in current.items()])
        lines.append(translate("computer.seats", lang, seats=seats))
    for s in played:
        level = translate(f"computer.level.{s.level}", lang)
        name = names.get(s.player, s.player)
        if s.last is None:
            lines.append(translate("computer.stint_open", lang, player=name, level=level,
                                   first=s.first))
        else:
            lines.append(translate("computer.stint", lang, player=name, level=level,
                                   first=s.first, last=s.last))
    return lines


def played_by_computer(game: Table, events: Sequence[Event] = ()) -> set[str]:
    """The human seats a computer played at any time (the final result marks them)."""
    return set(replaced_seats(game.settings)) | {s.player for s in stints(events)}


def marked_names(game: Table, names: Mapping[str, str], lang: str,
                 seats: set[str]) -> dict[str, str]:
    """`names` with each of `seats` marked as played by a computer: "Ben (computer)"."""
    return {pid: translate("computer.played_for", lang, player=name) if pid in seats else name
            for pid, name in names.items()}
