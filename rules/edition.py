"""Load and validate an edition file (RULES §13) into an immutable `Edition`.

`load_edition()` returns the shipped classic edition; `load_edition(path)` reads a group's
own copy. Any mistake in the file is an `EditionError` that names the file, the key and the
problem (`classic.toml: links.r2.b: unknown node 'bremenn'`), so someone correcting numbers
from their printed game can fix it without reading this code. List indexes in key paths are
0-based, as in TOML tooling.
"""

from __future__ import annotations

import functools
import hashlib
import os
import tomllib
from pathlib import Path
from typing import TypeVar

from rules.autobot.data import check_solo, read_solo
from rules.edition_checks import check_edition
from rules.edition_reader import Problem, Table
from rules.model import (
    DEPARTMENT_MEASURES,
    ERA_END,
    PHARMA_BONUS,
    TRUCK_LOAD,
    TRUCK_START,
    TRUCKS_MOVE,
    Card,
    Country,
    DeliveryRow,
    Depot,
    Edition,
    Era,
    Link,
    Lock,
    Node,
    RouteCard,
    parse_bonus,
)

CLASSIC_PATH = Path(__file__).parent / "editions" / "classic.toml"
# Keys added to the format after editions were archived: an edition file without them
# meant exactly this (rules/editions/archive/ must keep loading unchanged).
LEGACY: dict[str, object] = {
    "icon": "develop 1", "revealed_extra": 1,
    # the readings of the engine before RULES.md was revised on 2026-12-01
    "pharma_bonus": "first_per_player", "trucks": {}, "trucks_move": "one",
    "truck_start": "named", "era_end": "supply", "truck_load": "free",
}
FEATURES = ("S", "D", "B", "-")
MAX_SECTIONS = 3  # RULES §2: a link has 1–3 sections
DECKS = ("basic", "improved", "advanced")
REGIONS = ("west", "east", "abroad")


class EditionError(ValueError):
    """A broken edition file. `str(err)` is `<file>: <key>: <problem>`."""

    def __init__(self, file: str, key: str, problem: str) -> None:
        super().__init__(f"{file}: {key}: {problem}" if key else f"{file}: {problem}")
        self.file = file
        self.key = key
        self.problem = problem


def load_edition(path: str | os.PathLike[str] | None = None) -> Edition:
    """Read, validate and return an edition; None means the shipped classic edition."""
    if path is None:
        return _classic()
    return _load(Path(path))


@functools.lru_cache(maxsize=1)
def _classic() -> Edition:
    # Cached: the shipped file does not change while the process runs, and the engine asks
    # for it often. A group's own file is re-read on every call, since they may be editing it.
    return _load(CLASSIC_PATH)


def _load(path: Path) -> Edition:
    name = path.name
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise EditionError(name, "", f"file not found: {path}") from None
    except OSError as err:
        raise EditionError(name, "", f"cannot read {path}: {err.strerror}") from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as err:
        raise EditionError(name, "", f"not UTF-8 text: {err}") from None
    except tomllib.TOMLDecodeError as err:
        # tomllib's message already carries "(at line N, column M)"; keep it verbatim.
        raise EditionError(name, "", f"TOML syntax error: {err}") from None
    try:
        edition, checks = _build(Table(data, ""), hashlib.sha256(raw).hexdigest(), str(path))
        check_edition(edition, checks)
    except Problem as problem:
        raise EditionError(name, problem.key, problem.message) from None
    return edition


def _build(doc: Table, digest: str, source: str) -> tuple[Edition, dict[str, int]]:
    """Read every table into model objects; checks that need one value only happen here."""
    ed, player, costs = doc.table("edition"), doc.table("player"), doc.table("costs")
    slots, admin = doc.table("slots"), doc.table("administration")
    boards, offices, cards = doc.table("delivery_boards"), doc.table("offices"), doc.table("cards")
    routes, values = doc.table("routes"), doc.table("city_values")
    track = doc.table("development_track")
    trucks = doc.table("trucks", LEGACY["trucks"])
    floors = admin.integer("floors", minimum=1)
    edition = Edition(
        name=ed.string("name"),
        hash=digest,
        colours=tuple(_unique(ed, "colours")),
        east_colour=ed.string("east_colour"),
        east_opens_era=ed.integer("east_opens_era", minimum=1),
        goods=tuple(_unique(ed, "goods")),
        pharma_goods=ed.string("pharma_goods"),
        pharma_opens_era=ed.integer("pharma_opens_era", minimum=1),
        goods_per_type=ed.integer("goods_per_type", minimum=1),
        players_min=ed.integer("players_min", minimum=1),
        players_max=ed.integer("players_max", minimum=1),
        nodes=_nodes(doc.table("nodes")),
        links=_links(doc.table("links")),
        depots=_depots(doc.table("depots")),
        countries=_countries(doc.table("countries")),
        eras=_eras(doc),
        employees=player.integer("employees", minimum=1),
        stations=player.integer("stations", minimum=0),
        trucks=player.integer("trucks", minimum=1),
        keys=player.integer("keys", minimum=0),
        starting_money=player.integer("starting_money", minimum=0),
        start_office=player.string("start_office"),
        upgrade_cost_per_section=costs.integer("upgrade_per_section", minimum=0),
        station_cost=costs.integer("station", minimum=0),
        takeback_income_per_card=costs.integer("takeback_income_per_card", minimum=0),
        station_income=costs.integer("station_income", minimum=0),
        station_income_upgraded=costs.integer("station_income_upgraded", minimum=0),
        upgrade_extra_range=costs.integer("upgrade_extra_range", minimum=0),
        seats_extra=offices.integer("seats_extra", minimum=0),
        seats_extra_by_office=_seats_by_office(offices.table("seats_extra_by_office", {})),
        seats_by_office=_seats_by_office(offices.table("seats_by_office", {}), minimum=1),
        seats_min=offices.integer("seats_min", 1, minimum=1),
        lobby_return=offices.integer("lobby_return", minimum=1),
        value_per_autobahn=values.integer("per_autobahn", minimum=0),
        value_per_upgraded_autobahn=values.integer("per_upgraded_autobahn", minimum=0),
        slots=tuple(_unique(slots, "order")),
        slot_capacity=_slot_capacity(slots.table("capacity")),
        departments=tuple(_unique(admin, "departments")),
        floors=floors,
        floor_values=_floor_values(admin, floors),
        lobby_points=admin.integer("lobby_points", minimum=0),
        finance_divisor=admin.integer("finance_divisor", minimum=1),
        department_measures=_measures(admin.table("scoring")),
        delivery_board=_delivery_rows(boards),
        delivery_board_count=boards.integer("count", minimum=1),
        bonus_tiles=_bonus_bag(doc.table("bonus_tiles")),
        development_track=_track(track),
        develop_icon=_bonus(track.string("icon", LEGACY["icon"]), track.key("icon")),
        locks=_locks(doc.table("locks")),
        display_size=cards.integer("display_size", minimum=0),
        cards=_cards(cards),
        route_cards=_route_cards(routes.table("cards")),
        route_reward_complete=_bonuses(routes, "reward_complete"),
        route_reward_upgraded=_bonuses(routes, "reward_upgraded"),
        routes_revealed_extra=routes.integer("revealed_extra", LEGACY["revealed_extra"],
                                             minimum=0),
        pharma_bonus=_choice(ed, "pharma_bonus", PHARMA_BONUS),
        trucks_move=_choice(trucks, "move", TRUCKS_MOVE, "trucks_move"),
        truck_start=_choice(trucks, "start", TRUCK_START, "truck_start"),
        truck_load=_choice(trucks, "load", TRUCK_LOAD, "truck_load"),
        era_end=_choice(ed, "era_end", ERA_END),
        source=source,
        # Added after editions were archived: an edition without it has no solo mode.
        solo=read_solo(doc.table("solo")) if doc.has("solo") else None,
    )
    if edition.solo is not None:
        check_solo(edition.solo, edition.colours, edition.departments,
                   tuple(edition.countries), tuple(edition.nodes), len(edition.eras))
    checks = _checks(doc.table("checks", default={}))
    for table in (ed, player, costs, slots, admin, boards, offices, cards, routes, values, track,
                  trucks, doc):
        table.done()
    return edition, checks


# ----- helpers for single values -----

def _unique(table: Table, name: str) -> list[str]:
    values = table.list_of(name, str)
    for i, value in enumerate(values):
        if value in values[:i]:
            raise Problem(table.key(name) + f"[{i}]", f"{value!r} is listed twice")
    if not values:
        raise Problem(table.key(name), "must not be empty")
    return values


def _choice(table: Table, name: str, known: tuple[str, ...], legacy: str | None = None) -> str:
    """One of the `known` readings; a file older than the key means its `LEGACY` value."""
    value = table.string(name, LEGACY[legacy or name])
    if value not in known:
        raise Problem(table.key(name), f"unknown value {value!r}; known: {', '.join(known)}")
    return value


def _floor_values(admin: Table, floors: int) -> tuple[int, ...]:
    # Before the key existed, floor n was worth n points.
    values = admin.list_of("floor_values", int, list(range(1, floors + 1)))
    if len(values) != floors:
        raise Problem(admin.key("floor_values"),
                      f"one value per floor: expected {floors}, got {len(values)}")
    if any(v < 0 for v in values):
        raise Problem(admin.key("floor_values"), "floor values must be at least 0")
    return tuple(values)


def _bonus(value: str, key: str) -> str:
    try:
        parse_bonus(value)
    except ValueError as err:
        raise Problem(key, str(err)) from None
    return value


def _bonuses(table: Table, name: str) -> tuple[str, ...]:
    values = table.list_of(name, str)
    return tuple(_bonus(v, table.key(name) + f"[{i}]") for i, v in enumerate(values))


V = TypeVar("V")


def _done(table: Table, value: V) -> V:
    table.done()
    return value


# ----- the tables -----

def _nodes(nodes: Table) -> dict[str, Node]:
    out = {}
    for nid, t in nodes.entries():
        region = t.string("region")
        if region not in REGIONS:
            raise Problem(t.key("region"),
                          f"unknown region {region!r}; known: {', '.join(REGIONS)}")
        offset = t.list_of("label_offset", int, default=[0, 0])
        if len(offset) != 2:
            raise Problem(t.key("label_offset"), f"expected [dx, dy], got {offset!r}")
        out[nid] = _done(t, Node(
            id=nid, name=t.string("name"), lat=t.number("lat"), lon=t.number("lon"),
            region=region, country=t.string("country", default=None),
            label_offset=(offset[0], offset[1]),
        ))
    return out


def _links(links: Table) -> dict[str, Link]:
    out = {}
    for lid, t in links.entries():
        features = t.list_of("features", str)
        if not 1 <= len(features) <= MAX_SECTIONS:
            raise Problem(t.key("features"),
                          f"a link has 1 to {MAX_SECTIONS} sections, got {len(features)}")
        for i, feature in enumerate(features):
            if feature not in FEATURES:
                raise Problem(t.key("features") + f"[{i}]",
                              f"unknown section feature {feature!r}; known: {' '.join(FEATURES)}")
        link = Link(id=lid, colour=t.string("colour"), a=t.string("a"), b=t.string("b"),
                    features=tuple(features), prebuilt=t.flag("prebuilt", default=False))
        if link.a == link.b:
            raise Problem(t.key("b"), f"a link cannot join {link.a!r} to itself")
        out[lid] = _done(t, link)
    return out


def _depots(depots: Table) -> dict[str, Depot]:
    return {
        did: _done(t, Depot(id=did, colour=t.string("colour"), node=t.string("node"),
                            goods=tuple(_unique(t, "goods")),
                            opens_era=t.integer("opens_era", default=1, minimum=1)))
        for did, t in depots.entries()
    }


def _countries(countries: Table) -> dict[str, Country]:
    return {
        code: _done(t, Country(code=code, name=t.string("name"),
                               opens_era=t.integer("opens_era", minimum=1),
                               pharma_bonus=_bonus(t.string("pharma_bonus"),
                                                   t.key("pharma_bonus"))))
        for code, t in countries.entries()
    }


def _eras(doc: Table) -> tuple[Era, ...]:
    out = []
    for i, t in enumerate(doc.tables("eras")):
        number = t.integer("number")
        if number != i + 1:
            raise Problem(t.key("number"), f"eras are numbered 1..n in order: expected {i + 1}, "
                                           f"got {number}")
        out.append(_done(t, Era(number=number, supply=t.integer("supply", minimum=1),
                                truck_range=t.integer("truck_range", minimum=1),
                                build_cost=t.integer("build_cost", minimum=0),
                                grant=t.integer("grant", minimum=0),
                                upgrade_per_section=t.integer("upgrade_per_section",
                                                              default=None, minimum=0))))
    if not out:
        raise Problem("eras", "at least one era is needed")
    return tuple(out)


def _seats_by_office(table: Table, minimum: int | None = None) -> dict[str, int]:
    # Checked against the colours with the rest of the edition (edition_checks).
    return _done(table, {colour: table.integer(colour, minimum=minimum)
                         for colour in table.data})


def _slot_capacity(capacity: Table) -> dict[str, int]:
    return _done(capacity, {slot: capacity.integer(slot, minimum=1) for slot in capacity.data})


def _measures(scoring: Table) -> dict[str, str]:
    measures = {dept: scoring.string(dept) for dept in scoring.data}
    for dept, measure in measures.items():
        if measure not in DEPARTMENT_MEASURES:
            raise Problem(scoring.key(dept), f"unknown measure {measure!r}; "
                                             f"known: {', '.join(DEPARTMENT_MEASURES)}")
    return _done(scoring, measures)


def _delivery_rows(boards: Table) -> tuple[DeliveryRow, ...]:
    rows = []
    for t in boards.tables("board1"):
        rows.append(_done(t, DeliveryRow(
            country=t.string("country"), dm=t.integer("dm", minimum=0), goods=t.string("goods"),
            bonus=_bonus(t.string("bonus"), t.key("bonus")))))
    return tuple(rows)


def _bonus_bag(tiles: Table) -> tuple[str, ...]:
    bag: list[str] = []
    for t in tiles.tables("mix"):
        bonus = _bonus(t.string("bonus"), t.key("bonus"))
        bag.extend([bonus] * t.integer("count", minimum=1))
        t.done()
    tiles.done()
    return tuple(bag)


def _track(track: Table) -> tuple[str | None, ...]:
    spaces = track.list_of("spaces", str)
    # "" marks a space without a bonus (space 0, where the token starts).
    return tuple(_bonus(s, track.key("spaces") + f"[{i}]") if s else None
                 for i, s in enumerate(spaces))


def _locks(locks: Table) -> dict[str, Lock]:
    return {
        lid: _done(t, Lock(id=lid, department=t.string("department", default=None),
                           floor=t.integer("floor", default=None, minimum=1),
                           requires=t.string("requires", default=None),
                           effect=t.string("effect", default=None)))
        for lid, t in locks.entries()
    }


def _cards(cards: Table) -> dict[str, Card]:
    out = {}
    # display_size is the one plain value beside the [cards.<id>] tables.
    for cid, t in cards.entries(skip=("display_size",)):
        deck = t.string("deck")
        if deck not in DECKS:
            raise Problem(t.key("deck"), f"unknown deck {deck!r}; known: {', '.join(DECKS)}")
        colours = _unique(t, "colours")
        out[cid] = _done(t, Card(id=cid, deck=deck, colours=tuple(colours),
                                 extra_build=t.flag("extra_build", default=False)))
    return out


def _route_cards(cards: Table) -> dict[str, RouteCard]:
    return {rid: _done(t, RouteCard(id=rid, a=t.string("a"), b=t.string("b")))
            for rid, t in cards.entries()}


def _checks(checks: Table) -> dict[str, int]:
    return _done(checks, {name: checks.integer(name, minimum=0) for name in checks.data})
