"""The map measures of SOLO.md §5: distances to the black autobahn and to the hub, compass
locations, sections left to build, and the Autobot's truck routes.

The static measures (G-1…G-4) are computed once per edition; the state-dependent ones
(G-7, G-8) are small shortest-path searches over the edition's ~100 sections.
"""

from __future__ import annotations

import heapq

from rules.autobot.data import SoloData
from rules.memo import per_edition
from rules.model import Edition
from rules.network import on_network
from rules.roads import delivery_country, step_graph
from rules.state import State


def _solo(edition: Edition) -> SoloData:
    assert edition.solo is not None
    return edition.solo


def node_distances(edition: Edition, targets: frozenset[str]) -> dict[str, int]:
    """G-1: sections from every node to the nearest of `targets`, over every link."""
    dist = dict.fromkeys(targets, 0)
    todo = [(0, n) for n in sorted(targets)]
    while todo:
        d, node = heapq.heappop(todo)
        if d > dist.get(node, 1 << 30):
            continue
        for link in edition.links_at[node]:
            other = link.b if link.a == node else link.a
            nd = d + link.sections
            if nd < dist.get(other, 1 << 30):
                dist[other] = nd
                heapq.heappush(todo, (nd, other))
    return dist


@per_edition
def black_distances(edition: Edition) -> dict[str, int]:
    black = _solo(edition).black
    nodes = frozenset(n for link in edition.links.values() if link.colour == black
                      for n in (link.a, link.b))
    return node_distances(edition, nodes)


@per_edition
def hub_distances(edition: Edition) -> dict[str, int]:
    return node_distances(edition, frozenset({_solo(edition).hub}))


def section_distance(edition: Edition, section: str, dist: dict[str, int]) -> int:
    link, i = edition.sections[section]
    big = 1 << 20
    return min(i - 1 + dist.get(link.a, big), link.sections - i + dist.get(link.b, big))


def dist_black_section(edition: Edition, section: str) -> int:
    """G-2 for a section (0 on the black autobahn itself)."""
    if edition.sections[section][0].colour == _solo(edition).black:
        return 0
    return section_distance(edition, section, black_distances(edition))


def dist_black_link(edition: Edition, link_id: str) -> int:
    link = edition.links[link_id]
    if link.colour == _solo(edition).black:
        return 0
    dist = black_distances(edition)
    return min(dist.get(link.a, 1 << 20), dist.get(link.b, 1 << 20))


def dist_hub_section(edition: Edition, section: str) -> int:
    return section_distance(edition, section, hub_distances(edition))


def dist_hub_link(edition: Edition, link_id: str) -> int:
    link = edition.links[link_id]
    dist = hub_distances(edition)
    return min(dist.get(link.a, 1 << 20), dist.get(link.b, 1 << 20))


def section_location(edition: Edition, section: str) -> tuple[float, float]:
    """G-4: section i of n lies at a + ((i - 1/2) / n)(b - a)."""
    link, i = edition.sections[section]
    a, b = edition.nodes[link.a], edition.nodes[link.b]
    t = (i - 0.5) / link.sections
    return a.lat + t * (b.lat - a.lat), a.lon + t * (b.lon - a.lon)


def link_location(edition: Edition, link_id: str) -> tuple[float, float]:
    link = edition.links[link_id]
    a, b = edition.nodes[link.a], edition.nodes[link.b]
    return (a.lat + b.lat) / 2, (a.lon + b.lon) / 2


def direction_key(state: State, edition: Edition,
                  location: tuple[float, float]) -> tuple[float, float]:
    """G-5 as a sort key: eras before the era-3 card's south then west, then north then east."""
    lat, lon = location
    if state.era >= _solo(edition).era3_era:
        return -lat, -lon
    return lat, lon


@per_edition
def section_order(edition: Edition) -> dict[str, int]:
    """Edition order of sections (and depots after them): the last tie-break everywhere."""
    order = {sid: i for i, sid in enumerate(edition.sections)}
    for depot in edition.depots:
        order[depot] = len(order)
    return order


@per_edition
def link_order(edition: Edition) -> dict[str, int]:
    return {lid: i for i, lid in enumerate(edition.links)}


def usable(state: State, edition: Edition, colour: str) -> bool:
    """No yellow before its era (G-7, G-8)."""
    return colour != edition.east_colour or state.era >= edition.east_opens_era


def sections_left(state: State, edition: Edition, country: str) -> int | None:
    """G-7: the fewest unbuilt sections between the network and a trading city of `country`
    (None when none can be reached)."""
    network = [n for n in edition.nodes if on_network(state, edition, n)]
    dist = dict.fromkeys(network, 0)
    todo = [(0, n) for n in network]
    heapq.heapify(todo)
    targets = set(edition.country_node[country])
    while todo:
        d, node = heapq.heappop(todo)
        if d > dist[node]:
            continue
        if node in targets:
            return d
        if edition.nodes[node].country is not None:
            continue  # trading cities are ends, not crossings
        for link in edition.links_at[node]:
            if not usable(state, edition, link.colour):
                continue
            other = link.b if link.a == node else link.a
            nd = d + sum(1 for s in link.section_ids() if s not in state.built)
            if nd < dist.get(other, 1 << 30):
                dist[other] = nd
                heapq.heappush(todo, (nd, other))
    return None


def truck_route(state: State, edition: Edition, start: str,
                country: str) -> tuple[str, ...] | None:
    """G-8: the sections a bot truck enters from `start` on its way to `country`, the last
    of them beside a trading city of it (the delivery step follows). () when it can deliver
    from where it stands; None when no route exists.

    Shortest in steps, then fewest unbuilt sections, then edition order in route order.
    """
    if state.era < edition.countries[country].opens_era:
        return None
    graph = step_graph(edition)
    order = section_order(edition)
    if delivery_country(edition, start) == country:
        return ()
    best: dict[str, tuple[int, int, tuple[int, ...]]] = {start: (0, 0, ())}
    paths: dict[str, tuple[str, ...]] = {start: ()}
    todo: list[tuple[int, int, tuple[int, ...], str]] = [(0, 0, (), start)]
    while todo:
        steps, unbuilt, key, here = heapq.heappop(todo)
        if best.get(here) != (steps, unbuilt, key):
            continue
        if here != start and delivery_country(edition, here) == country:
            return paths[here]
        for nxt in graph.get(here, ()):
            if not usable(state, edition, edition.sections[nxt][0].colour):
                continue
            cost = (steps + 1, unbuilt + (nxt not in state.built), (*key, order[nxt]))
            if nxt not in best or cost < best[nxt]:
                best[nxt] = cost
                paths[nxt] = (*paths[here], nxt)
                heapq.heappush(todo, (*cost, nxt))
    return None
