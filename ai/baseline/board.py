"""Facts about the map the evaluation needs, derived from the public edition data."""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from rules import Edition, State, delivery_countries, step_graph

# The truck step graph and the border sections are the rules' own (rules.roads): the
# evaluation must walk exactly the roads a truck may take.
steps = step_graph
border_sections = delivery_countries


@lru_cache(maxsize=8)
def reverse_steps(edition: Edition) -> dict[str, tuple[str, ...]]:
    rev: dict[str, list[str]] = {}
    for origin, targets in steps(edition).items():
        for target in targets:
            rev.setdefault(target, []).append(origin)
    return {k: tuple(v) for k, v in rev.items()}


def delivery_distance(state: State, edition: Edition, player: str) -> dict[str, int]:
    """Steps (the delivery step included) from each place to a delivery the player has
    not made yet, driving on built sections only; places that cannot reach one are absent.

    A country already delivered to still counts, at a penalty of two steps: it pays DM but
    adds nothing to the Trade department.
    """
    delivered = set(state.players[player].delivered)
    dist: dict[str, int] = {}
    todo: deque[str] = deque()
    for sid, country in border_sections(edition).items():
        if sid in state.built and state.era >= edition.countries[country].opens_era:
            dist[sid] = 1 + (2 if country in delivered else 0)
    # Dijkstra-lite: two-level seeds, then breadth-first over unit steps.
    for sid in sorted(dist, key=dist.__getitem__):
        todo.append(sid)
    rev = reverse_steps(edition)
    while todo:
        here = todo.popleft()
        for origin in rev.get(here, ()):
            if origin in edition.depots or origin in state.built:
                d = dist[here] + 1
                if d < dist.get(origin, 99):
                    dist[origin] = d
                    todo.append(origin)
    return dist


@lru_cache(maxsize=8)
def total_sections(edition: Edition) -> int:
    return sum(era.supply for era in edition.eras)


def progress(state: State, edition: Edition) -> float:
    """How far the game is, 0 at the start and 1 once the last era's supply is empty."""
    if state.phase in ("final", "scoring", "over"):
        return 1.0
    done = sum(era.supply for era in edition.eras[:state.era - 1])
    done += edition.era(state.era).supply - state.era_supply
    return min(1.0, done / total_sections(edition))


# (edition hash, built sections, era) -> place -> ((country, steps), ...); positions repeat
# across a search's simulations, so each road network is walked once.
_REACH: dict[tuple[str, frozenset[str], int], dict[str, tuple[tuple[str, int], ...]]] = {}


def country_reach(state: State, edition: Edition) -> dict[str, tuple[tuple[str, int], ...]]:
    """For each place (section or depot), every country a truck there can deliver to over
    built sections, with the steps it takes (the delivery step included), nearest first."""
    key = (edition.hash, state.built, state.era)
    found = _REACH.get(key)
    if found is not None:
        return found
    rev = reverse_steps(edition)
    best: dict[str, dict[str, int]] = {}
    for sid, country in border_sections(edition).items():
        if sid not in state.built or state.era < edition.countries[country].opens_era:
            continue
        dist = {sid: 1}
        todo: deque[str] = deque([sid])
        while todo:
            here = todo.popleft()
            for origin in rev.get(here, ()):
                if origin not in dist and (origin in edition.depots or origin in state.built):
                    dist[origin] = dist[here] + 1
                    todo.append(origin)
        for place, d in dist.items():
            mine = best.setdefault(place, {})
            if d < mine.get(country, 99):
                mine[country] = d
    out = {place: tuple(sorted(found_.items(), key=lambda kv: (kv[1], kv[0])))
           for place, found_ in best.items()}
    if len(_REACH) > 256:
        _REACH.clear()
    _REACH[key] = out
    return out
