"""The texts the code cites are in the repository: every "DESIGN §n" and "SOLO.md §n.m" of
a comment or docstring names a section of `docs/DESIGN.md` or `docs/SOLO.md` (copies of
the specifications the bot was built to), so a reader can look it up."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CITED = re.compile(r"\b(DESIGN|SOLO)(?:\.md)? ?§ ?(\d+(?:\.\d+)?)")
SOURCES = ("rules", "service", "store", "render", "ai", "cogs", "console", "web", "locales",
           "bench", "tests", "bot.py", "ARCHITECTURE.md", "README.md")


def _sections(name: str) -> set[str]:
    text = (ROOT / "docs" / f"{name}.md").read_text(encoding="utf-8")
    return set(re.findall(r"^#{2,4} (\d+(?:\.\d+)?)\.? ", text, flags=re.M))


def _citations() -> list[tuple[str, str, str]]:
    found = []
    for source in SOURCES:
        path = ROOT / source
        files = [path] if path.is_file() else sorted(
            [*path.rglob("*.py"), *path.rglob("*.md"), *path.rglob("*.toml")])
        for file in files:
            for doc, section in CITED.findall(file.read_text(encoding="utf-8")):
                found.append((str(file.relative_to(ROOT)), doc, section))
    return found


def test_the_code_cites_the_design_and_the_solo_texts() -> None:
    assert {doc for _, doc, _ in _citations()} == {"DESIGN", "SOLO"}


@pytest.mark.parametrize("doc", ["DESIGN", "SOLO"])
def test_every_cited_section_is_in_the_repository(doc: str) -> None:
    sections = _sections(doc)
    assert "2" in sections  # the headings were read
    missing = [(file, section) for file, cited, section in _citations()
               if cited == doc and section not in sections]
    assert missing == []
