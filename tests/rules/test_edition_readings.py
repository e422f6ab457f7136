"""The readings an edition chooses (rules/RULES.md, "Editions"), and archived files.

Keys added to the format on 2026-12-01 (`edition.pharma_bonus`, `[trucks]`,
`administration.floor_values`, then `edition.era_end`) are read, when a file lacks them,
with the meaning the engine gave them before: the archived classic files keep their games'
rules.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rules import Edition, load_edition, new_game, scores, step_graph
from rules.edition import CLASSIC_PATH
from rules.frozen import FrozenDict
from rules.registry import edition_by_hash, register_edition
from tests.rules.helpers_part2 import ED, OLD, set_player, turn_of

ARCHIVE = CLASSIC_PATH.parent / "archive"


# The archived classic files from before the first revision of the readings.
BEFORE_READINGS = ("classic-fcbe37e414f8.toml", "classic-d562ae7392c6.toml")
# The archived classic files from before `era_end` (the fourth round's file has it).
BEFORE_ERA_END = (*BEFORE_READINGS, "classic-12375a54cb2b.toml")
# The sixth balance round's file, the first with `[trucks] load` and an era's upgrade price.
SIXTH = "classic-b6f2956f4ecd.toml"
# The seventh round's file (upgrades at 2 / 4 / 10), archived in the ninth round.
SEVENTH = "classic-6db9103dc579.toml"
# The ninth round's file (22 station spaces, the Flensburg depot), archived in the tenth.
NINTH = "classic-b00d5ddbbb61.toml"
# The tenth round's file (21 station spaces), archived when issue 34 corrected the map.
TENTH = "classic-06197a3f817f.toml"


def test_archived_files_lack_the_new_keys_and_read_the_old_readings() -> None:
    archived = sorted(ARCHIVE.glob("classic-*.toml"))
    assert {p.name for p in archived} >= set(BEFORE_ERA_END)
    for path in archived:
        text = path.read_text(encoding="utf-8")
        old = load_edition(path)
        assert old.floor_values == (1, 2, 3)
        if path.name in BEFORE_ERA_END:  # they end an era by its supply only
            assert "era_end" not in text and old.era_end == "supply", path.name
        else:
            assert old.era_end == "supply_or_passes", path.name
        if path.name in BEFORE_READINGS:
            assert "[trucks]" not in text and "floor_values" not in text, path.name
            assert (old.pharma_bonus, old.trucks_move, old.truck_start) == (
                "first_per_player", "one", "named"), path.name
        else:
            assert (old.pharma_bonus, old.trucks_move, old.truck_start) == (
                "first_to_country", "all", "card"), path.name


def test_archived_files_load_only_a_free_truck_and_upgrade_at_one_price() -> None:
    # `[trucks] load` and an era's `upgrade_per_section` came in the sixth balance round
    for path in sorted(ARCHIVE.glob("classic-*.toml")):
        if path.name in (SIXTH, SEVENTH, NINTH, TENTH):
            continue
        old = load_edition(path)
        assert old.truck_load == "free", path.name
        assert all(era.upgrade_per_section is None for era in old.eras), path.name
        link = old.links["k3"]  # two sections
        assert [old.upgrade_cost(era.number, link) for era in old.eras] == [4, 4, 4]


def test_the_sixth_rounds_file_reloads_and_upgrades_at_2_4_5() -> None:
    sixth = load_edition(ARCHIVE / SIXTH)
    assert sixth.truck_load == "reload"
    assert [sixth.upgrade_cost(era.number, sixth.links["k3"]) for era in sixth.eras] == [
        4, 8, 10]


def test_the_seventh_rounds_file_reloads_and_upgrades_at_2_4_10_with_52_station_spaces() -> None:
    seventh = load_edition(ARCHIVE / SEVENTH)
    assert seventh.truck_load == "reload"
    assert [seventh.upgrade_cost(era.number, seventh.links["k3"])
            for era in seventh.eras] == [4, 8, 20]
    assert _station_spaces(seventh) == 52


def test_balance_classic_has_21_station_spaces_and_a_depot_at_flensburg() -> None:
    # ninth round (rules/RULES.md, Balance): one station space on every other long link and
    # on the one-section border links; Denmark one black move from Flensburg's depot. Tenth
    # round: none on k2.1 any more (below)
    assert _station_spaces(ED) == 21
    assert ED.links["k2"].features == ("-", "D")
    flensburg = ED.depots["d_black_f"]
    assert (flensburg.colour, flensburg.node, flensburg.goods) == (
        "black", "flensburg", ("chemicals",))
    ninth = load_edition(ARCHIVE / NINTH)
    assert _station_spaces(ninth) == 22 and ninth.links["k2"].features == ("S", "D")
    assert ninth.truck_load == "reload"


def test_a_trip_from_the_flensburg_depot_to_denmark_passes_one_station_space_at_most() -> None:
    # Tenth round: on the ninth round's file a truck loaded at Flensburg could drive through
    # k2.1 and k1.1 to Denmark, and earn its owner 4 DM a trip from their stations
    assert _most_stations_on_a_trip(ED, "d_black_f", "k1.1") == 1
    assert _most_stations_on_a_trip(load_edition(ARCHIVE / NINTH), "d_black_f", "k1.1") == 2


def _most_stations_on_a_trip(edition: Edition, depot: str, border: str) -> int:
    """The most station spaces a truck can enter from `depot` to `border` (the section it
    delivers from) and still deliver in one move: a step left for the delivery, of the
    longest range a truck has (an upgraded link's step included); no section entered twice."""
    graph = step_graph(edition)
    longest = max(era.truck_range for era in edition.eras) + edition.upgrade_extra_range
    best = -1
    trips: list[tuple[str, ...]] = [(depot,)]
    while trips:
        trip = trips.pop()
        if trip[-1] == border:
            best = max(best, sum(edition.sections[sid][0].features[edition.sections[sid][1] - 1]
                                 == "S" for sid in trip[1:]))
        if len(trip) < longest:  # steps so far: len(trip) - 1; one more, and the delivery
            trips.extend((*trip, sid) for sid in graph[trip[-1]] if sid not in trip)
    return best


def _station_spaces(edition: Edition) -> int:
    return sum(link.features.count("S") for link in edition.links.values())


def test_balance_classic_reloads_a_stuck_truck_and_upgrades_dearer_by_era() -> None:
    assert ED.truck_load == "reload"
    # 2 / 4 / 10 DM a section (seventh round; 2 / 4 / 5 in the sixth)
    assert [ED.upgrade_cost(era.number, ED.links["k3"]) for era in ED.eras] == [4, 8, 20]
    assert ED.upgrade_cost(1, ED.links["k5"]) == 2  # the seed tests' era-1 price


def test_new_games_get_the_current_edition_and_old_ones_keep_theirs() -> None:
    game = new_game(load_edition(), ["ann", "ben"], seed=4)
    assert edition_by_hash(game.edition_hash).trucks_move == "all"
    old = new_game(OLD, ["ann", "ben"], seed=4)
    assert edition_by_hash(old.edition_hash).trucks_move == "one"


def test_floor_values_come_from_the_edition(tmp_path: Path) -> None:
    text = CLASSIC_PATH.read_text(encoding="utf-8")
    assert "floor_values = [1, 2, 3]" in text
    path = tmp_path / "steep.toml"
    path.write_text(text.replace("floor_values = [1, 2, 3]", "floor_values = [1, 3, 6]"),
                    encoding="utf-8")
    steep = register_edition(load_edition(path))
    assert steep.floor_values == (1, 3, 6)
    s = turn_of()
    s = replace(s, offices=s.offices.set("black", ("ann",)), edition_hash=steep.hash)
    per_dept = {d: (0, 0, 0) for d in ED.departments}
    s = set_player(s, "ann", lobby=0, floors=FrozenDict({**per_dept, "network": (1, 1, 1)}))
    assert scores(s)["ann"] == (1 + 3 + 6) * 1  # one seat: black
    assert scores(replace(s, edition_hash=ED.hash))["ann"] == (1 + 2 + 3) * 1
