"""The label table is complete in en/de/fr, the font covers our letters, and render stays
a pure layer (no Discord, database or asyncio)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from render import labels
from render.fonts import BOLD, REGULAR, font
from render.layout import DESKTOP, PHONE, Geometry
from render.placement import city_labels
from rules import load_edition

RENDER = Path(__file__).resolve().parents[2] / "render"


def test_every_label_has_all_three_languages() -> None:
    missing = [k for k in labels.all_keys() if not labels.has_all_languages(k)]
    assert missing == []


def test_the_bundled_font_covers_german_and_french_letters() -> None:
    assert REGULAR.exists() and BOLD.exists()
    assert (REGULAR.parent / "LICENSE.txt").exists()
    f = font(20)
    blank = f.getmask("\u0378").getbbox()  # an unassigned code point: the .notdef box
    for ch in "äöüÄÖÜßéèàçêÉ":
        assert f.getmask(ch).getbbox() != blank, ch


@pytest.mark.parametrize("geo", [DESKTOP, PHONE], ids=lambda g: g.name)
def test_city_names_do_not_overlap(geo: Geometry) -> None:
    boxes = list(city_labels(load_edition(), geo).values())
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])


def test_render_imports_only_rules_and_pillow() -> None:
    forbidden = {"discord", "aiosqlite", "asyncio", "store", "service", "cogs"}
    for path in RENDER.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in forbidden, f"{path.name} imports {name}"


def test_a_heading_and_its_text_are_joined_by_the_languages_colon() -> None:
    """The board wrote "cem: déplacer un camion ?" in French; French sets a narrow
    no-break space before the colon. No drawn text spells ': ' itself."""
    import re
    from pathlib import Path

    from render.labels import colon

    assert colon("fr") == "\u202f: " and colon("de") == colon("en") == ": "
    source = Path(__file__).resolve().parents[2] / "render"
    spelt = [f"{path.name}:{n}" for path in sorted(source.glob("*.py"))
             for n, line in enumerate(path.read_text("utf-8").splitlines(), start=1)
             if re.search(r"\}: |\": \"", line) and not line.lstrip().startswith(("#", '"""'))]
    assert not spelt, spelt
