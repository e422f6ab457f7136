"""Export and import, the board at move N, and the readable log."""

from __future__ import annotations

import json

import pytest
from service_testutil import first_choice_game, record_of

from service import CONSOLE, GameService
from service.errors import BadMoveNumber, BadOption, BadRecord, RecordMismatch
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


@pytest.mark.parametrize("change", [
    {"format": "chess-pgn"}, {"version": 99}, {"seed": "seven"}, {"players": ["ann", ""]},
    {"actions": [["ann"]]}, {"edition": "deluxe"}, {"edition_hash": "0" * 64},
    {"final": {"digest": "f" * 64}}, {"players": ["ann"]},
])
def test_bad_records(change: dict) -> None:
    record = record_of(first_choice_game()[:3]) | change
    with pytest.raises(BadRecord):
        check_record(record)


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
    assert english[0].endswith(f"[{log[0][1]}]")
    assert "drafts the route card" in english[0] and "wählt die Routenkarte" in german[0]
    empty = await service.create_game(CONSOLE, "zoe", "Zoe", seed=3)
    assert await service.log(empty.id, "fr") == ["Aucun coup pour l’instant."]
