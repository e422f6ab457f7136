"""What the console says after a move and when it refuses a line: the next decision every
time, refusals that create nothing, and what was wrong and what is expected, in the
player's language (issue 11, items 16, 18 and 19)."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest
from console_testutil import NAMES, Table, scripted_game

import rules
from console import Console
from console.io import file_problem
from locales import translate
from service import GameService


def decides_again(log: tuple[tuple[str, str], ...]) -> list[tuple[int, str, str]]:
    """(index, player, next decision kind) of every action after the draft that leaves the
    same player a decision (build -> promote, load -> move)."""
    state = rules.new_game(rules.load_edition(), list(NAMES), 1)
    found = []
    for i, (player, action) in enumerate(log):
        after = rules.apply(state, player, action)
        if state.turn is not None and rules.current_player(after) == player:
            found.append((i, player, GameService.decision_kind(after) or ""))
        state = after
    return found


async def test_the_next_decision_is_printed_when_the_same_player_decides_again(
        table: Table) -> None:
    log, _ = scripted_game()
    again = decides_again(log)
    kinds = {kind for _, _, kind in again}
    assert {"promote", "move"} <= kinds  # the game has both cases the issue names
    await table("/game new players:3 names:ann,ben,cem seed:1")
    done = 0
    for index, player, kind in again[:6]:
        await table(*(f"/act {a}" for _, a in log[done:index]))
        out = await table(f"/act {log[index][1]}")
        next_line = translate("act.next", "en", player=player,
                              decision=translate(f"decision.{kind}", "en"))
        assert next_line in out.splitlines(), out  # then its choices, listed (issue 31)
        done = index + 1


async def test_a_refused_game_new_creates_nothing(table: Table) -> None:
    out = await table("/game new names:ann,ann,ann")
    assert "ann already has a seat" in out
    out = await table("/game list", "/status")
    assert "No games at this table yet." in out and "No game yet" in out
    assert table.console.game_id is None
    # A console started afterwards has nothing to resume either.
    again: list[str] = []
    fresh = Console(table.console.service, out=again.append)
    await fresh.resume()
    assert again == [translate("console.no_game", "en")]
    out = await table("/game new names:ann,ben,ann start:no", "/game new names:ann,ben,cem")
    assert "ann already has a seat" in out and "Game 1 created" in out


async def test_undo_and_as_say_what_is_wrong_and_what_is_expected(table: Table) -> None:
    await table("/game new players:3 seed:1")
    out = await table("/undo maybe")
    assert "!  is not playing" not in out
    assert out == ("! 'maybe' does not fit /undo: it takes nothing (take back your last "
                   "action), accept, refuse or force.")
    assert await table("/undo") == "! You have no action of yours to take back."
    assert await table("as ann") == "! Say what ann should do, for example: as ann /act pass."
    out = await table("/game abandon maybe", "/game", "/game new player:3", "/board when:3")
    assert ("'maybe' does not fit /game abandon: it takes nothing (ask to abandon), yes or "
            "no.") in out
    assert "/game needs one of: new, list, start, join, leave, switch, abandon," in out
    assert "/game new has no option 'player:3'; it takes players:…, names:…" in out
    assert "/board has no option 'when:3'; it takes at_move:…, view:…." in out
    assert "Unknown command ''" not in out
    assert "abandon game 1" not in out  # "maybe" opened no vote


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "! /act takes a number from /legal or an action, e.g. /act 1."),
    ("de", "! /act braucht eine Nummer aus /legal oder eine Aktion, z. B. /act 1."),
    ("fr", "! /act attend un numéro de /legal ou une action, p. ex. /act 1."),
])
async def test_act_without_an_action_says_what_it_takes(table: Table, lang: str,
                                                        said: str) -> None:
    """Before, "'' is not an action", quoting nothing."""
    table.console.lang = lang
    await table("/game new players:3 seed:1")
    before = await table.console.service.last_action(1)
    assert await table("/act") == said
    assert await table("/act   ") == said
    assert await table.console.service.last_action(1) == before  # nothing was played


async def test_import_and_export_name_the_file_problem(table: Table, tmp_path: Path) -> None:
    binary = tmp_path / "board.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe\x00")
    broken = tmp_path / "broken.json"
    broken.write_text('{"seed": 1,\n  oops}', "utf-8")
    out = await table("/import", f"/import {tmp_path}", f"/import {binary}",
                      f"/import {broken}", f"/import {tmp_path / 'missing.json'}")
    lines = out.splitlines()
    assert lines[0] == "! Name the file: /import <file>."
    assert lines[1] == f"! Cannot use the file {tmp_path}: it is a folder, not a file"
    assert lines[2] == f"! Cannot use the file {binary}: it is not a text file in UTF-8"
    assert lines[3] == (f"! Cannot use the file {broken}: it is not valid JSON "
                        "(line 2, column 3)")
    assert lines[4].endswith("missing.json: there is no such file or folder")
    assert "codec" not in out and "Errno" not in out and "'.'" not in out
    assert table.console.game_id is None  # nothing was imported
    await table("/game new players:3 seed:1")
    out = await table(f"/export {tmp_path}", f"/export {binary}/x.json")
    assert out.splitlines() == [
        f"! Cannot use the file {tmp_path}: it is a folder, not a file",
        f"! Cannot use the file {binary}/x.json: part of the path is a file, not a folder"]


@pytest.mark.parametrize(("error", "key"), [
    (FileNotFoundError(errno.ENOENT, "No such file or directory"), "file.not_found"),
    (IsADirectoryError(errno.EISDIR, "Is a directory"), "file.is_directory"),
    (PermissionError(errno.EACCES, "Permission denied"), "file.permission"),
    (OSError(errno.ENOSPC, "No space left on device"), "file.no_space"),
    (UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte"), "file.not_utf8"),
    (json.JSONDecodeError("Expecting value", "x", 0), "file.not_json"),
])
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_common_file_errors_are_named_in_the_players_language(
        error: OSError | ValueError, key: str, lang: str) -> None:
    reason = file_problem(error)
    assert reason == key
    text = translate("console.file_error", lang, path="x.json", reason=reason)
    raw = error.strerror if isinstance(error, OSError) else str(error)
    assert raw and raw not in text and "{" not in text and "file." not in text
    if lang != "en":
        assert translate(key, "en", **reason.params) not in text
    other = file_problem(OSError(errno.EROFS, "Read-only file system"))
    assert translate("console.file_error", lang, path="x", reason=other).endswith("EROFS)")


@pytest.mark.parametrize(("lang", "words"), [
    ("de", ("„maybe“ passt nicht", "Sag, was ann tun soll", "Gib die Datei an",
            "das ist ein Ordner, keine Datei", "keine Textdatei in UTF-8",
            "hat schon einen Platz")),
    ("fr", ("«\u202fmaybe\u202f» ne convient pas", "Dites ce qu’ann doit faire",
            "Indiquez le fichier",
            "c’est un dossier, pas un fichier", "pas un fichier texte en UTF-8",
            "a déjà une place")),
])
async def test_the_refusals_in_german_and_french(table: Table, tmp_path: Path, lang: str,
                                                 words: tuple[str, ...]) -> None:
    binary = tmp_path / "board.png"
    binary.write_bytes(b"\xff\xfe\x00")
    table.console.lang = lang
    out = await table("/game new names:ann,ann,ann", "/game new players:3 seed:1",
                      "/undo maybe", "as ann", "/import", f"/import {tmp_path}",
                      f"/import {binary}")
    for word in words:
        assert word in out, (word, out)
    english = ("must be", "Say what", "Name the file", "folder", "text file", "already has")
    assert not [w for w in english if w in out], out


async def test_a_numbered_choice_as_a_player_who_is_not_deciding_says_whose_decision_it_is(
        table: Table) -> None:
    """`as ben /act 1` on ann's turn (issue 31 item 14) said "There is no choice 1:
    /legal lists 1 to 0."; it names whose decision it is, and nothing changes."""
    await table("/game new players:3 names:ann,ben,cem seed:1")
    deciding = await table.console.service.deciding(1)
    other = next(n for n in ("ann", "ben", "cem") if n != deciding)
    out = await table(f"as {other} /act 1")
    assert out == f"! It is {deciding}'s decision, not {other}'s.", out
    assert (await table.console.service.game(1)).action_count == 0
