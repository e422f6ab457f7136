"""The targets worth checking for a slot and colour, before the full legality check.

`legal_actions` keeps a target when its `*_problem` function finds no problem; running that
check on every section, link and depot of the map was most of the engine's time. Here each
list is narrowed first by conditions that the `*_problem` function itself refuses on (a
section already built or off the network, a link not complete, …), read from the derived
`network.board`. The narrowing only drops what would be refused anyway; the verdict stays
with the `*_problem` functions that `apply` uses too, so the two cannot disagree.
`tests/rules/test_candidates.py` checks the narrowing against the unnarrowed lists.
"""

from __future__ import annotations

from rules.actions import Play
from rules.memo import per_edition
from rules.model import Edition
from rules.network import board
from rules.state import State

Target = tuple[str, str | None]  # (target, goods)


@per_edition
def all_targets(edition: Edition) -> dict[tuple[str, str], tuple[Target, ...]]:
    """Every target per (slot, colour), before the state is consulted, in edition order."""
    out: dict[tuple[str, str], list[Target]] = {}
    for colour in edition.colours:
        for sid, (link, n) in edition.sections.items():
            if link.colour == colour:
                out.setdefault(("build", colour), []).append((sid, None))
                if link.features[n - 1] == "S":
                    out.setdefault(("station", colour), []).append((sid, None))
        for link in edition.links.values():
            if link.colour == colour:
                out.setdefault(("upgrade", colour), []).append((link.id, None))
        for depot in edition.depots.values():
            if depot.colour == colour:
                out.setdefault(("load", colour), []).extend((depot.id, g) for g in depot.goods)
        out[("research", colour)] = [(lock, None) for lock in edition.locks]
    return {k: tuple(v) for k, v in out.items()}


def targets(state: State, edition: Edition, pid: str, slot: str,
            colour: str) -> tuple[Target, ...]:
    """`all_targets` for (slot, colour) less those its `*_problem` check surely refuses."""
    everything = all_targets(edition).get((slot, colour), ())
    if slot == "build":  # build_problem: "section_built", "not_connected"
        return frontier(state, edition, (colour,))
    if slot == "upgrade":  # upgrade_problem: "link_upgraded", "link_incomplete"
        complete = board(edition, state.built).complete
        upgraded = state.upgraded
        return tuple(t for t in everything if t[0] in complete and t[0] not in upgraded)
    if slot == "station":  # station_problem: "section_not_built", "station_taken"
        built, stations = state.built, state.stations
        return tuple(t for t in everything if t[0] in built and t[0] not in stations)
    if slot == "load":  # load_problem: "depot_off_network"
        nodes = board(edition, state.built).nodes
        return tuple(t for t in everything if edition.depots[t[0]].node in nodes)
    if slot == "research":  # research_problem: "lock_open", "lock_requires"
        keys = state.players[pid].keys
        locks = edition.locks
        return tuple(t for t in everything if t[0] not in keys
                     and (locks[t[0]].requires is None or locks[t[0]].requires in keys))
    return everything


def frontier(state: State, edition: Edition,
             colours: tuple[str, ...]) -> tuple[Target, ...]:
    """Unbuilt sections of these colours that touch the network, in edition order."""
    facts = board(edition, state.built)
    if len(colours) == 1:
        return tuple((sid, None) for sid in facts.frontier_of.get(colours[0], ()))
    return tuple((sid, None) for sid in facts.frontier
                 if edition.sections[sid][0].colour in colours)


_PLAYS: dict[tuple[str, str, str, str | None, str | None], Play] = {}
_PLAYS_MAX = 100_000


def play(slot: str, target: str, card: str, colour: str | None, goods: str | None) -> Play:
    """`Play(...)`, shared: a listed action is immutable, and building the frozen dataclass
    anew for every listing cost more than the legality checks behind it."""
    key = (slot, target, card, colour, goods)
    found = _PLAYS.get(key)
    if found is None:
        if len(_PLAYS) >= _PLAYS_MAX:
            _PLAYS.clear()
        found = _PLAYS[key] = Play(slot, target, card, colour, goods)
    return found
