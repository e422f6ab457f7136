"""Helpers for the console tests: scripted games and running bot.py as a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import rules

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
    """`python bot.py <args>` in `cwd` with `script` on stdin (not a terminal)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISCORD_TOKEN", "AUTOBAHN_DB", "LOG_LEVEL")}
    if token:
        env["DISCORD_TOKEN"] = token
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), *args], input=script, cwd=cwd, env=env,
        capture_output=True, text=True, timeout=timeout, check=False)


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
