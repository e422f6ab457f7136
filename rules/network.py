"""Facts derived from the board: links, the network, city values (RULES §3)."""

from __future__ import annotations

from collections import deque
from collections.abc import Container
from dataclasses import dataclass

from rules.caches import Caches
from rules.memo import per_edition
from rules.model import Edition, Link
from rules.state import State


@dataclass(frozen=True, slots=True)
class Board:
    """What the built sections make of the map, derived once per set of built sections.

    The listing of main actions (`rules.candidates`) reads the frontier and the depots on
    the network of every position it lists; a search lists thousands of positions, and the
    state shares its `built` frozenset between versions until a section is built, so the
    boards a search's `Caches` keeps are mostly found by identity. The rules' own
    questions (`on_network`, `city_value`, ...) ask only the links around one node or
    section, below, and need no board.
    """

    built: frozenset[str]  # the sections it is made of
    complete: frozenset[str]  # ids of links with every section built
    nodes: frozenset[str]  # nodes touched by at least one complete link
    frontier: tuple[str, ...]  # unbuilt sections touching the network, in edition order
    frontier_of: dict[str, tuple[str, ...]]  # the frontier per autobahn colour


def board(edition: Edition, built: frozenset[str], caches: Caches) -> Board:
    """The `Board` of a set of built sections, remembered in `caches`.

    The last one asked for answers at once; one section more than the last is derived
    from it (a build changes the board only around the new section); anything else is
    looked up among the recent boards, or derived afresh. `caches` serves one edition
    (`Caches.for_edition`).
    """
    last_edition, before, last = caches.board
    if before is built and last_edition is edition and last is not None:
        return last
    recent = caches.boards
    found = recent.get(built)
    if found is None:
        if (last is not None and last_edition is edition
                and len(built) == len(before) + 1 and before < built):
            (added,) = built - before
            found = _grow(edition, last, built, added)
        else:
            found = derive_board(edition, built)
        if len(recent) >= _RECENT_SIZE:
            recent.clear()  # a search that wandered far derives its boards again
        recent[built] = found
    caches.board = (edition, built, found)
    return found


_RECENT_SIZE = 256


def derive_board(edition: Edition, built: frozenset[str]) -> Board:
    """The `Board` from nothing but the built sections."""
    links = edition.links.values()
    complete = frozenset(link.id for link in links if built.issuperset(link.section_ids()))
    nodes = frozenset(end for link in links if link.id in complete for end in (link.a, link.b))
    frontier = [sid for sid in edition.sections
                if sid not in built and _touches(edition, built, nodes, sid)]
    return _with_frontier(edition, built, complete, nodes, tuple(frontier))


def _with_frontier(edition: Edition, built: frozenset[str], complete: frozenset[str],
                   nodes: frozenset[str], frontier: tuple[str, ...]) -> Board:
    frontier_of: dict[str, list[str]] = {c: [] for c in edition.colours}
    for sid in frontier:
        frontier_of[edition.sections[sid][0].colour].append(sid)
    return Board(built, complete, nodes, frontier,
                 {c: tuple(v) for c, v in frontier_of.items()})


def _grow(edition: Edition, before: Board, built: frozenset[str], added: str) -> Board:
    """`before` with one more section built. Touching the network only grows with the
    network, so the old frontier stays (less the new section) and only the sections
    next to the new one, or at the ends of a link it completes, can join it."""
    link, n = edition.sections[added]
    ids = link.section_ids()
    near = [ids[i] for i in (n - 2, n) if 0 <= i < len(ids)]
    complete, nodes = before.complete, before.nodes
    if all(sid in built for sid in ids):
        complete = complete | {link.id}
        fresh = {link.a, link.b} - nodes
        nodes = nodes | fresh
        for node in fresh:
            for other in edition.links_at[node]:
                near.append(other.section_ids()[0 if other.a == node else -1])
    joined = {sid for sid in near
              if sid not in built and _touches(edition, built, nodes, sid)}
    frontier, frontier_of = before.frontier, before.frontier_of
    if added in frontier or joined:
        keep = set(frontier)
        keep.discard(added)
        keep |= joined
        frontier = tuple(sorted(keep, key=_section_index(edition).__getitem__))
        # Only the colours of the sections that left or joined the frontier change.
        colour_of = _section_colour(edition)
        frontier_of = dict(frontier_of)
        for colour in {colour_of[sid] for sid in joined} | {link.colour}:
            frontier_of[colour] = tuple(sid for sid in frontier if colour_of[sid] == colour)
    return Board(built, complete, nodes, frontier, frontier_of)


@per_edition
def _section_index(edition: Edition) -> dict[str, int]:
    return {sid: i for i, sid in enumerate(edition.sections)}


@per_edition
def _section_colour(edition: Edition) -> dict[str, str]:
    return {sid: link.colour for sid, (link, _n) in edition.sections.items()}


class _NetworkNodes:
    """The nodes on the network of some built sections, asked one at a time
    (`node_on_network`): for a single question, cheaper than deriving them all."""

    __slots__ = ("built", "edition")

    def __init__(self, edition: Edition, built: frozenset[str]) -> None:
        self.edition, self.built = edition, built

    def __contains__(self, node: object) -> bool:
        return isinstance(node, str) and node_on_network(self.edition, self.built, node)


def _touches(edition: Edition, built: frozenset[str], nodes: Container[str],
             section: str) -> bool:
    """Towards each end: the neighbouring section of the same link is built or, for the
    end section, the node at that end is on the network (RULES §7.1). The one account of
    "touches the network": the build check asks it (`touches_network`), and so does the
    derived board's frontier that narrows the listing."""
    link, n = edition.sections[section]
    ids = link.section_ids()
    if n == 1:
        if link.a in nodes:
            return True
    elif ids[n - 2] in built:
        return True
    if n == link.sections:
        return link.b in nodes
    return ids[n] in built


def link_built(state: State, link: Link) -> int:
    """How many of the link's sections are built."""
    built = state.built
    return sum(1 for sid in link.section_ids() if sid in built)


def link_complete(state: State, link: Link) -> bool:
    built = state.built
    return all(sid in built for sid in link.section_ids())


def on_network(state: State, edition: Edition, node: str) -> bool:
    """A node is on the network when at least one complete link touches it."""
    return node_on_network(edition, state.built, node)


def node_on_network(edition: Edition, built: frozenset[str], node: str) -> bool:
    """`on_network`, of the built sections alone."""
    return any(all(sid in built for sid in link.section_ids())
               for link in edition.links_at[node])


def city_value(state: State, edition: Edition, node: str) -> int:
    """The seed rule (p. 9–10): count distinct autobahns, never links.

    Each autobahn with a complete link at the city adds the single-carriageway value, and
    each autobahn with an upgraded link there adds the dual-carriageway value on top.
    """
    complete: set[str] = set()
    upgraded: set[str] = set()
    for link in edition.links_at[node]:
        if link.id in state.upgraded:
            upgraded.add(link.colour)
            complete.add(link.colour)
        elif link_complete(state, link):
            complete.add(link.colour)
    return (edition.value_per_autobahn * len(complete)
            + edition.value_per_upgraded_autobahn * len(upgraded))


def city_values(state: State, edition: Edition) -> dict[str, int]:
    """`city_value` of every city on the network, in one pass over the links (an era's end
    and a computer player's evaluation ask it of every office's cities)."""
    built = state.built
    autobahns: dict[str, set[str]] = {}  # city -> colours of its complete links
    for link in edition.links.values():
        if built.issuperset(link.section_ids()):
            autobahns.setdefault(link.a, set()).add(link.colour)
            autobahns.setdefault(link.b, set()).add(link.colour)
    duals: dict[str, set[str]] = {}  # city -> colours of its upgraded links
    for lid in state.upgraded:
        link = edition.links[lid]
        duals.setdefault(link.a, set()).add(link.colour)
        duals.setdefault(link.b, set()).add(link.colour)
    single, dual = edition.value_per_autobahn, edition.value_per_upgraded_autobahn
    none: set[str] = set()
    return {node: single * len(colours | duals.get(node, none))
            + dual * len(duals.get(node, none))
            for node, colours in autobahns.items()}


def touches_network(state: State, edition: Edition, section: str) -> bool:
    """A free section may be built when it touches the network on either side (RULES §7.1)."""
    return _touches(edition, state.built, _NetworkNodes(edition, state.built), section)


def colour_open(state: State, edition: Edition, colour: str) -> bool:
    """The East (yellow) is closed until its era; every other autobahn is open."""
    return colour != edition.east_colour or state.era >= edition.east_opens_era


def open_colours(state: State, edition: Edition) -> tuple[str, ...]:
    """The autobahns open now, in edition order."""
    found = _open_colours_by_era(edition).get(state.era)
    if found is None:  # an era the edition does not have (a test's state)
        found = tuple(c for c in edition.colours if colour_open(state, edition, c))
    return found


@per_edition
def _open_colours_by_era(edition: Edition) -> dict[int, tuple[str, ...]]:
    """Era -> the open colours then (`colour_open` reads nothing of the state but its
    era): a wild card asks for every colour it could be, and `legal_actions` asks once
    per card and colour."""
    return {era.number: tuple(c for c in edition.colours
                              if c != edition.east_colour or era.number >= edition.east_opens_era)
            for era in edition.eras}


def joined(state: State, edition: Edition, a: str, b: str, *, upgraded_only: bool) -> bool:
    """Are nodes a and b joined by complete (or only upgraded) links of any colour?"""
    def usable(link: Link) -> bool:
        return link.id in state.upgraded if upgraded_only else link_complete(state, link)

    seen = {a}
    todo = deque([a])
    while todo:
        node = todo.popleft()
        if node == b:
            return True
        for link in edition.links_at[node]:
            other = link.b if link.a == node else link.a
            if other not in seen and usable(link):
                seen.add(other)
                todo.append(other)
    return False


def autobahn_cities(edition: Edition, colour: str) -> tuple[str, ...]:
    """The end nodes of every link of one autobahn, each once."""
    return _autobahn_cities(edition).get(colour, ())


@per_edition
def _autobahn_cities(edition: Edition) -> dict[str, tuple[str, ...]]:
    """Colour -> `autobahn_cities`: an era's end asks it of every office, each time."""
    out: dict[str, dict[str, None]] = {}
    for link in edition.links.values():
        ends = out.setdefault(link.colour, {})
        ends[link.a] = None
        ends[link.b] = None
    return {colour: tuple(ends) for colour, ends in out.items()}
