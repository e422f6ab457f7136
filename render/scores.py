"""The score as the boards show it: points per department, the total, the rank.

Worked out by rules' own scoring (rules.scoring), so a board can never disagree with the
result the service announces; this module only orders and labels it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import Edition, State, ranking_key, score_breakdown

# how the boards name each part of the score, in rules.scoring.score_breakdown's keys
PARTS = ("lobby", "network", "trade", "service", "finance")


@dataclass(frozen=True, slots=True)
class Ranked:
    rank: int  # 1 = best; tied players share a rank
    player: str
    total: int
    parts: dict[str, int]  # department (and "lobby") -> points
    key: tuple[int, int, int]  # points, employees in departments, their floor values
    decided_by: int  # 0 points, 1 employees, 2 floor values: what set this player apart
    # from the player with the same points (0 when nobody shares them)


def ranked(state: State, edition: Edition) -> list[Ranked]:
    """Every player, best first, with the tie-break that separated equal points."""
    keys = {pid: ranking_key(state, edition, pid) for pid in state.order}
    order = sorted(state.order, key=lambda p: (tuple(-v for v in keys[p]),
                                               state.order.index(p)))
    out = []
    for pid in order:
        key = keys[pid]
        rank = 1 + sum(1 for q in state.order if keys[q] > key)
        same = [keys[q] for q in state.order if q != pid and keys[q][0] == key[0]]
        decided = 0
        if same:
            # the first part of the ranking key that differs from some equal-points player
            decided = max((next((i for i in (1, 2) if k[i] != key[i]), 0) for k in same),
                          default=0)
        out.append(Ranked(rank, pid, key[0], score_breakdown(state, edition, pid), key,
                          decided))
    return out
