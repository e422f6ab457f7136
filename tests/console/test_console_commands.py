"""The console's commands in-process (fast): every error is printed and the session goes on."""

from __future__ import annotations

import json
from pathlib import Path

from console_testutil import Table, first_turn_end, scripted_game


async def test_errors_are_printed_and_the_session_goes_on(table: Table) -> None:
    out = await table("/act pass", "/bogus", "/board", "/game new players:9")
    assert "No game is running here" in out
    assert "Unknown command '/bogus'" in out
    assert "'9' does not fit players: it takes 2-4" in out
    out = await table("/game new players:3 seed:1", "/act route atlantis", "as zoe /act pass",
                      "/board at_move:99", "/board view:sky", "/game new players:x",
                      "/game new players:2 names:ann,ann seed:2")
    # the suggestions are labels now (issue 13), named by the route cards' cities
    assert "Route card atlantis is not on offer. Possible instead: Route card " in out
    assert "zoe is not playing in game 1." in out
    assert "There is no move 99" in out and "does not fit view" in out
    assert "'x' does not fit players: it takes a number" in out
    assert "ann already has a seat" in out


async def test_acts_for_whoever_decides_or_as_someone(table: Table) -> None:
    log, _ = scripted_game()
    out = await table("/game new players:3 names:ann,ben,cem seed:1", f"/act {log[0][1]}")
    # each move told by its label, as on the board (issue 13), never by its notation
    from rules import load_edition
    from service.labels import action_label

    label = action_label(log[0][1], load_edition(), "en")
    assert f"{log[0][0]}: {label}" in out and "Board saved:" in out
    assert f"{log[0][0]}: {log[0][1]}" not in out
    wrong = next(p for p in ("ann", "ben", "cem") if p != log[1][0])
    out = await table(f"as {wrong} /act {log[1][1]}")
    assert f"It is {log[1][0]}'s decision, not {wrong}'s." in out
    out = await table(f"as {log[1][0]} /act {log[1][1]}", "/legal", "/status", "/log")
    assert f"{log[2][0]} may: route " in out
    assert "Game 1, move 3, era 1" in out and "2. " in out


async def test_undo_with_consent_and_force(table: Table) -> None:
    log, _ = scripted_game()
    cut = first_turn_end(log)
    player, action = log[cut - 1]
    await table("/game new players:3 names:ann,ben,cem seed:1",
                *(f"/act {a}" for _, a in log[:cut]))
    out = await table("/undo")  # the last actor's turn has passed: consent is needed
    assert "needs the consent of" in out
    out = await table("/undo accept")
    # the moves taken back are named by their labels (issue 13), not their notation
    from rules import load_edition
    from service.labels import action_label

    said = action_label(action, load_edition(), "en")
    assert said != action
    assert f"{player} took back 1 action: {said}." in out
    out = await table("/undo refuse")
    assert "No undo request is waiting." in out
    out = await table(f"/act {action}", "/undo", "/undo force")
    assert "needs the consent" in out and f"ann took back 1 action: {said}" in out
    other = next(p for p in ("ann", "ben", "cem") if p != player)
    out = await table(f"/act {action}", "/undo", f"as {other} /undo refuse", "/status")
    assert f"{other} refused the undo" in out


async def test_export_import_and_switch(table: Table, tmp_path: Path) -> None:
    log, _ = scripted_game()
    record = tmp_path / "rec.json"
    await table("/game new players:3 seed:1", *(f"/act {a}" for _, a in log[:8]))
    out = await table(f"/export {record}")
    written = json.loads(record.read_text())
    # A running game's seed is sealed (issue 30 item 6); this table reads it back.
    assert "Game record written" in out and "seed" not in written and written["sealed_seed"]
    out = await table(f"/import {record}", "/game list")
    assert "Imported game 2 (8 moves" in out and "#2* [running]" in out
    out = await table("/import /nonexistent/file.json", "/game switch game:1", "/game switch")
    assert "Cannot use the file" in out and "Now playing game 1." in out
    assert "does not fit game: it takes a number" in out


async def test_lobby_commands(table: Table) -> None:
    out = await table("/game new players:3 names:ann,ben,cem seed:4 start:no", "/status",
                      "/game leave name:cem", "/game join name:dan", "as ben /game start",
                      "/game start", "/game abandon", "/status", "/act pass")
    assert "Game 1 has every seat taken: ann, ben, cem." in out  # nobody is invited to join
    assert "cem left game 1" in out and "dan joined game 1" in out
    assert "Only the host (ann) can do that." in out
    assert "Game 1 started. Turn order: " in out
    assert "Game 1 was abandoned" in out and "is already over" in out


async def test_french_and_german(tmp_path: Path, table: Table) -> None:
    table.console.lang = "fr"
    out = await table("/game new players:3 seed:1", "/act route atlantis", "/help")
    assert "La carte Itinéraire atlantis n’est pas proposée." in out
    assert "Commandes\u202f:" in out
    table.console.lang = "de"
    assert "Unbekannter Befehl" in await table("/foo")


async def test_abandon_by_vote(table: Table) -> None:
    out = await table("/game new players:3 names:ann,ben,cem seed:4", "as ben /game abandon",
                      "as cem /game abandon no", "as ann /game abandon no", "/status")
    assert "For abandoning game 1: ben. 2 of 3 players must agree." in out
    assert "Not answered yet: ann, cem." in out
    assert "The vote on abandoning game 1 was refused; the game goes on." in out
    assert "abandoned" not in out.split("refused")[-1]
    out = await table("as cem /game abandon no", "as ben /game abandon",
                      "as cem /game abandon yes", "/act pass")
    assert "No vote on abandoning this game is open." in out
    assert "Game 1 was abandoned by ben, cem." in out and "is already over" in out


async def test_legal_numbers_run_down_the_screen_and_act_plays_that_line(table: Table) -> None:
    import re

    log, _ = scripted_game()
    # past the route cards: a main decision offers several kinds, listed group by group
    await table("/game new players:3 names:ann,ben,cem seed:1", *(f"/act {a}" for _, a in log[:3]))
    out = await table("/legal")
    numbered = [m for line in out.splitlines() if (m := re.match(r"\s+(\d+)\. (.+)$", line))]
    assert len(numbered) > 5
    assert [int(m.group(1)) for m in numbered] == list(range(1, len(numbered) + 1))
    last, label = int(numbered[-1].group(1)), numbered[-1].group(2)
    mover = log[3][0]
    out = await table(f"/act {last}")
    assert f"{mover}: {label}" in out  # the move on that line, not the one at that place
