"""What a stretch of play changed on the map, for boards that mark the last turn.

Pure and language-free: two states in, the sections built, links upgraded, stations placed
and trucks moved between them out. A board draws these as highlights; the service builds
them from the state at the turn's start and the state after it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.state import State


@dataclass(frozen=True, slots=True)
class TruckMove:
    player: str
    truck: int  # 1-based, as the notation counts trucks
    start: str | None  # a section or depot id; None off the map
    end: str | None


@dataclass(frozen=True, slots=True)
class MapChanges:
    built: frozenset[str] = frozenset()  # section ids
    upgraded: frozenset[str] = frozenset()  # link ids
    stations: frozenset[str] = frozenset()  # section ids
    trucks: tuple[TruckMove, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.built or self.upgraded or self.stations or self.trucks)


def map_changes(before: State, after: State) -> MapChanges:
    """What `after` has on the map that `before` had not (a truck that moved, loaded or
    delivered counts as moved when its place changed)."""
    moves = []
    for pid in after.order:
        old = before.players[pid].trucks if pid in before.players else ()
        for i, truck in enumerate(after.players[pid].trucks):
            was = old[i] if i < len(old) else None
            start = None if was is None else was.position
            end = None if truck is None else truck.position
            if start != end:
                moves.append(TruckMove(pid, i + 1, start, end))
    return MapChanges(
        built=frozenset(after.built - before.built),
        upgraded=frozenset(after.upgraded - before.upgraded),
        stations=frozenset(s for s in after.stations if s not in before.stations),
        trucks=tuple(moves))
