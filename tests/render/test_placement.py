"""City names stay readable: no station, truck or tile covers one, even in a crowded game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from render import layout, map_layer, placement
from rules import apply, edition_by_hash, edition_of, load_edition, new_game
from rules.state import State

# the full view's desktop map and the map view's phone map are placed independently
GEOMETRIES = pytest.mark.parametrize("geo", [layout.DESKTOP, layout.PHONE],
                                     ids=lambda g: g.name)
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "greedy_4p.json"


def _overlap(a: placement.Box, b: placement.Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.fixture(scope="module")
def crowded() -> State:
    """The golden 4-player game's most crowded moment: most stations, trucks and tiles."""
    record = json.loads(GOLDEN.read_text())
    # replayed with the edition it was played by (an archived one)
    state = new_game(edition_by_hash(record["edition_hash"]), record["players"], record["seed"])
    best, best_n = state, -1
    for player, action in record["actions"]:
        state = apply(state, player, action)
        trucks = sum(t is not None for p in state.players.values() for t in p.trucks)
        n = len(state.stations) + 3 * trucks + len(state.section_tiles)
        if n > best_n:
            best, best_n = state, n
    return best


def test_the_crowded_state_is_crowded(crowded: State) -> None:
    assert len(crowded.stations) >= 15
    assert sum(t is not None for p in crowded.players.values() for t in p.trucks) >= 6


@GEOMETRIES
def test_no_marker_covers_a_city_name_in_a_crowded_late_game(crowded: State,
                                                             geo: layout.Geometry) -> None:
    edition = edition_of(crowded)
    names = placement.city_labels(edition, geo)
    hits = [(nid, what) for what, box in map_layer.marker_boxes(crowded, edition, geo)
            for nid, name in names.items() if _overlap(box, name)]
    assert hits == []


@GEOMETRIES
def test_no_possible_station_or_truck_spot_covers_a_city_name(geo: layout.Geometry) -> None:
    """Every station space, two trucks on every section and four at every depot."""
    edition = load_edition()
    names = list(placement.city_labels(edition, geo).values())
    boxes = [placement.station_box(edition, sid, geo) for sid, (link, n)
             in edition.sections.items() if link.features[n - 1] == "S"]
    spots = [(sid, k) for sid in layout.sections(edition, geo) for k in range(2)]
    spots += [(depot, k) for depot in edition.depots for k in range(4)]
    plate = placement.truck_plate_of(geo)
    boxes += [placement.box_at(map_layer.truck_xy(edition, p, k, geo), *plate)
              for p, k in spots]
    assert not [b for b in boxes for name in names if _overlap(b, name)]


@GEOMETRIES
@pytest.mark.parametrize("trucks", [4, 3])
def test_trucks_on_one_place_do_not_hide_each_other(trucks: int, geo: layout.Geometry) -> None:
    """Four at each depot (where every load starts), three on any section, the Ruhr's too."""
    edition = load_edition()
    places = edition.depots if trucks == 4 else layout.sections(edition, geo)
    plate = placement.truck_plate_of(geo)
    for place in places:
        boxes = [placement.box_at(map_layer.truck_xy(edition, place, k, geo), *plate)
                 for k in range(trucks)]
        assert not [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:]
                    if _overlap(a, b)], place


@GEOMETRIES
def test_a_station_stays_on_its_own_section(geo: layout.Geometry) -> None:
    edition = load_edition()
    for sid, g in layout.sections(edition, geo).items():
        x, y = placement.station_spot(edition, sid, geo)
        half = ((g.end[0] - g.start[0]) ** 2 + (g.end[1] - g.start[1]) ** 2) ** 0.5 / 2
        assert ((x - g.mid[0]) ** 2 + (y - g.mid[1]) ** 2) ** 0.5 <= half + 0.01, sid
