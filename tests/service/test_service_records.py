"""Export and import, the board at move N, and the readable log."""

from __future__ import annotations

import json
import re

import pytest
from service_testutil import FOUR, first_choice_game, long_game, record_of

import rules
from service import CONSOLE, GameService
from service.errors import BadMoveNumber, BadOption, BadRecord, RecordMismatch, message
from service.records import check_record


async def test_export_then_import_reproduces_the_final_state(service: GameService) -> None:
    original = await service.import_record(CONSOLE, "ann", record_of(first_choice_game()))
    record = json.loads(json.dumps(await service.export(original.id)))  # through JSON text
    assert record["final"]["over"] and record["final"]["scores"]
    copy = await service.import_record(CONSOLE, "ben", record)
    assert copy.id != original.id and copy.status == "finished"
    assert await service.state_at(copy.id) == await service.state_at(original.id)
    assert await service.export(copy.id) == record | {"names": record["names"]}


async def test_a_record_that_does_not_replay_is_refused(service: GameService) -> None:
    record = record_of(first_choice_game()[:10])
    record["actions"][6][1] = "build nowhere.1 with red"
    record["final"] = None
    with pytest.raises(RecordMismatch) as info:
        await service.import_record(CONSOLE, "ann", record)
    assert info.value.params["move"] == 7
    assert await service.games_here(CONSOLE, active=False) == []  # nothing was stored
    # The rule's refusal inside the message is in the reader's language too.
    german = message(info.value, "de")
    assert "Zug 7" in german or "7" in german
    assert "is not" not in german and "must decide" not in german, german


@pytest.mark.parametrize("change", [
    {"format": "chess-pgn"}, {"version": 99}, {"seed": "seven"}, {"players": ["ann", ""]},
    {"actions": [["ann"]]}, {"edition": "deluxe"}, {"edition_hash": "0" * 64},
    {"final": {"digest": "f" * 64}}, {"players": ["ann"]},
])
def test_bad_records(change: dict) -> None:
    record = record_of(first_choice_game()[:3]) | change
    with pytest.raises(BadRecord) as info:
        check_record(record)
    # Every reason is a catalogue phrase: nothing of it stays untranslated in French.
    french = message(info.value, "fr")
    assert not re.search(r"record\.[a-z]", french), french  # no untranslated key
    assert " is " not in french and " must " not in french, french


async def test_board_at_move_n(service: GameService) -> None:
    log = first_choice_game()
    game = await service.import_record(CONSOLE, "ann", record_of(log[:20]))
    assert (await service.board(game.id, at_move=0, view="map")).startswith(b"PNG map")
    assert await service.state_at(game.id, 20) == await service.state_at(game.id)
    with pytest.raises(BadMoveNumber):
        await service.board(game.id, at_move=21)
    with pytest.raises(BadMoveNumber):
        await service.board(game.id, at_move=-1)
    with pytest.raises(BadOption):
        await service.board(game.id, view="satellite")


async def test_log_lines_read_in_every_language(service: GameService) -> None:
    log = first_choice_game()
    game = await service.import_record(CONSOLE, "ann", record_of(log[:6]))
    english = await service.log(game.id, "en")
    german = await service.log(game.id, "de")
    assert len(english) == 6 and english[0].startswith("1. ")
    assert "[" not in english[0]  # the notation only for whoever asks (issue 31, item 3)
    assert (await service.log(game.id, "en", with_notation=True))[0].endswith(f"[{log[0][1]}]")
    assert "drafts the route card" in english[0] and "wählt die Routenkarte" in german[0]
    empty = await service.create_game(CONSOLE, "zoe", "Zoe", seed=3)
    assert await service.log(empty.id, "fr") == ["Aucun coup pour l’instant."]


async def test_a_long_game_imports_in_one_transaction(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    log = long_game()
    assert len(log) >= 220
    record = record_of(log, players=FOUR)
    writes = {"n": 0}
    real_write = service.store._write

    async def counted(body):  # every store write transaction goes through _write
        writes["n"] += 1
        return await real_write(body)

    monkeypatch.setattr(service.store, "_write", counted)
    game = await service.import_record(CONSOLE, "ann", record)
    # The game, its seats, its start and the whole log: one transaction (issue 30 item 3).
    assert writes["n"] == 1
    assert (game.status, game.action_count) == ("finished", len(log))
    stored = await service.store.read_log(game.id)
    assert [(a.player_id, a.notation) for a in stored] == list(log)
    assert await service.export(game.id) == record | {"names": {p: p for p in FOUR}}
    assert await service.store.pending_reminders(game.id) == []


async def test_an_unfinished_record_imports_running_at_its_last_move(
        service: GameService) -> None:
    log = long_game()[:220]
    game = await service.import_record(CONSOLE, "ann", record_of(log, players=FOUR))
    assert (game.status, game.action_count) == ("running", 220)
    assert game.current_player == rules.current_player(await service.state_at(game.id))
    player, actions, version = await service.legal(game.id)
    assert version == game.version
    result = await service.act(game.id, player, actions[0], expected_version=version)
    assert result.move == 221
