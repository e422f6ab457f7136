"""Construction offices and the administration building (RULES §7.6, §10.1)."""

from __future__ import annotations

from rules.actions import Promote
from rules.frozen import evolve
from rules.model import Edition
from rules.state import Player, State


def can_place_employee(player: Player, edition: Edition) -> bool:
    """An employee comes from the supply or, when that is empty, from the lobby (seed p. 9)."""
    return player.supply > 0 or player.lobby >= edition.lobby_return


def place_employee(state: State, edition: Edition, pid: str, colour: str) -> tuple[State, bool]:
    """Seat one of `pid`'s employees in the office of `colour` (the seed rulings, p. 8–9).

    Returns the new state and whether the player owes a promotion because the employee had
    to come back from the lobby. The caller has checked `can_place_employee`.
    """
    player = state.players[pid]
    owes_promotion = False
    if player.supply == 0:
        # Exactly `lobby_return` employees come back, one is placed, then one is promoted.
        player = evolve(player, lobby=player.lobby - edition.lobby_return,
                         supply=player.supply + edition.lobby_return)
        owes_promotion = True
    state = state.with_player(evolve(player, supply=player.supply - 1))
    seats = state.offices[colour]
    if len(seats) >= edition.seats(len(state.order), colour):
        # Full office: the leftmost employee moves to the lobby, the rest slide left, and
        # the newcomer takes the rightmost seat.
        bumped = state.players[seats[0]]
        state = state.with_player(evolve(bumped, lobby=bumped.lobby + 1))
        seats = seats[1:]
    state = evolve(state, offices=state.offices.set(colour, (*seats, pid)))
    return state, owes_promotion


def seats_held(state: State, pid: str) -> int:
    return sum(seats.count(pid) for seats in state.offices.values())


def floor_lock(edition: Edition, department: str, floor: int) -> str | None:
    """The lock that opens `floor` of `department`, or None when the floor is always open."""
    for lock in edition.locks.values():
        if lock.department == department and lock.floor == floor:
            return lock.id
    return None


def promotion_options(state: State, edition: Edition, pid: str) -> list[Promote]:
    """Every one-step promotion open to `pid` (RULES §10.1)."""
    player = state.players[pid]
    # In edition order, not the dict's: a state restored from JSON lists the same actions.
    options = [Promote(f"seat:{colour}", "lobby")
               for colour in edition.colours if pid in state.offices.get(colour, ())]
    if player.lobby > 0:
        options.extend(Promote("lobby", f"{dept}1") for dept in edition.departments)
    for dept in edition.departments:
        counts = player.floors[dept]
        for floor in range(1, edition.floors):
            lock = floor_lock(edition, dept, floor + 1)
            if counts[floor - 1] > 0 and (lock is None or lock in player.keys):
                options.append(Promote(f"{dept}{floor}", f"{dept}{floor + 1}"))
    return options


def _floor_of(edition: Edition, place: str) -> tuple[str, int]:
    for dept in edition.departments:
        if place.startswith(dept) and place[len(dept):].isdigit():
            return dept, int(place[len(dept):])
    raise KeyError(place)


def promote(state: State, edition: Edition, pid: str, action: Promote) -> State:
    """Carry out a promotion that `promotion_options` listed."""
    player = state.players[pid]
    if action.source.startswith("seat:"):
        colour = action.source.removeprefix("seat:")
        seats = list(state.offices[colour])
        seats.remove(pid)  # the player's leftmost employee there; the others slide left
        state = evolve(state, offices=state.offices.set(colour, tuple(seats)))
        return state.with_player(evolve(state.players[pid], lobby=player.lobby + 1))
    dept, floor = _floor_of(edition, action.target)
    counts = list(player.floors[dept])
    counts[floor - 1] += 1
    if action.source == "lobby":
        player = evolve(player, lobby=player.lobby - 1)
    else:
        counts[floor - 2] -= 1
    return state.with_player(evolve(player, floors=player.floors.set(dept, tuple(counts))))


def employee_counts(state: State, pid: str) -> dict[str, int]:
    player = state.players[pid]
    return {
        "supply": player.supply,
        "lobby": player.lobby,
        "seats": seats_held(state, pid),
        "floors": sum(sum(c) for c in player.floors.values()),
        "grant": player.granted,
    }
