"""Seats per construction office (RULES §4 and §7.6): players + `seats_extra` in every office,
unless the edition gives an office its own count (`[offices.seats_extra_by_office]`, at
least `seats_min`). The black office's players + 1 is a public fact; the others are [R]."""

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
        tmp_path, ("offices.seats_extra_by_office", by_office), ("offices.seats_min", seats_min)))


def test_balance_the_trunk_offices_have_players_plus_one_seats_the_others_fewer() -> None:
    classic = load_edition()
    for colour in ("black", "red"):  # the A7 and the A1
        assert [classic.seats(n, colour) for n in (2, 3, 4)] == [3, 4, 5], colour
    for colour in ("green", "orange", "purple", "white", "yellow"):
        assert [classic.seats(n, colour) for n in (2, 3, 4)] == [2, 2, 3], colour


def test_archived_editions_have_players_plus_one_seats_everywhere() -> None:
    for path in sorted((CLASSIC_PATH.parent / "archive").glob("classic-*.toml")):
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
