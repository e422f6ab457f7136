"""How far each country is from a delivery: road sections still to build (issue 33).

A delivery needs a depot joined by built sections to the section beside a trading city. The
search sees a delivery only once the road exists and the truck is a turn or two away; the
roads themselves take several turns (and other players' builds) to appear. So the planner
values, for each country a player has not delivered to, the best depot's road by the
sections still missing on it: each missing section a share less (ai.evaluate,
`Weights.route`), which pulls its builds toward borders a truck can then use.
"""

from __future__ import annotations

from collections import deque

from ai.board import border_sections, reverse_steps
from rules import Edition, State

# (edition hash, built sections, era) -> country -> ((depot, sections missing), ...)
_GAPS: dict[tuple[str, frozenset[str], int], dict[str, tuple[tuple[str, int], ...]]] = {}
MAX_GAP = 4  # roads missing more sections than this are not counted


def route_gaps(state: State, edition: Edition) -> dict[str, tuple[tuple[str, int], ...]]:
    """For each country: the depots (open now or in a later era) whose road to one of its
    border sections misses at most MAX_GAP sections, with how many, nearest first."""
    key = (edition.hash, state.built, state.era)
    found = _GAPS.get(key)
    if found is not None:
        return found
    rev = reverse_steps(edition)
    built = state.built
    by_country: dict[str, dict[str, int]] = {}
    for sid, country in border_sections(edition).items():
        # 0-1 breadth-first search backwards from the border section: entering a built
        # section costs nothing, an unbuilt one costs one build.
        start = 0 if sid in built else 1
        cost = {sid: start}
        todo: deque[str] = deque([sid])
        while todo:
            here = todo.popleft()
            here_cost = cost[here]
            for origin in rev.get(here, ()):
                step = 0 if origin in built or origin in edition.depots else 1
                c = here_cost + step
                if c > MAX_GAP or c >= cost.get(origin, MAX_GAP + 1):
                    continue
                cost[origin] = c
                if step == 0:
                    todo.appendleft(origin)
                else:
                    todo.append(origin)
        mine = by_country.setdefault(country, {})
        for place, c in cost.items():
            if place in edition.depots and c < mine.get(place, MAX_GAP + 1):
                mine[place] = c
    out = {country: tuple(sorted(depots.items(), key=lambda kv: (kv[1], kv[0])))
           for country, depots in by_country.items()}
    if len(_GAPS) > 256:
        _GAPS.clear()
    _GAPS[key] = out
    return out
