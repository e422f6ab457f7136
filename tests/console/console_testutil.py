"""Helpers for the console tests: scripted games and running bot.py as a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import rules
from console import Console
from tests.patience import scaled

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("ann", "ben", "cem")


@cache
def scripted_game(seed: int = 1) -> tuple[tuple[tuple[str, str], ...], dict[str, int]]:
    """A whole game played by the rules engine (first legal action each time):
    its (player, notation) log and final scores."""
    state = rules.new_game(rules.load_edition(), list(NAMES), seed)
    log = []
    while not rules.is_over(state):
        player = rules.current_player(state)
        assert player is not None
        action = str(rules.legal_actions(state, player)[0])
        state = rules.apply(state, player, action)
        log.append((player, action))
    return tuple(log), rules.scores(state)


def run_bot(script: str, cwd: Path, *args: str, token: str = "",
            timeout: float = 90) -> subprocess.CompletedProcess[str]:
    """`python bot.py <args>` in `cwd` with `script` on stdin (not a terminal), within
    `timeout` seconds of an idle machine (`tests.patience`: a whole game took 69 s alone
    and more than 90 s beside a loaded suite)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISCORD_TOKEN", "AUTOBAHN_DB", "LOG_LEVEL")}
    if token:
        env["DISCORD_TOKEN"] = token
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), *args], input=script, cwd=cwd, env=env,
        capture_output=True, text=True, timeout=scaled(timeout), check=False)


def first_turn_end(log) -> int:
    """The number of actions up to the first one (after the draft) that ends a turn of a
    player other than ann, who hosts."""
    state = rules.new_game(rules.load_edition(), list(NAMES), 1)
    for i, (player, action) in enumerate(log):
        after = rules.apply(state, player, action)
        if state.turn is not None and player != "ann" and rules.current_player(after) != player:
            return i + 1
        state = after
    raise AssertionError("no turn ends in the game")


def fake_png(state: rules.State, view: str, lang: str) -> bytes:
    return b"\x89PNG fake"


class Table:
    def __init__(self, console: Console, lines: list[str]) -> None:
        self.console, self.lines = console, lines

    async def __call__(self, *commands: str) -> str:
        """Run commands; return what they printed. Asserts the session did not end."""
        start = len(self.lines)
        for command in commands:
            assert await self.console.handle(command) is True
        return "\n".join(self.lines[start:])


class Terminal:
    """`python bot.py --console` on a pseudo-terminal that is its controlling terminal, so
    a Ctrl-C typed there reaches the whole process group (the render workers too), as it
    does for a player at a real terminal."""

    def __init__(self, cwd: Path, *args: str) -> None:
        import pty

        self.master, slave = pty.openpty()
        env = {k: v for k, v in os.environ.items()
               if k not in ("DISCORD_TOKEN", "AUTOBAHN_DB", "LOG_LEVEL")}
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "bot.py"), "--console", *args], stdin=slave,
            stdout=slave, stderr=slave, cwd=cwd, env=env, preexec_fn=_own_terminal)
        os.close(slave)
        self.output = b""

    def read_until(self, text: str, timeout: float = 60) -> str:
        import select
        import time

        end = time.monotonic() + timeout
        while text.encode() not in self.output and time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    self.output += os.read(self.master, 65536)
                except OSError:  # the child closed the terminal
                    break
        return self.output.decode("utf-8", "replace")

    def read_prompt(self, timeout: float = 60) -> str:
        """Read until a new prompt ("> " at the end of the output): the session waits for
        the next line. (With line editing the prompt is shown only once it waits.)"""
        import time

        end = time.monotonic() + timeout
        out = self.read_until("\x00 never printed", timeout=0.2)
        while not out.endswith("> ") and time.monotonic() < end:
            out = self.read_until("\x00 never printed", timeout=0.2)
        return out

    def type(self, text: str) -> None:
        os.write(self.master, text.encode())

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.master)


def _own_terminal() -> None:
    import fcntl
    import termios

    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
