"""The board derived from the built sections, which the listing of main actions narrows with.

The rules ask "is this node on the network", "does this section touch it" of the links
around one node (`rules.network`). Listing every main action asks it of every section and
depot, and a search lists thousands of closely related positions: it derives the whole
board once per set of built sections (one section more than the last: only around the new
one) and keeps it in its `Caches`. Whether a section is on the frontier is decided by the
same `network.touches` the build check asks.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.caches import Caches
from rules.memo import per_edition
from rules.model import Edition
from rules.network import touches


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
                if sid not in built and touches(edition, built, nodes, sid)]
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
              if sid not in built and touches(edition, built, nodes, sid)}
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
