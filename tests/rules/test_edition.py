"""The shipped edition matches RULES.md, and every kind of broken edition is explained.

Broken editions are made from the classic file: read it with tomllib, change one value at a
key path, write it back with the small TOML writer below, and load the copy. The copy keeps
the name `classic.toml` so the messages can be compared with what a user would see.
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from rules.edition import CLASSIC_PATH, EditionError, load_edition
from rules.model import DeliveryRow, Edition

DELETE = object()
WEST = ["black", "red", "green", "orange", "purple", "white"]


# ----- a tiny TOML writer, enough for edition files -----

def _toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string is a valid TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(value)


def _is_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def dumps(data: dict[str, Any], prefix: str = "") -> str:
    """Plain values first, then sub-tables and arrays of tables, as TOML requires."""
    lines = [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in data.items()
             if not isinstance(v, dict) and not _is_table_array(v)]
    for key, value in data.items():
        path = f"{prefix}.{_toml_key(key)}" if prefix else _toml_key(key)
        if isinstance(value, dict):
            lines += ["", f"[{path}]", dumps(value, path)]
        elif _is_table_array(value):
            for item in value:
                lines += ["", f"[[{path}]]", dumps(item, path)]
    return "\n".join(lines)


# ----- making broken copies -----

def classic_data() -> dict[str, Any]:
    return tomllib.loads(CLASSIC_PATH.read_text(encoding="utf-8"))


def _steps(path: str) -> list[str | int]:
    """'links.r2.features[1]' -> ['links', 'r2', 'features', 1]."""
    steps: list[str | int] = []
    for part in path.split("."):
        name, *indexes = re.split(r"\[(\d+)\]", part)
        steps.append(name)
        steps += [int(i) for i in indexes if i]
    return steps


def set_at(data: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = _steps(path)
    target: Any = data
    for step in parents:
        target = target[step]
    if value is DELETE:
        del target[last]
    else:
        target[last] = value


def write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "classic.toml"
    path.write_text(dumps(data), encoding="utf-8")
    return path


def load_changed(tmp_path: Path, *changes: tuple[str, Any]) -> Edition:
    data = classic_data()
    for path, value in changes:
        set_at(data, path, value)
    return load_edition(write(tmp_path, data))


def expect_error(tmp_path: Path, key: str, problem: str, *changes: tuple[str, Any]) -> str:
    with pytest.raises(EditionError) as info:
        load_changed(tmp_path, *changes)
    message = str(info.value)
    assert message.startswith(f"classic.toml: {key}: "), message
    assert problem in message, message
    return message


# ----- the shipped edition -----

@pytest.fixture(scope="module")
def classic() -> Edition:
    return load_edition()


@pytest.fixture(scope="module")
def archived() -> Edition:
    """The classic edition before the public facts of 2026-12-01 (rules/RULES.md)."""
    return load_edition(CLASSIC_PATH.parent / "archive" / "classic-d562ae7392c6.toml")


def test_default_is_cached_and_hashed(classic: Edition) -> None:
    assert load_edition() is classic
    assert classic.hash == hashlib.sha256(CLASSIC_PATH.read_bytes()).hexdigest()
    assert classic.source == str(CLASSIC_PATH)
    assert classic.name == "classic"


def test_writer_round_trips_the_classic_edition(classic: Edition, tmp_path: Path) -> None:
    copy = load_edition(write(tmp_path, classic_data()))
    assert copy is not classic
    for name in ("nodes", "links", "depots", "countries", "eras", "cards", "locks",
                 "delivery_board", "bonus_tiles", "development_track", "route_cards"):
        assert getattr(copy, name) == getattr(classic, name), name


def test_map_matches_rules(classic: Edition) -> None:
    assert len(classic.nodes) == 46
    assert len(classic.links) == 56
    assert Counter(n.region for n in classic.nodes.values()) == {
        "west": 33, "east": 5, "abroad": 8}
    # one trading city a country, named after its capital (issue 34; rules/RULES.md)
    assert all(len(nodes) == 1 for nodes in classic.country_node.values())
    assert [classic.nodes[n].name for (n,) in classic.country_node.values()] == [
        "København", "Amsterdam", "Paris", "Bern", "Roma", "Wien", "Praha", "Warszawa"]
    # Austria is reached by its three roads, from Füssen, Rosenheim and Passau
    assert sorted(link.id for link in classic.links_at["wien_at"]) == ["k10", "o8", "w6"]
    assert classic.nodes["hamburg"].country is None
    assert classic.nodes["koeln"].label_offset != (0, 0)
    assert [k.id for k in classic.links.values() if k.prebuilt] == ["k3", "k4", "k5", "k6", "k7"]
    assert classic.links["r2"].features == ("B", "S")
    assert classic.sections["k3.2"] == (classic.links["k3"], 2)


def test_section_totals_match_rules(classic: Edition) -> None:
    links = classic.links.values()
    east = [k for k in links if k.colour == "yellow"]
    west = [k for k in links if k.colour != "yellow"]
    assert sum(k.sections for k in links if k.prebuilt) == 8
    assert sum(k.sections for k in west if not k.prebuilt) == 61
    assert sum(k.sections for k in east) == 20
    assert sum(k.features.count("B") for k in west) == 11
    assert sum(k.features.count("B") for k in east) == 4


def test_eras_players_and_costs_match_rules(archived: Edition) -> None:
    classic = archived  # today's balanced costs: test_balance_data.py
    assert [(e.supply, e.truck_range, e.build_cost, e.grant) for e in classic.eras] == [
        (10, 2, 2, 6), (12, 3, 3, 8), (14, 3, 4, 10)]
    assert classic.era(3).number == 3
    assert (classic.employees, classic.stations, classic.trucks, classic.keys,
            classic.starting_money, classic.start_office) == (25, 8, 2, 9, 10, "black")
    assert classic.seats(3, "black") == 4
    assert classic.slot_capacity == {"build": 2, "upgrade": 1, "load": 1, "station": 1,
                                     "research": 1}


def test_depots_tiles_track_and_locks_match_rules(archived: Edition) -> None:
    classic = archived  # today's depots: test_depots_rules.py
    assert len(classic.depots) == 8
    assert [d.id for d in classic.depots.values() if d.opens_era == 3] == ["d_yellow"]
    assert len(classic.bonus_tiles) == 40
    assert Counter(classic.bonus_tiles) == {"money 3": 8, "money 5": 4, "develop 1": 8,
                                            "promote": 8, "card": 6, "key": 6}
    assert classic.development_track[0] is None
    assert classic.development_track[6] == "capacity"
    assert len(classic.development_track) == 12
    assert len(classic.locks) == 9
    assert classic.locks["trade3"].requires == "trade2"
    assert classic.locks["capacity"].effect == "capacity"


def test_cards_match_rules(archived: Edition) -> None:
    classic = archived  # today's extra builds: test_cards_rules.py
    basic, improved = classic.deck("basic"), classic.deck("improved")
    advanced = classic.deck("advanced")
    assert (len(basic), len(improved), len(advanced)) == (7, 20, 14)
    assert [c.id for c in basic] == [*WEST, "yellow"]
    pairs = {frozenset(c.colours) for c in improved if len(c.colours) == 2}
    assert pairs == {frozenset(p) for p in combinations(WEST, 2)}
    assert [c.colours[0] for c in improved if c.extra_build] == WEST[1:]
    assert [c.id for c in advanced if c.wild] == ["a13", "a14"]
    assert all(c.extra_build != c.wild for c in advanced)
    assert classic.display_size == 4


def test_delivery_boards_rotate(classic: Edition) -> None:
    board1 = {row.country: row for row in classic.delivery_board}
    assert list(board1) == ["dk", "nl", "fr", "ch", "it", "at", "cz", "pl"]
    def terms(row: DeliveryRow) -> tuple[int, str, str]:
        return row.dm, row.goods, row.bonus

    assert classic.delivery_row(1, "dk") == board1["dk"]
    # Board k gives a country the terms of board 1's row (i + k - 1) mod 8, for that country.
    assert classic.delivery_row(2, "dk").country == "dk"
    assert terms(classic.delivery_row(2, "dk")) == terms(board1["nl"])
    assert terms(classic.delivery_row(2, "pl")) == terms(board1["dk"])
    assert terms(classic.delivery_row(6, "cz")) == terms(board1["ch"])  # (6 + 6 - 1) mod 8 = 3
    assert classic.delivery_board_count == 6
    assert classic.countries["it"].pharma_bonus == "develop 2"
    assert [c for c, v in classic.countries.items() if v.opens_era == 3] == ["cz", "pl"]


def test_routes_match_rules(classic: Edition) -> None:
    assert len(classic.route_cards) == 7
    assert classic.route_cards["hamburg-muenchen"].b == "muenchen"
    assert classic.route_reward_complete == ("promote", "money 5")
    assert classic.route_reward_upgraded == ("promote", "promote")


# ----- broken editions: file level -----

def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(EditionError, match=r"^nope\.toml: file not found: .*nope\.toml$"):
        load_edition(tmp_path / "nope.toml")


def test_toml_syntax_error_keeps_line_info(tmp_path: Path) -> None:
    path = tmp_path / "classic.toml"
    path.write_text(CLASSIC_PATH.read_text(encoding="utf-8").replace(
        'name = "classic"', 'name = "classic'), encoding="utf-8")
    line = 1 + CLASSIC_PATH.read_text(encoding="utf-8").splitlines().index('name = "classic"')
    with pytest.raises(EditionError, match=rf"^classic\.toml: TOML syntax error: .*line {line}\b"):
        load_edition(path)


def test_message_names_file_key_and_problem_exactly(tmp_path: Path) -> None:
    message = expect_error(tmp_path, "links.r2.b", "unknown node", ("links.r2.b", "bremenn"))
    assert message == "classic.toml: links.r2.b: unknown node 'bremenn'"


# ----- broken editions: one change each -----

CASES = [
    # keys added later: their values are still checked
    ("development_track.icon", "fly 2", "development_track.icon", "unknown bonus"),
    ("routes.revealed_extra", -1, "routes.revealed_extra", "must be at least 0"),
    ("edition.pharma_bonus", "everyone", "edition.pharma_bonus", "unknown value 'everyone'"),
    ("trucks.move", "two", "trucks.move", "unknown value 'two'"),
    ("trucks.start", "any", "trucks.start", "unknown value 'any'"),
    ("trucks.speed", 3, "trucks.speed", "unknown key"),
    ("administration.floor_values", [1, 2], "administration.floor_values",
     "one value per floor: expected 3, got 2"),
    ("administration.floor_values", [1, -2, 3], "administration.floor_values",
     "at least 0"),
    # how departments score
    ("administration.scoring.trade", "deliveries", "administration.scoring.trade",
     "unknown measure 'deliveries'"),
    ("administration.scoring.finance", DELETE, "administration.scoring",
     "no measure for department 'finance'"),
    ("administration.scoring.garage", "seats", "administration.scoring.garage",
     "not a department"),
    # missing required keys and wrong types
    ("links.r2.colour", DELETE, "links.r2.colour", "missing required key"),
    ("player", DELETE, "player", "missing required key"),
    ("eras[1].supply", "12", "eras[1].supply", "expected an integer, got '12'"),
    ("edition.goods_per_type", True, "edition.goods_per_type", "expected an integer"),
    ("nodes.hamburg.lat", "53.55", "nodes.hamburg.lat", "expected a number"),
    ("links.r2.features", "BS", "links.r2.features", "expected a list"),
    ("nodes.koeln.label_ofset", [1, 2], "nodes.koeln.label_ofset", "unknown key"),
    ("edition.players_max", 0, "edition.players_max", "must be at least 1"),
    # colours
    ("links.r2.colour", "redd", "links.r2.colour", "unknown colour 'redd'"),
    ("depots.d_red.colour", "rot", "depots.d_red.colour", "unknown colour 'rot'"),
    ("cards.i01.colours[1]", "blue", "cards.i01.colours[1]", "unknown colour 'blue'"),
    ("player.start_office", "grey", "player.start_office", "unknown colour 'grey'"),
    ("edition.east_colour", "gelb", "edition.east_colour", "unknown colour 'gelb'"),
    ("cards.i01.colours", ["red", "red"], "cards.i01.colours[1]", "listed twice"),
    ("cards.a13.colours", ["*", "red"], "cards.a13.colours", "wild card"),
    ("cards.red.colours", ["green"], "cards.red.colours", "its own colour"),
    ("cards.red.deck", "fancy", "cards.red.deck", "unknown deck 'fancy'"),
    # nodes
    ("links.k1.a", "kolding", "links.k1.a", "unknown node 'kolding'"),
    ("depots.d_red.node", "cologne", "depots.d_red.node", "unknown node 'cologne'"),
    ("routes.cards.hamburg-muenchen.b", "munich", "routes.cards.hamburg-muenchen.b",
     "unknown node 'munich'"),
    ("links.r2.b", "hamburg", "links.r2.b", "cannot join 'hamburg' to itself"),
    ("nodes.koeln.region", "south", "nodes.koeln.region", "unknown region 'south'"),
    ("nodes.koeln.country", "de", "nodes.koeln.country", "only trading cities"),
    ("nodes.basel_ch.country", DELETE, "nodes.basel_ch.country", "needs a country"),
    # sections
    ("links.r2.features[1]", "X", "links.r2.features[1]", "unknown section feature 'X'"),
    ("links.r2.features", [], "links.r2.features", "1 to 3 sections, got 0"),
    ("links.r2.features", ["S", "-", "-", "D"], "links.r2.features", "1 to 3 sections, got 4"),
    # countries and delivery boards
    ("nodes.kolding_dk.country", "dkk", "nodes.kolding_dk.country", "unknown country 'dkk'"),
    ("nodes.posen_pl.country", "cz", "countries.pl", "no trading city"),
    ("delivery_boards.board1[0].country", "xx", "delivery_boards.board1[0].country",
     "unknown country 'xx'"),
    ("delivery_boards.board1[1].country", "dk", "delivery_boards.board1[1].country",
     "a second row for 'dk'"),
    ("delivery_boards.board1[1].country", "fr", "delivery_boards.board1[1].country",
     "expected 'nl'"),
    ("delivery_boards.board1[7]", DELETE, "delivery_boards.board1", "no row for 'pl'"),
    ("delivery_boards.count", 3, "delivery_boards.count", "cannot give 4 players"),
    # goods
    ("depots.d_red.goods[0]", "cars", "depots.d_red.goods[0]", "unknown goods 'cars'"),
    ("delivery_boards.board1[0].goods", "tea", "delivery_boards.board1[0].goods",
     "unknown goods 'tea'"),
    ("edition.pharma_goods", "pharma", "edition.pharma_goods", "unknown goods 'pharma'"),
    # bonuses
    ("delivery_boards.board1[3].bonus", "money", "delivery_boards.board1[3].bonus",
     "needs a positive amount"),
    ("countries.fr.pharma_bonus", "cash 6", "countries.fr.pharma_bonus", "unknown bonus"),
    ("bonus_tiles.mix[0].bonus", "money -3", "bonus_tiles.mix[0].bonus",
     "needs a positive amount"),
    ("development_track.spaces[4]", "gold", "development_track.spaces[4]", "unknown bonus"),
    ("routes.reward_complete[0]", "promote 2", "routes.reward_complete[0]", "takes no amount"),
    # eras
    ("eras[1].number", 3, "eras[1].number", "expected 2, got 3"),
    ("eras", [], "eras", "at least one era is needed"),
    ("countries.cz.opens_era", 4, "countries.cz.opens_era", "unknown era 4; eras are 1 to 3"),
    ("depots.d_yellow.opens_era", 5, "depots.d_yellow.opens_era", "unknown era 5"),
    # locks
    ("locks.network3.requires", "network9", "locks.network3.requires",
     "unknown lock 'network9'"),
    ("locks.trade2.department", "sales", "locks.trade2.department", "unknown department"),
    ("locks.trade3.floor", 4, "locks.trade3.floor", "between 2 and 3, got 4"),
    ("locks.capacity.effect", DELETE, "locks.capacity", "needs an effect"),
    # declared totals
    ("checks.west_sections", 60, "checks.west_sections", "declared 60, but the data has 61"),
    ("links.r2.features[0]", "S", "checks.west_bonus_spaces", "declared 11, but the data has 10"),
    ("links.y1.features", ["S", "-"], "checks.east_sections", "declared 20, but the data has 21"),
    ("bonus_tiles.mix[0].count", 9, "checks.bonus_tiles", "declared 40, but the data has 41"),
    ("cards.i20", DELETE, "checks.improved_cards", "declared 20, but the data has 19"),
    ("checks.total_fun", 1, "checks.total_fun", "unknown check 'total_fun'"),
    # slots
    ("slots.capacity.trade", 1, "slots.capacity.trade", "not a slot in slots.order"),
    ("slots.capacity.load", DELETE, "slots.capacity", "no capacity for slot 'load'"),
    ("slots.order[4]", "build", "slots.order[4]", "listed twice"),
    # routes
    ("routes.cards.bremen-stuttgart.b", "bremen", "routes.cards.bremen-stuttgart.b",
     "cannot join 'bremen' to itself"),
]


@pytest.mark.parametrize(("path", "value", "key", "problem"), CASES,
                         ids=[f"{c[0]}={c[1] if c[1] is not DELETE else 'DELETE'}"
                              for c in CASES])
def test_broken_edition(tmp_path: Path, path: str, value: Any, key: str, problem: str) -> None:
    expect_error(tmp_path, key, problem, (path, value))


def test_prebuilt_network_in_pieces_names_them(tmp_path: Path) -> None:
    message = expect_error(tmp_path, "links", "not connected", ("links.k5.prebuilt", False),
                           ("checks.prebuilt_sections", 7), ("checks.west_sections", 62))
    assert message.endswith("its pieces are: k3, k4 / k6, k7"), message


def test_no_prebuilt_network(tmp_path: Path) -> None:
    changes = [(f"links.k{n}.prebuilt", False) for n in range(3, 8)]
    expect_error(tmp_path, "links", "no link is prebuilt", *changes, ("checks", {}))


def test_too_few_route_cards_for_the_draft(tmp_path: Path) -> None:
    expect_error(tmp_path, "routes.cards", "needs 5 route cards, found 4",
                 *[(f"routes.cards.{r}", DELETE)
                   for r in ("koeln-nuernberg", "dortmund-freiburg", "luebeck-karlsruhe")])
