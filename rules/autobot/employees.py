"""The Autobot's employees: seats (E-1…E-3) and its promotions (P-1).

Its promotions have no choice in them, so they resolve at once, never as a pending decision.
"""

from __future__ import annotations

from rules.autobot.decks import data_of
from rules.frozen import evolve
from rules.model import Edition
from rules.offices import can_place_employee, place_employee
from rules.state import State


def can_place(state: State, edition: Edition) -> bool:
    """E-3: from the supply, or 3 back from the lobby when the supply is empty."""
    return can_place_employee(state.players[data_of(edition).bot], edition)


def place(state: State, edition: Edition, colour: str) -> State:
    """E-1: the leftmost free seat, or the full office's leftmost employee to its lobby.
    The caller checked `can_place`."""
    state, owes = place_employee(state, edition, data_of(edition).bot, colour)
    return promote(state, edition) if owes else state


def floor_cap(state: State, edition: Edition) -> int:
    """P-1: the era's cap (during an era's end steps the era is still the ending one)."""
    caps = data_of(edition).floor_cap_by_era
    return min(caps[min(state.era, len(caps)) - 1], edition.floors)


def _moves(state: State, edition: Edition,
           departments: tuple[str, ...]) -> list[tuple[int, int, str, int]]:
    """(−floor reached, department index, department, from floor (0 = lobby))."""
    data = data_of(edition)
    player = state.players[data.bot]
    cap = floor_cap(state, edition)
    out = []
    for dept in departments:
        index = data.departments.index(dept)
        counts = player.floors[dept]
        if player.lobby > 0:
            out.append((-1, index, dept, 0))
        for floor in range(1, cap):
            if counts[floor - 1] > 0:
                out.append((-(floor + 1), index, dept, floor))
    return out


def promote(state: State, edition: Edition, department: str = "") -> State:
    """P-1: the move reaching the highest floor (leftmost department on a tie), in the
    named department when it has one; failing all, a seat to the lobby; else lost."""
    data = data_of(edition)
    moves = _moves(state, edition, (department,)) if department else []
    if not moves:
        moves = _moves(state, edition, data.departments)
    player = state.players[data.bot]
    if moves:
        _reach, _i, dept, source = min(moves)
        counts = list(player.floors[dept])
        counts[source] += 1
        if source == 0:
            player = evolve(player, lobby=player.lobby - 1)
        else:
            counts[source - 1] -= 1
        return state.with_player(evolve(player, floors=player.floors.set(dept, tuple(counts))))
    seats = [(seats.index(data.bot), edition.colours.index(colour), colour)
             for colour, seats in state.offices.items() if data.bot in seats]
    if not seats:
        return state
    index, _order, colour = min(seats)
    office = state.offices[colour]
    state = evolve(state, offices=state.offices.set(colour, office[:index] + office[index + 1:]))
    return state.with_player(evolve(player, lobby=player.lobby + 1))
