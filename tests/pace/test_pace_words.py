"""Every catalogue code the pace modules name exists in English, German and French (a
missing one would be shown as its code, "remind.hours (count=24)", which no test of the
wording could tell from the real sentence)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from locales import catalogue
from service.pace_settings import pace_text

ROOT = Path(__file__).resolve().parents[2]
MODULES = ["service/pace_settings.py", "service/deadlines.py", "service/history_text.py",
           "service/rematch.py", "service/history.py", "console/pace.py", "cogs/pace.py",
           "cogs/pace_card.py", "cogs/stats.py"]
CODE = re.compile(r"""["']((?:pace|setting|computer|remind|word|console)"""
                  r"""\.[a-z_]+(?:\.[a-z_]+)*)["']""")
# codes made from parts at run time
BUILT = [f"pace.{mark}.{how}" for mark in ("deadline", "autopass")
         for how in ("computer", "pass")] + [
    f"pace.autopass.set.{until}" for until in ("era", "back", "off")] + [
    f"pace.setting.action.{how}" for how in ("computer", "pass")] + [
    f"computer.level.{level}" for level in ("easy", "normal", "strong")]


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_every_code_the_pace_modules_name_exists(lang: str) -> None:
    words = catalogue(lang)
    named = {m for module in MODULES for m in CODE.findall((ROOT / module).read_text("utf-8"))}
    assert len(named) > 30
    missing = sorted(c for c in [*named, *BUILT] if c not in words)
    assert missing == []


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_every_pace_setting_is_worded(lang: str) -> None:
    for key, value in (("deadline", 24), ("deadline", 0), ("deadline_action", "pass"),
                       ("deadline_level", "easy"), ("deadline_stall", 3),
                       ("deadline_stall", 0), ("autopass", False)):
        text = pace_text(key, value, lang)
        assert "(" not in text and "." not in text and "_" not in text, (key, text)
