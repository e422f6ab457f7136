"""How trucks may step across the map, and where it meets the borders: derived from the
edition alone, so `rules.trucks` and the Autobot's geometry both read it without reaching
each other (the Autobot's hooks are called from `rules.trucks`)."""

from __future__ import annotations

from rules.memo import per_edition
from rules.model import Edition


@per_edition
def step_graph(edition: Edition) -> dict[str, tuple[str, ...]]:
    """Which sections (or, from a depot, which sections) a truck may step onto.

    Along a link it steps to the neighbouring section; at a German node it may turn onto
    the nearest section of any other link there. Trading cities are not passed through:
    going beyond one is a delivery.
    """
    def end_sections(node: str, skip: str | None) -> list[str]:
        if edition.nodes[node].country is not None:
            return []
        out = []
        for link in edition.links_at[node]:
            if link.id != skip:
                out.append(f"{link.id}.{1 if link.a == node else link.sections}")
        return out

    graph: dict[str, tuple[str, ...]] = {}
    for sid, (link, n) in edition.sections.items():
        ids = link.section_ids()
        near: list[str] = []
        near += [ids[n - 2]] if n > 1 else end_sections(link.a, link.id)
        near += [ids[n]] if n < link.sections else end_sections(link.b, link.id)
        graph[sid] = tuple(near)
    for depot in edition.depots.values():
        graph[depot.id] = tuple(end_sections(depot.node, None))
    return graph


def delivery_country(edition: Edition, section: str) -> str | None:
    """The country a truck on `section` can deliver to, if the section ends at one."""
    return delivery_countries(edition).get(section)


@per_edition
def delivery_countries(edition: Edition) -> dict[str, str]:
    """Section -> the country at its end, for the sections that end at one."""
    out: dict[str, str] = {}
    for section, (link, n) in edition.sections.items():
        for end, node in ((1, link.a), (link.sections, link.b)):
            country = edition.nodes[node].country
            if n == end and country is not None:
                out[section] = country
                break
    return out
