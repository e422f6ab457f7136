"""Final scoring and ties (RULES §10.4)."""

from __future__ import annotations

from rules.model import Edition
from rules.offices import seats_held
from rules.state import State


def floor_sum(state: State, edition: Edition, pid: str, department: str) -> int:
    """The floor values (the edition's, 1/2/3 in classic) of the player's employees in a
    department."""
    counts = state.players[pid].floors[department]
    return sum(value * n for value, n in zip(edition.floor_values, counts, strict=True))


def department_multipliers(state: State, edition: Edition, pid: str) -> dict[str, int]:
    """What each department's floor-value sum is multiplied by, in edition order."""
    player = state.players[pid]
    measured = {
        "seats": seats_held(state, pid),
        "countries": len(player.delivered),
        "stations": edition.stations - player.stations_left,
        "money": player.money // edition.finance_divisor,
    }
    return {dept: measured[edition.department_measures[dept]] for dept in edition.departments}


def score_breakdown(state: State, edition: Edition, pid: str) -> dict[str, int]:
    player = state.players[pid]
    out = {"lobby": player.lobby * edition.lobby_points}
    for dept, factor in department_multipliers(state, edition, pid).items():
        out[dept] = floor_sum(state, edition, pid, dept) * factor
    return out


def scores(state: State, edition: Edition) -> dict[str, int]:
    return {pid: sum(score_breakdown(state, edition, pid).values()) for pid in state.order}


def ranking_key(state: State, edition: Edition, pid: str) -> tuple[int, int, int]:
    """Points, then employees in the departments, then the sum of their floor values."""
    employees = sum(sum(c) for c in state.players[pid].floors.values())
    floors = sum(floor_sum(state, edition, pid, d) for d in edition.departments)
    return (sum(score_breakdown(state, edition, pid).values()), employees, floors)


def winners(state: State, edition: Edition) -> list[str]:
    """The player(s) with the best ranking; tied players share the win."""
    keys = {pid: ranking_key(state, edition, pid) for pid in state.order}
    best = max(keys.values())
    return [pid for pid in state.order if keys[pid] == best]
