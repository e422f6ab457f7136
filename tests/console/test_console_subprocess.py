"""bot.py as a user runs it: a whole scripted game, resuming, EOF, and the token path."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from console_testutil import Terminal, run_bot, scripted_game


def test_a_whole_three_player_game_from_a_script(tmp_path: Path) -> None:
    log, scores = scripted_game()
    script = "/game new players:3 names:ann,ben,cem seed:1\n"
    script += "".join(f"/act {action}\n" for _, action in log)
    script += "/status\n/quit\n"
    done = run_bot(script, tmp_path, "--console", "--db", "game.sqlite3", "--boards", "pics")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "!" not in "".join(line[:1] for line in out.splitlines()), out[-2000:]
    final = ", ".join(f"{p} {v}" for p, v in sorted(scores.items(), key=lambda kv: -kv[1]))
    assert f"Game over! Final scores: {final}." in out
    assert f"Game 1 is over. Scores: {final}." in out
    boards = sorted((tmp_path / "pics").glob("game1-move*.png"))
    assert len(boards) == out.count("Board saved:") > 50  # the start and one per turn
    assert boards[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "game.sqlite3").exists()


def test_the_game_resumes_after_the_process_ends(tmp_path: Path) -> None:
    log, _ = scripted_game()
    first = run_bot("/game new players:3 seed:1\n" + "".join(
        f"/act {a}\n" for _, a in log[:2]), tmp_path, "--console")
    assert first.returncode == 0, first.stderr
    second = run_bot(f"/act {log[2][1]}\n/log\n", tmp_path, "--console", "--lang", "de")
    assert second.returncode == 0, second.stderr
    assert "Partie 1 wird fortgesetzt." in second.stdout
    assert "Partie 1, Aktion 3" in second.stdout
    assert f"3. {log[2][0]} wählt die Routenkarte" in second.stdout
    assert (tmp_path / "autobahn.sqlite3").exists()  # the default database name


def test_end_of_input_ends_cleanly(tmp_path: Path) -> None:
    done = run_bot("", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "local table" in done.stdout and "Goodbye" in done.stdout


def test_a_token_starts_discord_and_never_shows_the_token(tmp_path: Path) -> None:
    secret = "MTIz.very-secret-token"
    # A closed local port stands for an unreachable Discord: it fails fast and offline.
    unreachable = "DISCORD_API_BASE=http://127.0.0.1:9/api/v10\n"
    (tmp_path / ".env").write_text(unreachable)
    done = run_bot("", tmp_path, token=secret)
    assert done.returncode == 1 and "could not reach Discord" in done.stderr
    assert "Traceback" not in done.stderr
    assert secret not in done.stdout + done.stderr
    # --console wins over a token (and a token in .env is read the same way).
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN='{secret}'\nLOG_LEVEL=INFO\n{unreachable}")
    assert run_bot("", tmp_path).returncode == 1
    assert run_bot("", tmp_path, "--console").returncode == 0


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
@pytest.mark.parametrize("key", ["\x03", "\x04"], ids=["ctrl-c", "ctrl-d"])
def test_ctrl_c_and_ctrl_d_at_the_prompt_end_at_once_without_a_traceback(
        tmp_path: Path, key: str) -> None:
    terminal = Terminal(tmp_path)
    try:
        terminal.read_until("> ")
        terminal.type("/game new players:3 seed:1\n")  # starts the render workers
        terminal.read_until("Board saved:")
        terminal.read_prompt()  # the prompt after the command: the key is typed there
        started = time.monotonic()
        terminal.type(key)
        code = terminal.proc.wait(timeout=15)  # it used to wait for Enter
        elapsed = time.monotonic() - started
        out = terminal.read_until("resume.", timeout=5)
    finally:
        terminal.close()
    assert code == (130 if key == "\x03" else 0), out
    assert elapsed < 10, elapsed  # generous: the machine is shared; it takes ~0.2 s
    assert "Traceback" not in out and "KeyboardInterrupt" not in out, out
    assert out.rstrip().endswith("Goodbye. Everything is saved; start the bot again to resume.")
    # The game is kept: the next start resumes it.
    assert "Resuming game 1." in run_bot("", tmp_path, "--console").stdout
