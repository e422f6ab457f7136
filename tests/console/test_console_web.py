"""Issue 36: `python bot.py --web` serves the games' pages beside the console, which
prints the table's link, and `/game settings web_link:new` gives a new one."""

from __future__ import annotations

import re
from pathlib import Path

from tests.console.console_testutil import run_bot

LINK = re.compile(r"The board in a browser: (http://127\.0\.0\.1:\d+/g/1/[\w-]{32,})")


def test_the_console_prints_the_page_link_when_the_pages_are_served(tmp_path: Path) -> None:
    done = run_bot("/game new players:2 names:ann,ben\n/game settings web_link:new\n/quit\n",
                   tmp_path, "--console", "--web", "0", "--db", str(tmp_path / "t.sqlite3"))
    assert done.returncode == 0, done.stderr
    first = LINK.search(done.stdout)
    assert first, done.stdout
    rotated = re.search(r"New link to the game's web page: (\S+) ", done.stdout)
    assert rotated and rotated.group(1) != first.group(1)
    assert rotated.group(1).rsplit("/", 1)[0] == first.group(1).rsplit("/", 1)[0]


def test_no_link_without_the_pages(tmp_path: Path) -> None:
    done = run_bot("/game new players:2 names:ann,ben\n/quit\n", tmp_path, "--console",
                   "--db", str(tmp_path / "t.sqlite3"))
    assert done.returncode == 0, done.stderr
    assert "browser" not in done.stdout
