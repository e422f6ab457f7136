"""Cross-checks of a built `Edition`: references between tables, declared totals, topology.

`rules.edition` has already checked each value on its own (types, bonus strings, section
features); what is left is whether the pieces fit together: every colour, node, country,
goods type and lock that is named exists, the totals declared in `[checks]` match the data,
and the pre-built network is one piece. Each failure is a `Problem` with the key to fix.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rules.edition_reader import Problem
from rules.model import Edition, Link

WILD = "*"


def check_edition(ed: Edition, checks: dict[str, int]) -> None:
    _check_players(ed)
    _check_colours(ed)
    _check_eras(ed)
    _check_goods(ed)
    _check_nodes(ed)
    _check_references(ed)
    _check_delivery_board(ed)
    _check_slots(ed)
    _check_offices(ed)
    _check_departments(ed)
    _check_locks(ed)
    _check_cards(ed)
    _check_totals(ed, checks)
    _check_prebuilt_connected(ed)


def _known(value: str | None, known: Iterable[str], what: str, key: str) -> None:
    known = list(known)
    if value not in known:
        raise Problem(key, f"unknown {what} {value!r}; known: {', '.join(known)}")


def _check_players(ed: Edition) -> None:
    if ed.players_min > ed.players_max:
        raise Problem("edition.players_min",
                      f"{ed.players_min} is more than players_max {ed.players_max}")
    # Each player gets a different board (§4.4) and the draft reveals players + extra routes (§4.7).
    if ed.delivery_board_count < ed.players_max:
        raise Problem("delivery_boards.count", f"{ed.delivery_board_count} boards cannot give "
                                               f"{ed.players_max} players one each")
    drafted = ed.players_max + ed.routes_revealed_extra
    if len(ed.route_cards) < drafted:
        raise Problem("routes.cards", f"the draft for {ed.players_max} players needs "
                                      f"{drafted} route cards, found {len(ed.route_cards)}")


def _check_colours(ed: Edition) -> None:
    _known(ed.east_colour, ed.colours, "colour", "edition.east_colour")
    _known(ed.start_office, ed.colours, "colour", "player.start_office")
    for link in ed.links.values():
        _known(link.colour, ed.colours, "colour", f"links.{link.id}.colour")
    for depot in ed.depots.values():
        _known(depot.colour, ed.colours, "colour", f"depots.{depot.id}.colour")
    for card in ed.cards.values():
        if WILD in card.colours and not card.wild:
            raise Problem(f"cards.{card.id}.colours", f'a wild card has colours = ["{WILD}"] only')
        for i, colour in enumerate(() if card.wild else card.colours):
            _known(colour, ed.colours, "colour", f"cards.{card.id}.colours[{i}]")


def _check_eras(ed: Edition) -> None:
    last = len(ed.eras)
    era_keys = [
        (ed.east_opens_era, "edition.east_opens_era"),
        (ed.pharma_opens_era, "edition.pharma_opens_era"),
        *((c.opens_era, f"countries.{c.code}.opens_era") for c in ed.countries.values()),
        *((d.opens_era, f"depots.{d.id}.opens_era") for d in ed.depots.values()),
    ]
    for era, key in era_keys:
        if not 1 <= era <= last:
            raise Problem(key, f"unknown era {era}; eras are 1 to {last}")


def _check_goods(ed: Edition) -> None:
    _known(ed.pharma_goods, ed.goods, "goods", "edition.pharma_goods")
    for depot in ed.depots.values():
        for i, goods in enumerate(depot.goods):
            _known(goods, ed.goods, "goods", f"depots.{depot.id}.goods[{i}]")
    for i, row in enumerate(ed.delivery_board):
        _known(row.goods, ed.goods, "goods", f"delivery_boards.board1[{i}].goods")


def _check_nodes(ed: Edition) -> None:
    for node in ed.nodes.values():
        key = f"nodes.{node.id}.country"
        if node.region == "abroad":
            if node.country is None:
                raise Problem(key, "a trading city (region 'abroad') needs a country")
            _known(node.country, ed.countries, "country", key)
        elif node.country is not None:
            raise Problem(key, f"only trading cities (region 'abroad') have a country, "
                               f"this node's region is {node.region!r}")
    for code in ed.countries:
        if not ed.country_node[code]:
            raise Problem(f"countries.{code}", f"no trading city: no node has country = {code!r}")


def _check_references(ed: Edition) -> None:
    """Node names in links, depots and route cards."""
    refs = [
        *((f"links.{k.id}.{end}", getattr(k, end)) for k in ed.links.values() for end in "ab"),
        *((f"depots.{d.id}.node", d.node) for d in ed.depots.values()),
        *((f"routes.cards.{r.id}.{end}", getattr(r, end))
          for r in ed.route_cards.values() for end in "ab"),
    ]
    for key, node in refs:
        if node not in ed.nodes:
            raise Problem(key, f"unknown node {node!r}")
    for route in ed.route_cards.values():
        if route.a == route.b:
            raise Problem(f"routes.cards.{route.id}.b",
                          f"a route cannot join {route.a!r} to itself")


def _check_delivery_board(ed: Edition) -> None:
    """One row per country, in [countries] order: the board rotation (§9.2) relies on it."""
    order = list(ed.countries)
    seen: list[str] = []
    for i, row in enumerate(ed.delivery_board):
        key = f"delivery_boards.board1[{i}].country"
        _known(row.country, order, "country", key)
        if row.country in seen:
            raise Problem(key, f"a second row for {row.country!r}: one row per country")
        if i < len(order) and row.country != order[i]:
            raise Problem(key, f"expected {order[i]!r} (rows follow the [countries] order), "
                               f"got {row.country!r}")
        seen.append(row.country)
    missing = [c for c in order if c not in seen]
    if missing:
        raise Problem("delivery_boards.board1", f"no row for {', '.join(map(repr, missing))}: "
                                                f"one row per country")


def _check_departments(ed: Edition) -> None:
    for dept in ed.departments:
        if dept not in ed.department_measures:
            raise Problem("administration.scoring", f"no measure for department {dept!r}")
    for dept in ed.department_measures:
        if dept not in ed.departments:
            raise Problem(f"administration.scoring.{dept}",
                          f"not a department ({', '.join(ed.departments)})")


def _check_offices(ed: Edition) -> None:
    for key, table in (("seats_extra_by_office", ed.seats_extra_by_office),
                       ("seats_by_office", ed.seats_by_office)):
        for colour in table:
            if colour not in ed.colours:
                raise Problem(f"offices.{key}.{colour}",
                              f"not a colour ({', '.join(ed.colours)})")
    both = sorted(set(ed.seats_extra_by_office) & set(ed.seats_by_office))
    if both:
        raise Problem(f"offices.seats_by_office.{both[0]}",
                      "also in seats_extra_by_office: give an office one count")


def _check_slots(ed: Edition) -> None:
    extra = [s for s in ed.slot_capacity if s not in ed.slots]
    if extra:
        raise Problem(f"slots.capacity.{extra[0]}", f"not a slot in slots.order "
                                                    f"({', '.join(ed.slots)})")
    missing = [s for s in ed.slots if s not in ed.slot_capacity]
    if missing:
        raise Problem("slots.capacity", f"no capacity for slot {missing[0]!r}")


def _check_locks(ed: Edition) -> None:
    for lock in ed.locks.values():
        key = f"locks.{lock.id}"
        if (lock.department is None) != (lock.floor is None):
            raise Problem(key, "department and floor go together: set both or neither")
        if lock.department is None and lock.effect is None:
            raise Problem(key, "a lock without a department needs an effect")
        if lock.department is not None:
            _known(lock.department, ed.departments, "department", f"{key}.department")
            assert lock.floor is not None
            # Floor 1 is open from the start (§7.5), so a lock opens floors 2..floors.
            if not 2 <= lock.floor <= ed.floors:
                raise Problem(f"{key}.floor", f"must be between 2 and {ed.floors}, "
                                              f"got {lock.floor}")
        if lock.requires is not None and (lock.requires not in ed.locks
                                          or lock.requires == lock.id):
            raise Problem(f"{key}.requires", f"unknown lock {lock.requires!r}")


def _check_cards(ed: Edition) -> None:
    for card in ed.cards.values():
        key = f"cards.{card.id}"
        # DESIGN §2: a basic card is named by its colour in the action notation.
        if card.deck == "basic" and card.colours != (card.id,):
            raise Problem(f"{key}.colours", f"a basic card has exactly its own colour "
                                            f"[{card.id!r}], got {list(card.colours)}")


def _sections(ed: Edition, which: Callable[[Link], bool], feature: str | None = None) -> int:
    return sum(
        len(link.features) if feature is None else link.features.count(feature)
        for link in ed.links.values() if which(link)
    )


def _totals(ed: Edition) -> dict[str, Callable[[], int]]:
    east = ed.east_colour

    def west_buildable(k: Link) -> bool:
        return k.colour != east and not k.prebuilt

    return {
        "prebuilt_sections": lambda: _sections(ed, lambda k: k.prebuilt),
        "west_sections": lambda: _sections(ed, west_buildable),
        "east_sections": lambda: _sections(ed, lambda k: k.colour == east),
        "west_bonus_spaces": lambda: _sections(ed, lambda k: k.colour != east, "B"),
        "east_bonus_spaces": lambda: _sections(ed, lambda k: k.colour == east, "B"),
        "bonus_tiles": lambda: len(ed.bonus_tiles),
        "improved_cards": lambda: len(ed.deck("improved")),
        "advanced_cards": lambda: len(ed.deck("advanced")),
    }


def _check_totals(ed: Edition, checks: dict[str, int]) -> None:
    totals = _totals(ed)
    for name, declared in checks.items():
        _known(name, totals, "check", f"checks.{name}")
        actual = totals[name]()
        if actual != declared:
            raise Problem(f"checks.{name}", f"declared {declared}, but the data has {actual}")


def _check_prebuilt_connected(ed: Edition) -> None:
    """Builds must touch the network (§7.1), so the pre-built part must exist and be one piece."""
    prebuilt = [k for k in ed.links.values() if k.prebuilt]
    if not prebuilt:
        raise Problem("links", "no link is prebuilt: nothing could ever be built")
    pieces: list[tuple[set[str], list[str]]] = []  # (nodes, link ids) per connected piece
    for link in prebuilt:
        touching = [p for p in pieces if link.a in p[0] or link.b in p[0]]
        merged: tuple[set[str], list[str]] = ({link.a, link.b}, [link.id])
        for piece in touching:
            merged[0].update(piece[0])
            merged[1].extend(piece[1])
            pieces.remove(piece)
        pieces.append(merged)
    if len(pieces) > 1:
        # Name each piece's links in file order, so the message reads like the file.
        names = " / ".join(", ".join(k for k in ed.links if k in links) for _, links in pieces)
        raise Problem("links", f"the pre-built network is not connected; its pieces are: {names}")
