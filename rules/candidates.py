"""The legal targets for a slot and colour, without asking the legality check of each.

`legal_actions` lists a main action for every target whose `*_problem` function finds no
problem; running that check on every section, link and depot of the map was most of the
engine's time, and running it on every remaining candidate still half of it. Here each
list is narrowed by exactly the conditions the `*_problem` function refuses on (a section
already built or off the network, a link not complete or too dear, a depot not open yet,
…): the reasons of the player and the state are the very predicates the `*_problem`
functions ask (`rules.play`, "the reasons"); those that depend on the built sections alone
are read from the derived `board.board`. `apply` still asks the `*_problem` functions,
so the narrowing must keep exactly what they accept: `tests/rules/test_candidates.py`
checks it against every target of the map at states of random games, and the agreement
test checks `legal_actions` against `apply`.
"""

from __future__ import annotations

from collections.abc import Container

from rules.board import Board, board
from rules.caches import Caches
from rules.memo import per_edition
from rules.model import Edition
from rules.offices import can_place_employee
from rules.play import (
    can_pay,
    depot_open,
    goods_left,
    goods_open,
    has_room,
    keys_left,
    lock_researchable,
    stations_left,
    supply_left,
    truck_for_a_load,
)
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
    return Narrowed(state, edition, pid, Caches().for_edition(edition))(slot, colour)


Table = dict[str, tuple[Target, ...]]  # colour -> targets, only colours that have some
# A slot's last filtered table: (the board's table, the state parts read, the filtered
# table, for upgrades the dearest one's price; 0 for the other slots, which cost nothing
# here), kept per slot in `Caches.filtered`.
Filtered = tuple[Table, tuple[object, ...], Table, int]


@per_edition
def _by_slot(edition: Edition) -> dict[str, Table]:
    """`all_targets` per slot and colour."""
    out: dict[str, Table] = {}
    for (slot, colour), found in all_targets(edition).items():
        if found:
            out.setdefault(slot, {})[colour] = found
    return out


class Narrowed:
    """`targets` for one player at one state, a slot's colours at once.

    What depends on the built sections alone (the frontier, complete links, built station
    spaces, depots on the network) is filtered once per `Board` and kept with it; only
    the filters on the rest of the state run here, once per slot.
    """

    __slots__ = ("by_board", "caches", "edition", "open", "player", "state", "tables")

    def __init__(self, state: State, edition: Edition, pid: str, caches: Caches) -> None:
        self.state = state
        self.edition = edition
        self.caches = caches
        self.player = state.players[pid]
        self.by_board = _by_board(edition, board(edition, state.built, caches), caches)
        self.open = self._open()
        self.tables: dict[str, Table] = {}

    def __call__(self, slot: str, colour: str) -> tuple[Target, ...]:
        if not self.is_open(slot):
            return ()
        return self.table(slot).get(colour, ())

    def is_open(self, slot: str) -> bool:
        """False when the slot's `*_problem` check refuses every target alike."""
        return self.open.get(slot, True)

    def open_slots(self) -> list[str]:
        """The slots, in edition order, that have room for one more card (`slot_room`)
        and are `is_open`."""
        player, edition, is_open = self.player, self.edition, self.open
        return [slot for slot in edition.slots if slot in edition.slot_capacity
                and has_room(player, edition, slot) and is_open.get(slot, True)]

    def table(self, slot: str) -> Table:
        """The accepted targets of a slot that `is_open`, per colour."""
        found = self.tables.get(slot)
        if found is None:
            found = self.tables[slot] = self._table(slot)
        return found

    def _table(self, slot: str) -> Table:
        if slot == "build":
            return self.by_board.table(slot)  # the frontier: what build_problem accepts
        if slot == "research":  # the player's keys alone decide it, whatever the board
            by_keys = self.caches.research
            keys = self.player.keys
            found_keys = by_keys.get(keys)
            if found_keys is None:
                if len(by_keys) >= 4096:
                    by_keys.clear()
                found_keys = by_keys[keys] = self._filtered(slot)
            return found_keys
        state = self.state
        # What the filter reads besides the board's table: a state shares these between
        # versions until they change, and a build keeps the tables it cannot change, so
        # the last filtered table is mostly found again.
        if slot == "upgrade":  # the era: the dearest upgrade's price
            inputs: tuple[object, ...] = (state.upgraded, state.era)
        elif slot == "station":
            inputs = (state.stations,)
        else:
            inputs = (state.goods, state.era)
        base = self.by_board.table(slot)
        last: Filtered | None = self.caches.filtered.get(slot)
        if last is not None and last[0] is base and last[1] == inputs:
            found, dearest = last[2], last[3]
        else:
            found = self._filtered(slot, last)
            dearest = self._dearest(found) if slot == "upgrade" else 0
            self.caches.filtered[slot] = (base, inputs, found, dearest)
        if not can_pay(self.player, dearest):  # upgrade_problem: "cannot_pay"
            costs, player = _upgrade_costs(self.edition)[state.era - 1], self.player
            return _nonempty({c: tuple(t for t in targets if can_pay(player, costs[t[0]]))
                              for c, targets in found.items()})
        return found

    def _dearest(self, table: Table) -> int:
        """What the dearest upgrade of `table` costs in this era: a player with at least
        that much can pay for every one."""
        costs = _upgrade_costs(self.edition)[self.state.era - 1]
        return max((costs[t[0]] for targets in table.values() for t in targets), default=0)

    def _filtered(self, slot: str, last: Filtered | None = None) -> Table:
        """The board's targets of the slot less those the rest of the state refuses (the
        player's money aside); `last`, the slot's last filtered table, lends the colours
        that cannot have changed since."""
        state = self.state
        if slot == "research":
            # research_problem, which no colour concerns: "lock_open", "lock_requires"
            # refuse the locks opened or not yet reachable.
            player, locks = self.player, self.edition.locks
            found = tuple(t for t in _research_targets(self.edition)
                          if lock_researchable(player, t[0], locks[t[0]]))
            return dict.fromkeys(self.edition.colours, found) if found else {}
        base = self.by_board.table(slot)
        if slot == "upgrade":  # upgrade_problem: "link_upgraded"
            upgraded, links = state.upgraded, self.edition.links
            changed = None
            if last is not None:
                before = last[1][0]
                assert isinstance(before, frozenset)
                changed = {links[lid].colour for lid in upgraded ^ before}
            return _without(base, upgraded, last, changed)
        if slot == "station":  # station_problem: "station_taken"
            stations, sections = state.stations, self.edition.sections
            if not stations:
                return base
            changed = None
            if last is not None:
                taken = last[1][0]
                assert isinstance(taken, dict)
                changed = {sections[sid][0].colour for sid in stations.keys() ^ taken.keys()}
            return _without(base, stations, last, changed)
        # load_problem: "goods_exhausted", "depot_closed", "pharma_closed"
        edition = self.edition
        depots = edition.depots
        return _nonempty({c: tuple(t for t in found if goods_left(state, t[1] or "")
                                   and depot_open(state, depots[t[0]])
                                   and goods_open(state, edition, t[1] or ""))
                          for c, found in base.items()})

    def _open(self) -> dict[str, bool]:
        """Per slot: does its `*_problem` check leave any target, for this player? One
        pass for every slot: `legal_actions` asks of each."""
        state, edition, player = self.state, self.edition, self.player
        employee = can_place_employee(player, edition)  # "no_employee"
        return {
            # "supply_empty", "cannot_pay", "no_employee"
            "build": (supply_left(state) and employee
                      and can_pay(player, edition.era(state.era).build_cost)),
            "upgrade": employee,
            # "no_stations_left", "cannot_pay"
            "station": stations_left(player) and can_pay(player, edition.station_cost),
            # "no_free_truck"; with reloading, a truck on the map is named
            "load": truck_for_a_load(player, edition),
            "research": keys_left(player, edition),  # "no_keys_left"
        }


@per_edition
def _research_targets(edition: Edition) -> tuple[Target, ...]:
    return tuple((lock, None) for lock in edition.locks)


def _without(base: Table, refused: Container[str], last: Filtered | None,
             changed: set[str] | None) -> Table:
    """`base` less the targets named in `refused`, per colour, without the colours left
    empty. A colour is taken from `last` (the slot's last filtered table) as it was when
    its base targets are the very same and it is not among the `changed` colours (those
    of the names refused now or then, not both; None: every colour): a station or an
    upgrade changes one colour's targets, and filtering all seven was a listing's cost."""
    last_base, last_found = (last[0], last[2]) if last is not None else ({}, {})
    out: Table = {}
    for colour, targets in base.items():
        if changed is not None and colour not in changed and targets is last_base.get(colour):
            kept = last_found.get(colour, ())
        else:
            kept = tuple(t for t in targets if t[0] not in refused)
        if kept:
            out[colour] = kept
    return out


def _nonempty(table: Table) -> Table:
    return {c: found for c, found in table.items() if found}


@per_edition
def _upgrade_costs(edition: Edition) -> tuple[dict[str, int], ...]:
    """What upgrading each link costs in each era (upgrade_problem's "cannot_pay")."""
    return tuple({lid: edition.upgrade_cost(era.number, link)
                  for lid, link in edition.links.items()} for era in edition.eras)


class _BoardTargets:
    """The targets per slot and colour that the built sections alone leave open, filled
    in a slot at a time as they are asked for: build_problem's "section_built" and
    "not_connected" leave the frontier, upgrade_problem's "link_incomplete" the complete
    links, station_problem's "section_not_built" the built spaces, load_problem's
    "depot_off_network" the depots on the network."""

    __slots__ = ("edition", "facts", "found")

    def __init__(self, edition: Edition, facts: Board) -> None:
        self.edition = edition
        self.facts = facts
        self.found: dict[str, Table] = {}

    def __call__(self, slot: str, colour: str) -> tuple[Target, ...]:
        return self.table(slot).get(colour, ())

    def table(self, slot: str) -> Table:
        found = self.found.get(slot)
        if found is None:
            found = self.found[slot] = self._derive(slot)
        return found

    def _derive(self, slot: str) -> Table:
        facts, edition = self.facts, self.edition
        everything = _by_slot(edition).get(slot, {})
        if slot == "build":
            return {c: tuple((sid, None) for sid in found)
                    for c, found in facts.frontier_of.items() if found}
        if slot == "upgrade":
            keep = facts.complete
        elif slot == "station":
            keep = facts.built
        elif slot == "load":
            nodes, depots = facts.nodes, edition.depots
            return _nonempty({c: tuple(t for t in found if depots[t[0]].node in nodes)
                              for c, found in everything.items()})
        else:
            return everything
        return _nonempty({c: tuple(t for t in found if t[0] in keep)
                          for c, found in everything.items()})

    def with_colour_again(self, slot: str, table: Table, colour: str) -> Table:
        """The upgrade or station `table` of the board before one more section of
        `colour`, with that colour's targets derived again: what `_derive` gives, in its
        order, for a twentieth of the filtering."""
        everything = _by_slot(self.edition).get(slot, {})
        keep = self.facts.complete if slot == "upgrade" else self.facts.built
        again = tuple(t for t in everything.get(colour, ()) if t[0] in keep)
        return {c: again if c == colour else table[c] for c in everything
                if (again if c == colour else c in table)}


def _by_board(edition: Edition, facts: Board, caches: Caches) -> _BoardTargets:
    """The `_BoardTargets` of a board: the last one's again (kept in `caches`), or new ones
    that keep what a build could not change from the last board's, when this board has one
    section more (a search builds one section after another)."""
    before: Board | None
    tables: _BoardTargets | None
    before, tables = caches.board_targets
    if before is facts and tables is not None:
        return tables
    fresh = _BoardTargets(edition, facts)
    if (tables is not None and before is not None and tables.edition is edition
            and len(facts.built) == len(before.built) + 1 and before.built < facts.built):
        # One section more: keep each table the new section could not have changed.
        (added,) = facts.built - before.built
        link, n = edition.sections[added]
        changed = {
            "build": True,  # the frontier lost the new section (other colours: below)
            "load": before.nodes != facts.nodes,  # the depots on the network
            "upgrade": link.id in facts.complete,  # a new complete link
            "station": link.features[n - 1] == "S",  # a new built station space
        }
        for slot, table in tables.found.items():
            if not changed.get(slot, False):
                fresh.found[slot] = table
            elif slot in ("upgrade", "station"):  # only the new section's colour changed
                fresh.found[slot] = fresh.with_colour_again(slot, table, link.colour)
        build = tables.found.get("build")
        if build is not None:  # each colour whose frontier is as it was keeps its targets
            old, new = before.frontier_of, facts.frontier_of
            fresh.found["build"] = {c: build[c] if c in build and old.get(c) == found
                                    else tuple((sid, None) for sid in found)
                                    for c, found in new.items() if found}
    caches.board_targets = (facts, fresh)
    return fresh


def frontier(state: State, edition: Edition, colours: tuple[str, ...],
             caches: Caches) -> tuple[Target, ...]:
    """Unbuilt sections of these colours that touch the network, in edition order."""
    facts = board(edition, state.built, caches)
    if len(colours) == 1:
        return tuple((sid, None) for sid in facts.frontier_of.get(colours[0], ()))
    return tuple((sid, None) for sid in facts.frontier
                 if edition.sections[sid][0].colour in colours)
