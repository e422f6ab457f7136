"""Issue 11, items 10 and 14: every way a value enters the service is checked first and
refused with a typed, translated error naming the right field; nothing is written."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from dbdump import dump
from service_testutil import PLAYERS, SEED, first_choice_game, record_of

from service import CONSOLE, GameService, Place, message
from service.errors import BadOption, BadRecord, ServiceError, UnknownGame
from service.records import MAX_ACTIONS
from service.validation import MAX_RECORD_BYTES, parse_record
from store import Game, GameStore

HOSTILE_IDS = ["ann\x00", "\u202eann", "a\ud800", "x" * 65, "", "ann ben", "\x1b[31m"]
HOSTILE_NAMES = ["Ann\x00", "\u202eAnn", "A\udc00", "x" * 65, "   ", "\x07", 42, None]


@pytest.mark.parametrize("bad", HOSTILE_IDS)
async def test_create_refuses_a_bad_host_id(service: GameService, store: GameStore,
                                            bad: str) -> None:
    before = dump(store.path)
    with pytest.raises(BadOption) as err:
        await service.create_game(CONSOLE, bad, "Ann")
    assert err.value.params["name"] == "host"
    assert dump(store.path) == before


@pytest.mark.parametrize("bad", HOSTILE_NAMES)
async def test_create_and_join_refuse_a_bad_display_name(service: GameService, store: GameStore,
                                                         lobby: Game, bad: Any) -> None:
    before = dump(store.path)
    with pytest.raises(BadOption) as err:
        await service.create_game(CONSOLE, "zed", bad)
    assert err.value.params["name"] == "name"
    with pytest.raises(BadOption):
        await service.join(lobby.id, "zed", bad)
    assert dump(store.path) == before


@pytest.mark.parametrize("bad", HOSTILE_IDS)
async def test_join_refuses_a_bad_player_id_and_games_of_stays_usable(
        service: GameService, store: GameStore, lobby: Game, bad: str) -> None:
    with pytest.raises(BadOption):
        await service.join(lobby.id, bad, "Zed")
    assert [g.id for g in await service.games_of(PLAYERS[0])] == [lobby.id]


async def test_a_refusal_is_translated_and_names_the_field(service: GameService) -> None:
    with pytest.raises(BadOption) as err:
        await service.create_game(CONSOLE, "ann", "\u202eAnn")
    for lang in ("de", "fr"):
        text = message(err.value, lang)
        assert "expect." not in text and "name" in text
    assert "\u202e" not in message(err.value, "en")  # the override is not repeated


async def test_a_huge_seed_is_refused_as_the_seed(service: GameService, store: GameStore) -> None:
    before = dump(store.path)
    for seed in (10**30, 2**63, -1, 1.5, "7", True):
        with pytest.raises(BadOption) as err:
            await service.create_game(CONSOLE, "ann", "Ann", seed=seed)  # type: ignore[arg-type]
        assert err.value.params["name"] == "seed", seed
    assert dump(store.path) == before


async def test_settings_cannot_override_the_checked_seat_count(service: GameService) -> None:
    with pytest.raises(BadOption):
        await service.create_game(CONSOLE, "ann", "Ann", seats=2, settings={"seats": 50})
    game = await service.create_game(CONSOLE, "ann", "Ann", seats=2,
                                     settings={"reminders": False, "name": "Friday"})
    assert game.settings["seats"] == 2 and game.settings["name"] == "Friday"
    await service.join(game.id, "ben", "Ben")
    with pytest.raises(ServiceError):
        await service.join(game.id, "cem", "Cem")
    assert len((await service.game(game.id)).players) == 2


@pytest.mark.parametrize("raw", ["²", "٣", "9" * 5000, "-3", " 3", "3.0", ""])
async def test_seat_settings_take_ascii_digits_only(service: GameService, lobby: Game,
                                                    store: GameStore, raw: str) -> None:
    before = dump(store.path)
    with pytest.raises(BadOption) as err:
        await service.update_settings(lobby.id, lobby.host_id, {"seats": raw})
    assert err.value.params["name"] == "seats"
    assert dump(store.path) == before


@pytest.mark.parametrize("game_id", [99999999999999999999, 2**63, -(2**63) - 1, 0])
async def test_a_game_number_no_game_can_have_is_unknown(service: GameService,
                                                         game_id: int) -> None:
    with pytest.raises(UnknownGame):
        await service.game(game_id)
    with pytest.raises(UnknownGame):
        await service.view(game_id)


@pytest.mark.parametrize("game_id", ["1", 1.0, None, True, [1]])
async def test_a_game_number_of_the_wrong_type_is_refused(service: GameService, lobby: Game,
                                                          game_id: Any) -> None:
    with pytest.raises(BadOption):
        await service.game(game_id)


async def test_board_message_ids_beyond_64_bits_are_refused(service: GameService,
                                                            running: Game) -> None:
    with pytest.raises(BadOption) as err:
        await service.set_board_message(running.id, 2**64, 5)
    assert err.value.params["name"] == "channel"


async def test_act_refuses_hostile_metadata_before_the_rules(service: GameService,
                                                             running: Game) -> None:
    player = await service.deciding(running.id)
    legal = (await service.legal(running.id)).actions[0]
    for kwargs in ({"issued_at": float("nan")}, {"issued_at": "now"},
                   {"expected_version": 2**64}, {"interaction_id": "x" * 1000},
                   {"lang": "\x00"}):
        with pytest.raises(BadOption):
            await service.act(running.id, player, legal, **kwargs)
    with pytest.raises(BadOption):
        await service.act(running.id, player, "pass " * 1000)
    assert (await service.game(running.id)).version == running.version


# -- records: bounded before they are parsed ------------------------------------------------

def test_deep_json_is_refused_without_recursion_error() -> None:
    with pytest.raises(BadRecord) as err:
        parse_record("[" * 100_000 + "]" * 100_000)
    assert "too_deep" in str(err.value.params["reason"])


def test_a_big_file_is_refused_before_json_parses_it(monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[int] = []
    monkeypatch.setattr(json, "loads", lambda data: parsed.append(len(data)))
    started = time.perf_counter()
    with pytest.raises(BadRecord) as err:
        parse_record(b'{"players": ["' + b"x" * (MAX_RECORD_BYTES + 1) + b'"]}')
    assert str(err.value.params["reason"]) == "record.too_big"
    assert parsed == [] and time.perf_counter() - started < 1.0


def test_a_record_that_is_not_text_or_json_is_refused() -> None:
    for data, code in ((b"\xff\xfe\x00", "record.not_text"), (b"{nope", "record.not_json"),
                       (b'{"seed": ' + b"9" * 5000 + b"}", "record.not_json")):
        with pytest.raises(BadRecord) as err:
            parse_record(data)
        assert str(err.value.params["reason"]) == code


async def test_import_of_raw_bytes_goes_through_the_bounds(service: GameService) -> None:
    record = record_of(first_choice_game()[:4])
    game = await service.import_record(CONSOLE, "ann", json.dumps(record).encode())
    assert game.action_count == 4
    with pytest.raises(BadRecord):
        await service.import_record(CONSOLE, "ann", b"[" * 50_000)


async def test_too_many_actions_are_refused_before_replay(service: GameService) -> None:
    record = record_of(())
    record["actions"] = [["ann", "pass"]] * (MAX_ACTIONS + 1)
    with pytest.raises(BadRecord) as err:
        await service.import_record(CONSOLE, "ann", json.dumps(record))
    assert str(err.value.params["reason"]) == "record.too_long"


@pytest.mark.parametrize("bad", ["ann\x00", "\u202eben", "x" * 65, "a b"])
async def test_a_record_with_a_bad_player_id_is_refused(service: GameService, store: GameStore,
                                                        bad: str) -> None:
    record = record_of(())
    record["players"] = [bad, *PLAYERS[1:]]
    before = dump(store.path)
    with pytest.raises(BadRecord) as err:
        await service.import_record(CONSOLE, "ann", record)
    assert str(err.value.params["reason"]) == "record.player_id"
    assert dump(store.path) == before


async def test_a_record_with_a_bad_name_or_seed_is_refused(service: GameService) -> None:
    record = record_of(())
    record["names"] = {"ann": "\u202eAnn"}
    with pytest.raises(BadRecord) as err:
        await service.import_record(CONSOLE, "ann", record)
    assert str(err.value.params["reason"]) == "record.name"
    record = record_of(())
    record["seed"] = 10**30
    with pytest.raises(BadRecord) as err:
        await service.import_record(CONSOLE, "ann", record)
    assert str(err.value.params["reason"]) == "record.seed"
    assert record_of(())["seed"] == SEED


async def test_a_place_beyond_64_bits_is_refused(service: GameService) -> None:
    with pytest.raises(BadOption) as err:
        await service.create_game(Place(2**64, 1), "ann", "Ann")
    assert err.value.params["name"] == "place"
    with pytest.raises(BadOption):
        await service.games_here(Place(1, -5))


def test_a_name_taken_from_elsewhere_is_cleaned_not_refused() -> None:
    from service.validation import display_name, printable_name

    assert printable_name("\u202eAnn\x00", "ann") == "Ann"
    assert printable_name("\u2066\x07", "ann123") == "ann123"
    assert display_name(printable_name("x" * 200 + "\ud800", "x")) == "x" * 64
