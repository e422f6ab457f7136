"""The narrowed candidate lists drop only what the full legality check refuses.

`legal_actions` checks only the targets `rules.candidates` proposes; here every target of
the map is checked with the same `*_problem` functions at states of random games, and the
narrowed list must keep exactly the accepted ones, in the same order. The derived board
facts are recomputed naively from `state.built`.
"""

from __future__ import annotations

import random

import pytest

from rules import candidates
from rules.actions import Play
from rules.board import board, derive_board
from rules.caches import Caches
from rules.network import (
    city_value,
    city_values,
    colour_open,
    link_complete,
    on_network,
    touches_network,
)
from rules.play import build_problem, target_problem
from rules.state import State
from tests.rules.helpers import EDITION, random_states


def accepted(state: State, pid: str, slot: str, colour: str,
             targets: tuple[candidates.Target, ...]) -> list[candidates.Target]:
    # with no truck off the map, a load names one to bring back (legal_main lists each)
    truck = 1 if slot == "load" and None not in state.players[pid].trucks else None
    return [(t, g) for t, g in targets
            if target_problem(state, EDITION, pid, Play(slot, t, "x", None, g, truck),
                              colour) is None]


def naive_on_network(state: State, node: str) -> bool:
    return any(all(sid in state.built for sid in link.section_ids())
               for link in EDITION.links.values() if node in (link.a, link.b))


def naive_touches(state: State, section: str) -> bool:
    link, n = EDITION.sections[section]
    ids = link.section_ids()
    before = naive_on_network(state, link.a) if n == 1 else ids[n - 2] in state.built
    after = naive_on_network(state, link.b) if n == link.sections else ids[n] in state.built
    return before or after


def sampled_states(seed: int, players: int) -> list[State]:
    return [s for i, s in enumerate(random_states(seed, players)) if i % 7 == 0]


@pytest.mark.parametrize(("seed", "players"), [(3, 2), (4, 3), (5, 4)])
def test_narrowed_targets_keep_every_accepted_target(seed: int, players: int) -> None:
    checked = 0
    everything = candidates.all_targets(EDITION)
    for state in sampled_states(seed, players):
        for pid in state.order:
            for (slot, colour), targets in everything.items():
                narrowed = candidates.targets(state, EDITION, pid, slot, colour)
                assert set(narrowed) <= set(targets)
                assert accepted(state, pid, slot, colour, narrowed) == \
                    accepted(state, pid, slot, colour, targets), (slot, colour)
                checked += len(narrowed)
            for colours in ((c,) for c in EDITION.colours):
                frontier = [sid for sid, _ in candidates.frontier(state, EDITION, colours,
                                                                    Caches())]
                assert [s for s in frontier
                        if build_problem(state, EDITION, pid, s, colours) is None] == \
                    [s for s in EDITION.sections
                     if build_problem(state, EDITION, pid, s, colours) is None]
    assert checked > 1000


@pytest.mark.parametrize(("seed", "players"), [(3, 2), (4, 3), (5, 4), (7, 3)])
def test_narrowed_targets_are_exactly_the_accepted_ones(seed: int, players: int) -> None:
    """`legal_actions` lists the narrowed targets without asking `target_problem` again,
    so for every open colour they must be the accepted targets exactly, in order."""
    checked = 0
    everything = candidates.all_targets(EDITION)
    for state in sampled_states(seed, players):
        open_colours = {c for c in EDITION.colours if colour_open(state, EDITION, c)}
        for pid in state.order:
            for (slot, colour), targets in everything.items():
                if colour not in open_colours:
                    continue
                narrowed = candidates.targets(state, EDITION, pid, slot, colour)
                assert list(narrowed) == accepted(state, pid, slot, colour, targets), (
                    slot, colour, pid)
                checked += len(narrowed)
    assert checked > 1000


@pytest.mark.parametrize(("seed", "players"), [(6, 3)])
def test_board_facts_match_a_naive_recount(seed: int, players: int) -> None:
    for state in sampled_states(seed, players):
        facts = board(EDITION, state.built, Caches().for_edition(EDITION))
        assert facts.complete == {link.id for link in EDITION.links.values()
                                  if all(s in state.built for s in link.section_ids())}
        for link in EDITION.links.values():
            assert link_complete(state, link) == (link.id in facts.complete)
        for node in EDITION.nodes:
            assert on_network(state, EDITION, node) == naive_on_network(state, node)
        for sid in EDITION.sections:
            assert touches_network(state, EDITION, sid) == naive_touches(state, sid)
        assert city_values(state, EDITION) == {
            node: city_value(state, EDITION, node) for node in EDITION.nodes
            if naive_on_network(state, node)}
        assert facts.frontier == tuple(s for s in EDITION.sections
                                       if s not in state.built and naive_touches(state, s))


def test_a_board_grown_section_by_section_is_the_board_derived_afresh() -> None:
    state = next(s for s in random_states(8, 3) if s.phase == "play")
    built = state.built
    caches = Caches().for_edition(EDITION)  # a search's: it keeps the last board
    grown = board(EDITION, built, caches)
    assert grown == derive_board(EDITION, built)
    unbuilt = [sid for sid in EDITION.sections if sid not in built]
    random.Random(8).shuffle(unbuilt)  # every section in turn, connected or not
    for sid in unbuilt:
        built = built | {sid}
        grown = board(EDITION, built, caches)  # grown from the previous one
        assert grown == derive_board(EDITION, built), sid
    assert grown.frontier == ()
    assert grown.complete == set(EDITION.links)


def test_board_targets_kept_from_the_last_board_are_those_derived_afresh() -> None:
    state = next(s for s in random_states(9, 3) if s.phase == "play")
    keys = list(candidates.all_targets(EDITION))
    built = state.built
    unbuilt = [sid for sid in EDITION.sections if sid not in built]
    random.Random(9).shuffle(unbuilt)
    kept = 0
    caches = Caches().for_edition(EDITION)
    for sid in unbuilt:
        before = candidates._by_board(EDITION, board(EDITION, built, caches), caches)
        for key in keys:
            before(*key)  # every table filled, to be kept or not
        built = built | {sid}
        grown = candidates._by_board(EDITION, board(EDITION, built, caches), caches)
        kept += len(grown.found)
        fresh = candidates._BoardTargets(EDITION, derive_board(EDITION, built))
        for key in keys:
            assert grown(*key) == fresh(*key), (sid, key)
    assert kept > 0  # the kept tables were exercised, not only fresh ones
