"""The edition: every number and table of the game, as immutable objects.

An `Edition` is built by `rules.edition.load_edition` from a TOML file and validated
there; the engine only ever reads it. Nothing in the engine hard-codes a number that an
edition could change (RULES §13).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from rules.autobot.data import SoloData


@dataclass(frozen=True)
class Node:
    """A city: German (country is None) or a foreign trading city (country code)."""

    id: str
    name: str
    lat: float
    lon: float
    region: str  # "west", "east" (closed until the east opens) or "abroad"
    country: str | None = None
    label_offset: tuple[int, int] = (0, 0)  # renderer hint where labels crowd


@dataclass(frozen=True)
class Link:
    """A stretch of one autobahn between two nodes, made of 1–3 sections."""

    id: str
    colour: str
    a: str
    b: str
    features: tuple[str, ...]  # one per section, from `a`: "S", "D", "B" or "-"
    prebuilt: bool = False

    @property
    def sections(self) -> int:
        return len(self.features)

    def section_ids(self) -> tuple[str, ...]:
        return self._section_ids

    @cached_property
    def _section_ids(self) -> tuple[str, ...]:
        """Made once per link: the network checks ask for them hundreds of times a turn."""
        return tuple(f"{self.id}.{n}" for n in range(1, len(self.features) + 1))


@dataclass(frozen=True)
class Depot:
    id: str
    colour: str
    node: str
    goods: tuple[str, ...]
    opens_era: int = 1


@dataclass(frozen=True)
class Country:
    code: str
    name: str
    opens_era: int
    pharma_bonus: str  # a bonus in the vocabulary of RULES §9.1, e.g. "money 6"


@dataclass(frozen=True)
class Era:
    number: int
    supply: int
    truck_range: int
    build_cost: int
    grant: int
    # DM per section to upgrade a link in this era; None: `[costs] upgrade_per_section`
    upgrade_per_section: int | None = None


@dataclass(frozen=True)
class DeliveryRow:
    """One row of a delivery board: what a delivery to `country` earns."""

    country: str
    dm: int
    goods: str
    bonus: str


@dataclass(frozen=True)
class Card:
    """An action card. `colours` is ("*",) for a wild card."""

    id: str
    deck: str  # "basic", "improved" or "advanced"
    colours: tuple[str, ...]
    extra_build: bool = False

    @property
    def wild(self) -> bool:
        return self.colours == ("*",)


@dataclass(frozen=True)
class Lock:
    """A research lock on the player board; a key opens it once `requires` is open."""

    id: str
    department: str | None  # None for the capacity lock
    floor: int | None
    requires: str | None = None
    effect: str | None = None  # e.g. "capacity" for a lock that is a bonus


@dataclass(frozen=True)
class RouteCard:
    id: str
    a: str
    b: str


@dataclass(frozen=True)
class Edition:
    """The whole edition. Fields mirror `rules/editions/classic.toml`."""

    name: str
    hash: str  # sha256 of the file's bytes: a game records it
    colours: tuple[str, ...]
    east_colour: str
    east_opens_era: int
    goods: tuple[str, ...]
    pharma_goods: str
    pharma_opens_era: int
    goods_per_type: int
    nodes: dict[str, Node]
    links: dict[str, Link]
    depots: dict[str, Depot]
    countries: dict[str, Country]  # in delivery-board order
    eras: tuple[Era, ...]
    # per player
    employees: int
    stations: int
    trucks: int
    keys: int
    starting_money: int
    start_office: str  # colour of the office where each player puts one employee at setup
    # costs and incomes
    upgrade_cost_per_section: int
    station_cost: int
    takeback_income_per_card: int
    station_income: int
    station_income_upgraded: int
    upgrade_extra_range: int
    # offices and slots
    seats_extra: int  # seats per office = players + seats_extra
    # offices whose count differs (colour -> its own extra, may be negative; seats_min at least)
    seats_extra_by_office: dict[str, int]
    # offices with a fixed count at every table (colour -> seats), whatever the players
    seats_by_office: dict[str, int]
    seats_min: int  # no office has fewer seats
    slots: tuple[str, ...]
    slot_capacity: dict[str, int]
    # administration
    departments: tuple[str, ...]
    floors: int
    lobby_points: int
    finance_divisor: int
    # what each department's floor-value sum is multiplied by at the end (RULES §10.4)
    department_measures: dict[str, str]
    # bonuses
    delivery_board: tuple[DeliveryRow, ...]  # board 1, in country order
    delivery_board_count: int
    bonus_tiles: tuple[str, ...]  # the bag, one entry per tile
    development_track: tuple[str | None, ...]  # index = space; space 0 has no bonus
    locks: dict[str, Lock]
    # cards
    cards: dict[str, Card]
    display_size: int
    route_cards: dict[str, RouteCard]
    route_reward_complete: tuple[str, ...]  # bonuses for joining by complete links
    route_reward_upgraded: tuple[str, ...]  # bonuses for joining by upgraded links only
    routes_revealed_extra: int  # the draft reveals players + this many route cards
    develop_icon: str  # the bonus of a section's develop icon, e.g. "develop 1"
    # readings an edition chooses between (RULES.md of the rules package, "Editions")
    pharma_bonus: str  # PHARMA_BONUS: who gets a country's pharma bonus
    trucks_move: str  # TRUCKS_MOVE: how many trucks phase 3 moves
    truck_start: str  # TRUCK_START: which colours of the played card a truck may start on
    truck_load: str  # TRUCK_LOAD: whether a load may bring a truck back from the map
    era_end: str  # ERA_END: whether a round of passes ends the era too
    floor_values: tuple[int, ...]  # points of an employee on floor 1, 2, … (RULES §10.4)
    # numbers of the seed rulings, read from the file like every other (no defaults here:
    # an edition built without them must fail, not quietly play by classic's numbers)
    value_per_autobahn: int
    value_per_upgraded_autobahn: int
    lobby_return: int  # employees taken back from the lobby when the supply is empty
    players_min: int
    players_max: int
    source: str = field(default="", compare=False)  # file it came from, for messages
    solo: SoloData | None = None  # the Autobot's data (`[solo]`); None: no solo mode

    # ----- derived lookups (computed once per edition) -----

    @cached_property
    def links_at(self) -> dict[str, tuple[Link, ...]]:
        """Every link touching each node."""
        out: dict[str, list[Link]] = {n: [] for n in self.nodes}
        for link in self.links.values():
            out[link.a].append(link)
            out[link.b].append(link)
        return {n: tuple(v) for n, v in out.items()}

    @cached_property
    def sections(self) -> dict[str, tuple[Link, int]]:
        """Section id ("k3.2") -> (link, 1-based index)."""
        return {
            f"{link.id}.{n}": (link, n)
            for link in self.links.values()
            for n in range(1, link.sections + 1)
        }

    @cached_property
    def country_node(self) -> dict[str, tuple[str, ...]]:
        """Country code -> its trading cities."""
        out: dict[str, list[str]] = {c: [] for c in self.countries}
        for node in self.nodes.values():
            if node.country is not None:
                out[node.country].append(node.id)
        return {c: tuple(v) for c, v in out.items()}

    def seats(self, players: int, colour: str) -> int:
        """Seats of the office of `colour` at a table of `players`."""
        if colour in self.seats_by_office:
            return self.seats_by_office[colour]
        return max(self.seats_min,
                   players + self.seats_extra_by_office.get(colour, self.seats_extra))

    def era(self, number: int) -> Era:
        return self.eras[number - 1]

    def upgrade_cost(self, era: int, link: Link) -> int:
        """What upgrading `link` costs in `era` (RULES §7.2)."""
        per = self.era(era).upgrade_per_section
        return (self.upgrade_cost_per_section if per is None else per) * link.sections

    def basic_cards(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards.values() if c.deck == "basic")

    def deck(self, name: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards.values() if c.deck == name)

    def delivery_row(self, board: int, country: str) -> DeliveryRow:
        """Board k gives country i the row (i + k - 1) mod n of board 1 (RULES §9.2)."""
        order = list(self.countries)
        i = order.index(country)
        row = self.delivery_board[(i + board - 1) % len(order)]
        return DeliveryRow(country, row.dm, row.goods, row.bonus)

    def __hash__(self) -> int:  # editions are compared by their content hash
        return hash(self.hash)


PHARMA_BONUS = ("first_to_country", "first_per_player")
"""The country's pharma bonus goes to the first pharmaceutical delivery there by anyone
(a race), or to each player's own first one there."""

TRUCKS_MOVE = ("all", "one")
"""Phase 3 moves every truck that starts on the played colour, one after another, or one."""

ERA_END = ("supply_or_passes", "supply")
"""An era ends after the turn that built its supply's last section, or also after a round in
which every player passed their main action (nobody could act: the game would never end),
or only by its supply."""

TRUCK_START = ("card", "named")
"""A truck may start on any colour printed on the played card, or only on the one named."""

TRUCK_LOAD = ("reload", "free")
"""A player whose trucks are all on the map and who can play no other card may load one of
them again (it drives back to the depot, its goods go back to the general supply), or only
a truck off the map loads."""

DEPARTMENT_MEASURES = ("seats", "countries", "stations", "money")
"""What a department can score by: office seats held, countries delivered to, stations on
the map, or money in steps of `finance_divisor`."""

BONUS_KINDS = {"money": True, "develop": True, "promote": False, "key": False,
               "card": False, "build": False, "capacity": False}
"""The bonus vocabulary of RULES §9.1: kind -> whether it takes an amount."""


def parse_bonus(text: str) -> tuple[str, int]:
    """'money 3' -> ('money', 3); 'promote' -> ('promote', 1). Raises ValueError."""
    parts = text.split()
    if not parts or parts[0] not in BONUS_KINDS:
        raise ValueError(f"unknown bonus {text!r}; known: {', '.join(BONUS_KINDS)}")
    kind = parts[0]
    if BONUS_KINDS[kind]:
        if len(parts) != 2 or not parts[1].isdigit() or int(parts[1]) <= 0:
            raise ValueError(f"bonus {text!r} needs a positive amount, e.g. '{kind} 3'")
        return kind, int(parts[1])
    if len(parts) != 1:
        raise ValueError(f"bonus {text!r} takes no amount")
    return kind, 1
