"""The console with computer players on a real (pseudo-)terminal (issue 30 item 12).

Scripted input passed while a terminal hung: the computer's worker process was forked while
the console's input thread held stdin's lock, and the worker waited for it forever. These
tests type into a pty as a player does, and look for processes the session left behind."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from console_testutil import Terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def _session_processes(sid: int) -> list[int]:
    """Processes still alive in the terminal's session (the bot's workers included)."""
    alive = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if fields[0] != "Z" and int(fields[3]) == sid:
            alive.append(int(entry.name))
    return alive


def _no_orphans(sid: int, within: float = 15) -> list[int]:
    end = time.monotonic() + within
    while (left := _session_processes(sid)) and time.monotonic() < end:
        time.sleep(0.1)
    return left


def _wait_for_ann(terminal: Terminal, after: int) -> str:
    """Output once ann's decision is asked for after byte `after` (computers moved)."""
    end = time.monotonic() + 120
    while time.monotonic() < end:
        out = terminal.read_until("\x00 never printed", timeout=0.5)  # read on
        tail = out[after:]
        if "ann to decide" in tail or "Next: ann" in tail:
            return out
    raise AssertionError(terminal.output.decode("utf-8", "replace")[-3000:])


def _count(terminal: Terminal, text: str, wanted: int, timeout: float = 30) -> int:
    """How often `text` was printed, read until it is `wanted` times (or the time is up)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        seen = terminal.read_until("\x00 never printed", timeout=0.2).count(text)
        if seen >= wanted:
            return seen
    return terminal.output.decode("utf-8", "replace").count(text)


def test_computer_moves_and_hint_finish_and_quit_ends_in_a_terminal(tmp_path: Path) -> None:
    terminal = Terminal(tmp_path)
    sid = terminal.proc.pid
    try:
        terminal.read_until("> ")
        terminal.type("/game new players:3 bots:2 level:easy seed:5\n")
        _wait_for_ann(terminal, 0)
        mark = len(terminal.output)
        terminal.type("/hint\n")
        out = terminal.read_until("Suggestion:", timeout=60)
        assert "Suggestion:" in out[mark:], out[-2000:]
        mark = len(terminal.output)
        terminal.type("/act 1\n")
        out = terminal.read_until("Board saved:", timeout=30)
        # the computers answer and it is ann's turn again: the worker thought and returned
        _wait_for_ann(terminal, mark + 1)
        terminal.type("/quit\n")
        code = terminal.proc.wait(timeout=20)
        out = terminal.read_until("resume.", timeout=5)
    finally:
        left = _no_orphans(sid)
        terminal.close()
    assert code == 0, out[-2000:]
    assert "Traceback" not in out, out
    assert out.rstrip().endswith("Goodbye. Everything is saved; start the bot again to resume.")
    assert left == [], left


def test_ctrl_c_while_a_computer_thinks_leaves_no_process_and_no_traceback(
        tmp_path: Path) -> None:
    terminal = Terminal(tmp_path)
    sid = terminal.proc.pid
    try:
        terminal.read_until("> ")
        # three strong computers and one human who picks last: the worker is busy
        terminal.type("/game new players:4 bots:3 level:strong seed:2\n")
        terminal.read_until("Board saved:")
        time.sleep(1.0)  # the first strong decision takes about a second of CPU
        terminal.type("\x03")
        code = terminal.proc.wait(timeout=20)
        out = terminal.read_until("resume.", timeout=5)
    finally:
        left = _no_orphans(sid)
        terminal.close()
    assert code == 130, out[-2000:]
    assert "Traceback" not in out and "KeyboardInterrupt" not in out, out
    assert out.rstrip().endswith("Goodbye. Everything is saved; start the bot again to resume.")
    assert left == [], left


def test_up_brings_back_the_last_command_and_the_line_can_be_edited(tmp_path: Path) -> None:
    """Line editing where Python has readline (issue 31 item 14): Up gave `Unknown
    command ''`, the arrow key's escape sequence read as a command."""
    pytest.importorskip("readline")
    terminal = Terminal(tmp_path)
    try:
        terminal.read_until("> ")
        terminal.type("/game new players:3 seed:1\n")
        terminal.read_until("Board saved:")
        terminal.read_until("> ")
        terminal.type("/statux")
        terminal.type("\x7fs\n")  # Backspace, then the right letter: "/status"
        assert _count(terminal, "ann: 10 DM", 2) == 2  # the start's status and this one
        terminal.type("\x1b[A\n")  # Up: /status again
        assert _count(terminal, "ann: 10 DM", 3) == 3
        terminal.type("/quit\n")
        code = terminal.proc.wait(timeout=20)
        out = terminal.read_until("resume.", timeout=5)
    finally:
        terminal.close()
    assert code == 0, out
    assert "Unknown command" not in out, out
    assert "Traceback" not in out, out
