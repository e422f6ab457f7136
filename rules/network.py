"""Facts derived from the board: links, the network, city values (RULES §3).

The rules' questions ask only the links around one node or section. The whole derived
board that the listing narrows with (`rules.board`) is search's speed, not the rules."""

from __future__ import annotations

from collections import deque
from collections.abc import Container

from rules.memo import per_edition
from rules.model import Edition, Link
from rules.state import State


class _NetworkNodes:
    """The nodes on the network of some built sections, asked one at a time
    (`node_on_network`): for a single question, cheaper than deriving them all."""

    __slots__ = ("built", "edition")

    def __init__(self, edition: Edition, built: frozenset[str]) -> None:
        self.edition, self.built = edition, built

    def __contains__(self, node: object) -> bool:
        return isinstance(node, str) and node_on_network(self.edition, self.built, node)


def touches(edition: Edition, built: frozenset[str], nodes: Container[str],
             section: str) -> bool:
    """Towards each end: the neighbouring section of the same link is built or, for the
    end section, the node at that end is on the network (RULES §7.1). The one account of
    "touches the network": the build check asks it (`touches_network`), and so does the
    derived board's frontier that narrows the listing (`rules.board`)."""
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
    return touches(edition, state.built, _NetworkNodes(edition, state.built), section)


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
