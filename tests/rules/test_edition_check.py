"""`python -m rules.editions check FILE` (issue 34 item 5): one test for each kind of mistake
a group correcting its edition can make, each reported with the line, the thing in the
game's words and the problem; a good file is summed up with the hash its games keep."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from rules.edition import CLASSIC_PATH
from rules.edition_check import check, main

CLASSIC = CLASSIC_PATH.read_text(encoding="utf-8")


def corrected(tmp_path: Path, old: str, new: str, count: int = 1) -> Path:
    """A copy of the classic file with one correction (which must apply)."""
    assert CLASSIC.count(old) >= 1, old
    path = tmp_path / "ours.toml"
    path.write_text(CLASSIC.replace(old, new, count), encoding="utf-8")
    return path


def line_number(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def problem(path: Path) -> str:
    ok, lines = check(path)
    assert not ok and len(lines) == 1
    return lines[0]


def test_a_misspelt_city_names_the_link_its_line_and_the_city_meant(tmp_path: Path) -> None:
    path = corrected(tmp_path, 'b = "bremen"', 'b = "bremenn"')
    assert problem(path) == (
        f"ours.toml, line {line_number(path, 'bremenn')}: the red link r2 (Hamburg–bremenn), "
        "b (key links.r2.b): unknown node 'bremenn' — did you mean 'bremen'?")


def test_an_unknown_colour_lists_the_colours_and_the_one_meant(tmp_path: Path) -> None:
    path = corrected(tmp_path, '[depots.d_red]\ncolour = "red"', '[depots.d_red]\ncolour = "rde"')
    message, line = problem(path), line_number(path, '"rde"')
    assert message.startswith(f"ours.toml, line {line}: the rde depot "
                              "d_red at Köln, colour (key depots.d_red.colour): unknown colour")
    assert message.endswith("did you mean 'red'?")


def test_a_misspelt_key_is_refused_not_ignored(tmp_path: Path) -> None:
    path = corrected(tmp_path, "label_offset = [10, -16]", "label_ofset = [10, -16]")
    assert problem(path) == (f"ours.toml, line {line_number(path, 'label_ofset')}: city "
                             "muenster (Münster), label_ofset (key nodes.muenster.label_ofset): "
                             "unknown key (a typo?)")


def test_a_word_where_a_number_belongs(tmp_path: Path) -> None:
    path = corrected(tmp_path, "build_cost = 2\n", 'build_cost = "two"\n')
    line = line_number(path, '"two"')
    assert problem(path) == (f"ours.toml, line {line}: era 1, build_cost "
                             "(key eras[0].build_cost): expected an integer, got 'two'")


def test_a_number_out_of_range(tmp_path: Path) -> None:
    path = corrected(tmp_path, "supply = 10\n", "supply = -1\n")
    assert problem(path) == (f"ours.toml, line {line_number(path, '= -1')}: era 1, supply "
                             "(key eras[0].supply): must be at least 1, got -1")


def test_a_missing_value(tmp_path: Path) -> None:
    path = corrected(tmp_path, 'lon = 8.80\n', '')
    assert problem(path) == (f"ours.toml, line {line_number(path, '[nodes.bremen]')}: city "
                             "bremen (Bremen), lon (key nodes.bremen.lon): missing required key")


def test_a_total_that_no_longer_adds_up(tmp_path: Path) -> None:
    # one station space fewer on r2 leaves the bonus spaces as stated, so take a B away
    path = corrected(tmp_path, 'a = "hamburg"\nb = "bremen"\nfeatures = ["B", "S"]',
                     'a = "hamburg"\nb = "bremen"\nfeatures = ["-", "S"]')
    assert problem(path) == (f"ours.toml, line {line_number(path, 'west_bonus_spaces')}: the "
                             "stated totals, west_bonus_spaces (key checks.west_bonus_spaces): "
                             "declared 11, but the data has 10")


def test_a_pre_built_network_in_pieces(tmp_path: Path) -> None:
    # Hannover–Kassel not pre-built (and the stated total corrected): the A7 in two pieces
    path = corrected(tmp_path, 'b = "kassel"\nfeatures = ["-", "-"]\nprebuilt = true',
                     'b = "kassel"\nfeatures = ["-", "-"]')
    path.write_text(path.read_text().replace("prebuilt_sections = 8", "prebuilt_sections = 6")
                    .replace("west_sections = 61", "west_sections = 63"))
    message = problem(path)
    assert message.startswith("ours.toml: the links (key links): the pre-built network is "
                              "not connected; its pieces are:")


def test_a_toml_syntax_error_names_its_line(tmp_path: Path) -> None:
    path = corrected(tmp_path, 'name = "Bremen"', 'name = "Bremen')
    message = problem(path)
    assert message.startswith("ours.toml: TOML syntax error")
    assert re.search(rf"line {line_number(path, 'Bremen')}\b", message)


def test_a_file_that_is_not_there(tmp_path: Path) -> None:
    assert problem(tmp_path / "nope.toml").startswith("nope.toml: file not found")


def test_a_good_file_gives_its_hash_and_what_it_changes(tmp_path: Path) -> None:
    path = corrected(tmp_path, 'country = "nl"\ndm = 4\n', 'country = "nl"\ndm = 6\n')
    ok, lines = check(path)
    assert ok
    assert re.match(r"ours\.toml: OK — edition 'classic', hash [0-9a-f]{12} \(games started "
                    r"with it are pinned to this hash\); \d+ cities", lines[0])
    assert lines[1] == "differs from the shipped classic in: delivery board: changed"


def test_the_command_line_exits_0_1_or_2(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    good = corrected(tmp_path, "# The classic", "# Our copy of the classic")
    bad = tmp_path / "bad.toml"
    bad.write_text(CLASSIC.replace("finance_divisor = 20", "finance_divisor = 0"))
    assert main(["check", str(good)]) == 0
    assert "differs from the shipped classic in: nothing above" in capsys.readouterr().out
    assert main(["check", str(good), str(bad)]) == 1
    assert "finance_divisor (key administration.finance_divisor): must be at least 1" in (
        capsys.readouterr().err)
    assert main(["nonsense"]) == 2
    run = subprocess.run([sys.executable, "-m", "rules.editions", "check", str(bad)],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 1 and "must be at least 1, got 0" in run.stderr
    assert "RuntimeWarning" not in run.stderr
