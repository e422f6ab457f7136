"""The legal targets for a slot and colour, without asking the legality check of each.

`legal_actions` lists a main action for every target whose `*_problem` function finds no
problem; running that check on every section, link and depot of the map was most of the
engine's time, and running it on every remaining candidate still half of it. Here each
list is narrowed by exactly the conditions the `*_problem` function refuses on (a section
already built or off the network, a link not complete or too dear, a depot not open yet,
…), the ones that depend on the built sections alone read from the derived
`network.board`. `apply` still asks the `*_problem` functions, so the narrowing must
keep exactly what they accept: `tests/rules/test_candidates.py` checks it against every
target of the map at states of random games, and the agreement test checks
`legal_actions` against `apply`.
"""

from __future__ import annotations

from rules.actions import Play
from rules.memo import per_edition
from rules.model import Edition
from rules.network import Board, board
from rules.offices import can_place_employee
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
    return Narrowed(state, edition, pid)(slot, colour)


class Narrowed:
    """`targets` for one player at one state.

    What depends on the built sections alone (the frontier, complete links, built station
    spaces, depots on the network) is filtered once per `Board` and kept with it; only
    the filters on the rest of the state run per call.
    """

    __slots__ = ("by_board", "edition", "open", "player", "research", "state")

    def __init__(self, state: State, edition: Edition, pid: str) -> None:
        self.state = state
        self.edition = edition
        self.player = state.players[pid]
        self.by_board = _by_board(edition, board(edition, state.built))
        self.open: dict[str, bool] = {}
        self.research: tuple[Target, ...] | None = None

    def __call__(self, slot: str, colour: str) -> tuple[Target, ...]:
        if slot == "research":
            # research_problem (which no colour concerns): "no_keys_left" refuses every
            # lock; "lock_open", "lock_requires" those opened or not yet reachable.
            if self.research is None:
                self.research = self._research(all_targets(self.edition).get((slot, colour), ()))
            return self.research
        if not self.is_open(slot):
            return ()
        return self.open_targets(slot, colour)

    def open_targets(self, slot: str, colour: str) -> tuple[Target, ...]:
        """`self(slot, colour)` for a slot other than research that `is_open`."""
        found = self.by_board(slot, colour)
        if not found or slot == "build":
            return found
        state = self.state
        if slot == "upgrade":  # upgrade_problem: "link_upgraded", "cannot_pay"
            upgraded, money = state.upgraded, self.player.money
            costs = _upgrade_costs(self.edition)
            return tuple(t for t in found if t[0] not in upgraded and costs[t[0]] <= money)
        if slot == "station":  # station_problem: "station_taken"
            stations = state.stations
            return tuple(t for t in found if t[0] not in stations)
        if slot == "load":  # load_problem: "goods_exhausted", "depot_closed", "pharma_closed"
            goods, era, edition = state.goods, state.era, self.edition
            depots, pharma = edition.depots, edition.pharma_goods
            pharma_open = era >= edition.pharma_opens_era
            return tuple(t for t in found if goods.get(t[1] or "", 0) > 0
                         and era >= depots[t[0]].opens_era
                         and (pharma_open or t[1] != pharma))
        return found

    def is_open(self, slot: str) -> bool:
        """False when the slot's `*_problem` check refuses every target alike."""
        is_open = self.open.get(slot)
        if is_open is None:
            is_open = self.open[slot] = self._slot_open(slot)
        return is_open

    def _slot_open(self, slot: str) -> bool:
        """False when the slot's `*_problem` check refuses every target alike."""
        state, edition, player = self.state, self.edition, self.player
        if slot == "build":  # "supply_empty", "cannot_pay", "no_employee"
            return (state.era_supply > 0 and player.money >= edition.era(state.era).build_cost
                    and can_place_employee(player, edition))
        if slot == "upgrade":  # "no_employee"
            return can_place_employee(player, edition)
        if slot == "station":  # "no_stations_left", "cannot_pay"
            return player.stations_left > 0 and player.money >= edition.station_cost
        if slot == "load":  # "no_free_truck"
            return None in player.trucks
        return True

    def _research(self, everything: tuple[Target, ...]) -> tuple[Target, ...]:
        keys = self.player.keys
        if len(keys) >= self.edition.keys:
            return ()
        locks = self.edition.locks
        return tuple(t for t in everything if t[0] not in keys
                     and (locks[t[0]].requires is None or locks[t[0]].requires in keys))


@per_edition
def _upgrade_costs(edition: Edition) -> dict[str, int]:
    """What upgrading each link costs (upgrade_problem's "cannot_pay")."""
    return {lid: edition.upgrade_cost_per_section * link.sections
            for lid, link in edition.links.items()}


class _BoardTargets:
    """The targets per (slot, colour) that the built sections alone leave open, filled in
    as they are asked for: build_problem's "section_built" and "not_connected" leave the
    frontier, upgrade_problem's "link_incomplete" the complete links, station_problem's
    "section_not_built" the built spaces, load_problem's "depot_off_network" the depots
    on the network."""

    __slots__ = ("edition", "facts", "found")

    def __init__(self, edition: Edition, facts: Board) -> None:
        self.edition = edition
        self.facts = facts
        self.found: dict[tuple[str, str], tuple[Target, ...]] = {}

    def __call__(self, slot: str, colour: str) -> tuple[Target, ...]:
        key = (slot, colour)
        found = self.found.get(key)
        if found is None:
            found = self.found[key] = self._derive(slot, colour)
        return found

    def _derive(self, slot: str, colour: str) -> tuple[Target, ...]:
        facts, edition = self.facts, self.edition
        everything = all_targets(edition).get((slot, colour), ())
        if slot == "build":
            return tuple((sid, None) for sid in facts.frontier_of.get(colour, ()))
        if slot == "upgrade":
            return tuple(t for t in everything if t[0] in facts.complete)
        if slot == "station":
            return tuple(t for t in everything if t[0] in facts.built)
        if slot == "load":
            depots = edition.depots
            return tuple(t for t in everything if depots[t[0]].node in facts.nodes)
        return everything


_LAST_TABLES: tuple[Board | None, _BoardTargets | None] = (None, None)


def _by_board(edition: Edition, facts: Board) -> _BoardTargets:
    """The `_BoardTargets` of a board: the last one's again, or new ones that keep what a
    build could not change from the last board's, when this board has one section more
    (a search builds one section after another)."""
    global _LAST_TABLES
    last = _LAST_TABLES  # one read: another thread may replace it, never change it
    before, tables = last
    if before is facts and tables is not None:
        return tables
    fresh = _BoardTargets(edition, facts)
    if (tables is not None and before is not None and tables.edition is edition
            and len(facts.built) == len(before.built) + 1 and before.built < facts.built):
        # One section more: keep each table the new section could not have changed.
        (added,) = facts.built - before.built
        link, n = edition.sections[added]
        same_nodes = before.nodes == facts.nodes  # the depots on the network
        completed = link.id in facts.complete  # a new complete link of its colour
        station = link.features[n - 1] == "S"  # a new built station space
        old_frontier, new_frontier = before.frontier_of, facts.frontier_of
        for (slot, colour), targets in tables.found.items():
            if slot == "build":
                keep = old_frontier.get(colour) == new_frontier.get(colour)
            elif slot == "load":
                keep = same_nodes
            elif slot == "upgrade":
                keep = colour != link.colour or not completed
            elif slot == "station":
                keep = colour != link.colour or not station
            else:
                keep = True
            if keep:
                fresh.found[slot, colour] = targets
    _LAST_TABLES = (facts, fresh)
    return fresh


def frontier(state: State, edition: Edition,
             colours: tuple[str, ...]) -> tuple[Target, ...]:
    """Unbuilt sections of these colours that touch the network, in edition order."""
    facts = board(edition, state.built)
    if len(colours) == 1:
        return tuple((sid, None) for sid in facts.frontier_of.get(colours[0], ()))
    return tuple((sid, None) for sid in facts.frontier
                 if edition.sections[sid][0].colour in colours)


class _Row(dict[Target, Play]):
    """The `Play` of each target for one slot, card and colour named, made when first
    asked for: a listed action is immutable, so one object serves every listing, and
    building the frozen dataclass anew cost more than the legality checks behind it."""

    __slots__ = ("card", "colour", "slot")

    def __init__(self, slot: str, card: str, colour: str | None) -> None:
        super().__init__()
        self.slot, self.card, self.colour = slot, card, colour

    def __missing__(self, target: Target) -> Play:
        found = self[target] = Play(self.slot, target[0], self.card, self.colour, target[1])
        return found


_ROWS: dict[tuple[str, str, str | None], _Row] = {}
_ROWS_MAX = 10_000


def plays(slot: str, card: str, colour: str | None) -> _Row:
    """`plays(slot, card, colour)[(target, goods)]` is `Play(slot, target, card, colour,
    goods)`, shared."""
    key = (slot, card, colour)
    row = _ROWS.get(key)
    if row is None:
        if len(_ROWS) >= _ROWS_MAX:
            _ROWS.clear()
        row = _ROWS[key] = _Row(slot, card, colour)
    return row
