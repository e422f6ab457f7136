"""Seats per construction office (RULES §4 and §7.6): players + `seats_extra` in every office,
unless the edition gives an office its own count: a fixed one (`[offices.seats_by_office]`)
or its own extra (`[offices.seats_extra_by_office]`, at least `seats_min`). The black
office's players + 1 is a public fact; the others are [R]."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rules import apply
from rules.edition import CLASSIC_PATH, EditionError, load_edition
from rules.model import Edition
from rules.registry import register_edition
from tests.rules.helpers import at_main, with_player, with_seats
from tests.rules.test_edition import load_changed


def edition_with(tmp_path: Path, by_office: dict[str, int], seats_min: int = 1) -> Edition:
    return register_edition(load_changed(
        tmp_path, ("offices.seats_by_office", {}), ("offices.seats_extra_by_office", by_office),
        ("offices.seats_min", seats_min)))


def test_balance_the_trunk_offices_have_players_plus_one_seats_the_others_one() -> None:
    classic = load_edition()
    for colour in ("black", "red"):  # the A7 and the A1
        assert [classic.seats(n, colour) for n in (2, 3, 4)] == [3, 4, 5], colour
    for colour in ("green", "orange", "purple", "white", "yellow"):
        assert [classic.seats(n, colour) for n in (2, 3, 4)] == [1, 1, 1], colour


def test_archived_editions_keep_their_seats() -> None:
    archive = CLASSIC_PATH.parent / "archive"
    fourth = load_edition(archive / "classic-2a827c60a464.toml")  # the fourth round's
    assert [fourth.seats(n, "green") for n in (2, 3, 4)] == [2, 2, 3]
    assert [fourth.seats(n, "red") for n in (2, 3, 4)] == [3, 4, 5]
    # the fifth, sixth, seventh, ninth and tenth rounds' files: one seat
    since_fifth = ("classic-32a1f3be9bb1.toml", "classic-b6f2956f4ecd.toml",
                   "classic-6db9103dc579.toml", "classic-b00d5ddbbb61.toml",
                   "classic-06197a3f817f.toml")
    for name in since_fifth:
        assert [load_edition(archive / name).seats(n, "green") for n in (2, 3, 4)] == [1, 1, 1]
    for path in sorted(archive.glob("classic-*.toml")):
        if path.name not in ("classic-2a827c60a464.toml", *since_fifth):
            # before them: players + 1 everywhere
            old = load_edition(path)
            assert all(old.seats(n, c) == n + 1 for n in (2, 3, 4) for c in old.colours), path


def test_an_office_may_have_its_own_seat_count(tmp_path: Path) -> None:
    ed = edition_with(tmp_path, {"red": -1, "green": -3}, seats_min=2)
    assert (ed.seats(3, "black"), ed.seats(3, "red"), ed.seats(4, "red")) == (4, 2, 3)
    assert ed.seats(2, "red") == 2 and ed.seats(4, "green") == 2  # never below seats_min


def test_a_full_office_of_its_own_count_sends_the_leftmost_to_the_lobby(game, tmp_path: Path):
    ed = edition_with(tmp_path, {"red": -1})
    s = replace(at_main(game, "ann"), edition_hash=ed.hash)
    s = with_seats(with_player(s, "ben", lobby=0), "red", "ben", "cem")  # 3 players: 2 seats
    s = apply(s, "ann", "build r1.1 with red")
    assert s.offices["red"] == ("cem", "ann")
    assert s.players["ben"].lobby == 1


def test_an_unknown_office_is_refused(tmp_path: Path) -> None:
    with pytest.raises(EditionError, match=r"seats_extra_by_office\.blue: not a colour"):
        edition_with(tmp_path, {"blue": 0})


def fixed_seats(tmp_path: Path, by_office: dict[str, int], **extra: dict[str, int]) -> Edition:
    changes = [("offices.seats_by_office", by_office)]
    changes += [(f"offices.{key}", value) for key, value in extra.items()]
    return register_edition(load_changed(tmp_path, *changes))


def test_an_office_may_have_a_fixed_count_at_every_table(tmp_path: Path) -> None:
    ed = fixed_seats(tmp_path, {"red": 2, "green": 5}, seats_extra_by_office={})
    assert [ed.seats(n, "red") for n in (2, 3, 4)] == [2, 2, 2]
    assert [ed.seats(n, "green") for n in (2, 3, 4)] == [5, 5, 5]
    assert [ed.seats(n, "black") for n in (2, 3, 4)] == [3, 4, 5]  # players + seats_extra


def test_a_one_seat_office_sends_the_engineer_before_to_the_lobby(game) -> None:
    s = at_main(game, "ann")  # the classic: one seat in the green office
    s = with_seats(with_player(s, "ben", lobby=0), "green", "ben")
    s = apply(s, "ann", "build g4.1 with green")
    assert s.offices["green"] == ("ann",)
    assert s.players["ben"].lobby == 1


@pytest.mark.parametrize(("by_office", "extra", "match"), [
    ({"blue": 1}, {}, r"seats_by_office\.blue: not a colour"),
    ({"green": 0}, {}, r"seats_by_office\.green: must be at least 1, got 0"),
    ({"green": 1}, {"seats_extra_by_office": {"green": -1}},
     r"seats_by_office\.green: also in seats_extra_by_office"),
])
def test_a_fixed_count_that_cannot_be_is_refused(tmp_path: Path, by_office, extra, match):
    with pytest.raises(EditionError, match=match):
        fixed_seats(tmp_path, by_office, **extra)
