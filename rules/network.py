"""Facts derived from the board: links, the network, city values (RULES §3)."""

from __future__ import annotations

from collections import deque

from rules.model import Edition, Link
from rules.state import State


def link_built(state: State, link: Link) -> int:
    """How many of the link's sections are built."""
    built = state.built
    return sum(1 for sid in link.section_ids() if sid in built)


def link_complete(state: State, link: Link) -> bool:
    built = state.built
    return all(sid in built for sid in link.section_ids())


def on_network(state: State, edition: Edition, node: str) -> bool:
    """A node is on the network when at least one complete link touches it."""
    return any(link_complete(state, link) for link in edition.links_at[node])


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


def touches_network(state: State, edition: Edition, section: str) -> bool:
    """A free section may be built when it touches the network on either side (RULES §7.1).

    Towards each end: the neighbouring section of the same link is built or, for the end
    section, the node at that end is on the network.
    """
    link, n = edition.sections[section]
    ids = link.section_ids()
    if n == 1:
        if on_network(state, edition, link.a):
            return True
    elif ids[n - 2] in state.built:
        return True
    if n == link.sections:
        return on_network(state, edition, link.b)
    return ids[n] in state.built


def colour_open(state: State, edition: Edition, colour: str) -> bool:
    """The East (yellow) is closed until its era; every other autobahn is open."""
    return colour != edition.east_colour or state.era >= edition.east_opens_era


def open_colours(state: State, edition: Edition) -> tuple[str, ...]:
    return tuple(c for c in edition.colours if colour_open(state, edition, c))


def joined(state: State, edition: Edition, a: str, b: str, *, upgraded_only: bool) -> bool:
    """Are nodes a and b joined by complete (or only upgraded) links of any colour?"""
    def usable(link: Link) -> bool:
        if upgraded_only:
            return link.id in state.upgraded
        return link_complete(state, link)

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
    out: dict[str, None] = {}
    for link in edition.links.values():
        if link.colour == colour:
            out[link.a] = None
            out[link.b] = None
    return tuple(out)
