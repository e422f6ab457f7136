"""Facts derived from the board: links, the network, city values (RULES §3)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from rules.memo import per_edition
from rules.model import Edition, Link
from rules.state import State


@dataclass(frozen=True, slots=True)
class Board:
    """What the built sections make of the map, derived once per set of built sections.

    Every question below is a function of `state.built` alone, and a search asks them
    thousands of times per position; the state shares its `built` frozenset between
    versions until a section is built, so the memo below is mostly hit by identity.
    """

    built: frozenset[str]  # the sections it is made of
    complete: frozenset[str]  # ids of links with every section built
    nodes: frozenset[str]  # nodes touched by at least one complete link
    frontier: tuple[str, ...]  # unbuilt sections touching the network, in edition order
    frontier_of: dict[str, tuple[str, ...]]  # the frontier per autobahn colour


def board(edition: Edition, built: frozenset[str]) -> Board:
    """The `Board` of a set of built sections.

    The last one asked for answers at once; one section more than the last is derived
    from it (a build changes the board only around the new section); anything else is
    looked up among the recent boards, or derived afresh.
    """
    global _LAST
    last = _LAST  # one read: another thread may replace it, never change it
    if last[1] is built and last[0] is edition:
        return last[2]
    key = (id(edition), built)
    entry = _RECENT.get(key)
    if entry is not None and entry[0] is edition:
        found = entry[1]
    else:
        before = last[1]
        if last[0] is edition and len(built) == len(before) + 1 and before < built:
            (added,) = built - before
            found = _grow(edition, last[2], built, added)
        else:
            found = derive_board(edition, built)
        if len(_RECENT) >= _RECENT_SIZE:
            _RECENT.clear()  # one step, safe between threads; the next few re-derive
        _RECENT[key] = (edition, found)
    _LAST = (edition, built, found)
    return found


_EMPTY = Board(frozenset(), frozenset(), frozenset(), (), {})
_LAST: tuple[Edition | None, frozenset[str], Board] = (None, frozenset(), _EMPTY)
_RECENT: dict[tuple[int, frozenset[str]], tuple[Edition, Board]] = {}
_RECENT_SIZE = 256


def derive_board(edition: Edition, built: frozenset[str]) -> Board:
    """The `Board` from nothing but the built sections."""
    complete = frozenset(link.id for link in edition.links.values()
                         if all(sid in built for sid in link.section_ids()))
    nodes = frozenset(node for node, links in edition.links_at.items()
                      if any(link.id in complete for link in links))
    frontier = tuple(sid for sid in edition.sections
                     if sid not in built and _touches(edition, built, nodes, sid))
    return _with_frontier(edition, built, complete, nodes, frontier)


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


def _touches(edition: Edition, built: frozenset[str], nodes: frozenset[str],
             section: str) -> bool:
    """Towards each end: the neighbouring section of the same link is built or, for the
    end section, the node at that end is on the network (RULES §7.1)."""
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
    return node in board(edition, state.built).nodes


def city_value(state: State, edition: Edition, node: str) -> int:
    """The seed rule (p. 9–10): count distinct autobahns, never links.

    Each autobahn with a complete link at the city adds the single-carriageway value, and
    each autobahn with an upgraded link there adds the dual-carriageway value on top.
    """
    complete: set[str] = set()
    upgraded: set[str] = set()
    done = board(edition, state.built).complete
    for link in edition.links_at[node]:
        if link.id in state.upgraded:
            upgraded.add(link.colour)
            complete.add(link.colour)
        elif link.id in done:
            complete.add(link.colour)
    return (edition.value_per_autobahn * len(complete)
            + edition.value_per_upgraded_autobahn * len(upgraded))


def touches_network(state: State, edition: Edition, section: str) -> bool:
    """A free section may be built when it touches the network on either side (RULES §7.1)."""
    return _touches(edition, state.built, board(edition, state.built).nodes, section)


def colour_open(state: State, edition: Edition, colour: str) -> bool:
    """The East (yellow) is closed until its era; every other autobahn is open."""
    return colour != edition.east_colour or state.era >= edition.east_opens_era


def open_colours(state: State, edition: Edition) -> tuple[str, ...]:
    by_era = _open_colours_by_era(edition)
    found = by_era.get(state.era)
    if found is None:  # `colour_open` reads nothing of the state but its era
        found = by_era[state.era] = tuple(c for c in edition.colours
                                          if colour_open(state, edition, c))
    return found


@per_edition
def _open_colours_by_era(edition: Edition) -> dict[int, tuple[str, ...]]:
    """Era -> the open colours then, filled in as asked: a wild card asks for every
    colour it could be, and `legal_actions` asks once per card and colour."""
    return {}


def joined(state: State, edition: Edition, a: str, b: str, *, upgraded_only: bool) -> bool:
    """Are nodes a and b joined by complete (or only upgraded) links of any colour?"""
    done = state.upgraded if upgraded_only else board(edition, state.built).complete

    def usable(link: Link) -> bool:
        return link.id in done

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
