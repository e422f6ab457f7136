"""Solo games in the service (SOLO.md): one human against the Autobot, whose turns the
service applies itself right after the human's move and stores as ordinary actions."""

from __future__ import annotations

import pytest

import rules
from rules.bots import RandomBot
from service import CONSOLE, GameService
from service.errors import BadOption, SoloNeedsLevel

HUMAN = "u1"


async def _solo(service: GameService, level: int = 3, seed: int = 11) -> int:
    game = await service.create_game(CONSOLE, HUMAN, "Ann", seed=seed, solo_level=level)
    await service.start(game.id, HUMAN)
    return game.id


async def test_a_solo_game_is_created_for_one_seat_and_starts_with_the_human_alone(
        service: GameService) -> None:
    game_id = await _solo(service)
    game = await service.game(game_id)
    assert game.settings["solo_level"] == 3 and game.settings["seats"] == 1
    assert game.player_ids == (HUMAN,)
    assert await service.deciding(game_id) == HUMAN  # the route card comes first


async def test_a_bad_level_is_refused_before_anything_is_stored(service: GameService) -> None:
    for level in (0, 13):
        with pytest.raises(BadOption):
            await service.create_game(CONSOLE, HUMAN, "Ann", seed=1, solo_level=level)


async def test_one_seat_without_a_level_asks_for_the_autobots_level(
        service: GameService) -> None:
    with pytest.raises(SoloNeedsLevel) as refused:
        await service.create_game(CONSOLE, HUMAN, "Ann", seats=1, seed=1)
    assert refused.value.params == {"low": 1, "high": 12}  # the classic edition's levels
    assert await service.store.game_ids() == []


async def test_the_autobot_moves_right_after_the_human_and_its_turns_are_logged(
        service: GameService) -> None:
    game_id = await _solo(service)
    legal = await service.legal(game_id)
    result = await service.act(game_id, HUMAN, legal.actions[0])
    assert result.autobot and result.autobot[0].startswith("autobot ")
    assert result.next_player == HUMAN
    log = await service.store.read_log(game_id)
    assert [a.player_id for a in log] == [HUMAN, "autobot"]
    assert log[1].notation == result.autobot[0]


async def test_a_whole_solo_game_is_played_exported_and_imported(
        service: GameService) -> None:
    game_id = await _solo(service, level=9, seed=4)
    human = RandomBot(4)
    for _ in range(1500):
        game = await service.game(game_id)
        if game.status == "finished":
            break
        state = await service._state(game)
        action = human.choose(state, HUMAN)
        result = await service.act(game_id, HUMAN, str(action))
    assert result.over and set(result.scores or {}) == {"autobot", HUMAN}
    record = await service.export(game_id)
    assert record["solo_level"] == 9
    assert any(p == "autobot" for p, _n in record["actions"])
    copy = await service.import_record(CONSOLE, HUMAN, record)
    assert copy.settings["solo_level"] == 9
    assert rules.scores(await service._state(copy)) == result.scores


@pytest.mark.parametrize(("lang", "words"), [("en", "Autobot draws"), ("de", "Autobot zieht"),
                                             ("fr", "L’Autobot tire")])
async def test_the_log_tells_the_autobots_turn_in_words(service: GameService, lang: str,
                                                       words: str) -> None:
    game_id = await _solo(service)
    legal = await service.legal(game_id)
    result = await service.act(game_id, HUMAN, legal.actions[0])
    lines = await service.log(game_id, lang)
    assert len(lines) == 2 and words in lines[1] and "[" not in lines[1]
    noted = await service.log(game_id, lang, with_notation=True)
    assert noted[1] == f"{lines[1]}  [{result.autobot[0]}]"


async def test_undo_takes_back_the_humans_move_and_the_autobots_turn(
        service: GameService) -> None:
    game_id = await _solo(service)
    route = (await service.legal(game_id)).actions[0]
    await service.act(game_id, HUMAN, route)
    legal = await service.legal(game_id)
    before = await service._state(await service.game(game_id))
    result = await service.act(game_id, HUMAN, legal.actions[0])
    assert result.autobot
    undone = await service.undo(game_id, HUMAN)
    assert undone.removed == (legal.actions[0], *result.autobot)
    assert undone.next_player == HUMAN
    again = await service._state(await service.game(game_id))
    assert again == before
    redo = await service.act(game_id, HUMAN, legal.actions[0])
    assert redo.autobot == result.autobot  # the Autobot's turn is the same again
