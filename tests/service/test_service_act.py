"""Acting: the happy path, every refusal, the game's end, and concurrent submissions."""

from __future__ import annotations

import asyncio

import pytest
from service_testutil import FixedClock, first_choice_game

import rules
from service import GameService
from service.errors import (
    DuplicateInteraction,
    GameOver,
    IllegalAction,
    NotYourTurn,
    ServiceError,
    StaleVersion,
    message,
)
from service.records import make_record
from store import Game, GameStore


async def _turn(service: GameService, game: Game) -> tuple[str, str]:
    player, actions, _ = await service.legal(game.id)
    return player, actions[0]


async def test_act_applies_and_reports(service: GameService, running: Game) -> None:
    player, action = await _turn(service, running)
    result = await service.act(running.id, player, action.upper(), interaction_id="i-1")
    assert result.notation == action  # stored canonical, whatever the case typed
    assert result.version == running.version + 1 and result.move == 1
    assert result.turn_passed and result.board is not None  # each draft pick is a turn
    assert result.next_player != player and result.decision == "route"
    assert not result.over
    assert (await service.store.read_log(running.id))[0].notation == action


async def test_not_your_turn(service: GameService, running: Game) -> None:
    player, action = await _turn(service, running)
    other = next(p for p in running.player_ids if p != player)
    with pytest.raises(NotYourTurn) as info:
        await service.act(running.id, other, action)
    assert info.value.params == {"current": service.name(running, player),
                                 "player": service.name(running, other)}


async def test_illegal_action_names_alternatives(service: GameService, running: Game) -> None:
    player, _ = await _turn(service, running)
    with pytest.raises(IllegalAction) as info:
        await service.act(running.id, player, "route atlantis")
    err = info.value
    assert err.code == "unknown_route" and err.rule.params == {"route": "atlantis"}
    assert 0 < len(err.alternatives) <= 5 and all(a.startswith("route ") for a in err.alternatives)
    assert "Possible à la place" in message(err, "fr")
    with pytest.raises(IllegalAction) as info:
        await service.act(running.id, player, "fly to the moon")
    assert info.value.code == "unknown_action"
    assert (await service.view(running.id)).game.version == running.version  # nothing changed


async def test_stale_version(service: GameService, running: Game) -> None:
    player, action = await _turn(service, running)
    await service.act(running.id, player, action, expected_version=running.version)
    player, action = await _turn(service, running)
    with pytest.raises(StaleVersion) as info:
        await service.act(running.id, player, action, expected_version=running.version)
    assert info.value.params == {"expected": running.version, "actual": running.version + 1}


async def test_duplicate_interaction(service: GameService, running: Game) -> None:
    player, action = await _turn(service, running)
    await service.act(running.id, player, action, interaction_id="same")
    player, action = await _turn(service, running)
    with pytest.raises(DuplicateInteraction):
        await service.act(running.id, player, action, interaction_id="same")


async def test_game_over(service: GameService, running: Game) -> None:
    game = await service.import_record(_place(running), "ann", _record())
    assert game.status == "finished"
    with pytest.raises(GameOver):
        await service.act(game.id, "ann", "pass")
    view = await service.view(game.id)
    assert view.next_player is None and view.winners


async def test_the_last_action_finishes_the_game(service: GameService, running: Game) -> None:
    log = first_choice_game()
    record = _record(log[:-1])
    game = await service.import_record(_place(running), "ann", record)
    player, action = log[-1]
    result = await service.act(game.id, player, action)
    assert result.over and result.scores and result.winners and result.board is not None
    assert (await service.view(game.id)).game.status == "finished"
    assert await service.store.pending_reminders(game.id) == []


async def test_concurrent_acts_exactly_one_wins(service: GameService, running: Game) -> None:
    player, action = await _turn(service, running)
    outcomes = await asyncio.gather(
        *(service.act(running.id, player, action, expected_version=running.version,
                      interaction_id=f"click-{i}") for i in range(25)),
        return_exceptions=True)
    wins = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(wins) == 1
    assert all(isinstance(o, StaleVersion) for o in outcomes if o not in wins)
    game = await service.store.get_game(running.id)
    assert game.version == running.version + 1 and game.action_count == 1


async def test_concurrent_acts_without_a_version(store: GameStore, service: GameService,
                                                 running: Game) -> None:
    # Each caller reads the board itself: whoever loses is told why, and one move is kept.
    player, action = await _turn(service, running)
    outcomes = await asyncio.gather(*(service.act(running.id, player, action)
                                      for _ in range(10)), return_exceptions=True)
    wins = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(wins) == 1
    assert all(isinstance(o, ServiceError) for o in outcomes if o not in wins)
    assert (await store.get_game(running.id)).action_count == 1


async def test_act_schedules_a_reminder_for_the_next_player(
        service: GameService, running: Game, clock) -> None:
    player, action = await _turn(service, running)
    result = await service.act(running.id, player, action)
    pending = await service.store.pending_reminders(running.id)
    assert [(r.user_id, r.kind, r.attempt) for r in pending] == [(result.next_player, "turn", 0)]
    assert pending[0].due_at == clock.now + 3600  # the default one-hour delay


def _record(log=None) -> dict:
    log = first_choice_game() if log is None else log
    state = rules.new_game(rules.load_edition(), ["ann", "ben", "cem"], 1)
    for p, a in log:
        state = rules.apply(state, p, a)
    return make_record(edition="classic", edition_hash=state.edition_hash, seed=1,
                       players=["ann", "ben", "cem"], names={}, actions=log, final=state)


def _place(game: Game):
    from service import Place
    return Place(game.guild_id, game.channel_id, game.thread_id)


async def test_legal_carries_the_version_its_list_belongs_to(service: GameService,
                                                             running: Game) -> None:
    before = await service.legal(running.id)
    assert before.version == running.version and before.player == running.current_player
    player, actions, version = before  # still unpacks
    await service.act(running.id, player, actions[0], expected_version=version)
    after = await service.legal(running.id)
    assert after.version == version + 1 and after.player != player
    # A button made from the old list is refused, not applied to the new board.
    with pytest.raises(StaleVersion):
        await service.act(running.id, after.player, after.actions[0], expected_version=version)
    mine = await service.legal(running.id, player)  # anyone's list, at the same version
    assert mine.version == after.version


async def test_legal_of_a_game_not_running_is_refused(service: GameService,
                                                      lobby: Game) -> None:
    with pytest.raises(ServiceError):
        await service.legal(lobby.id)


async def test_a_command_sent_before_the_players_own_last_move_landed_is_stale(
        service: GameService, running: Game, clock: FixedClock) -> None:
    # The same typed command sent twice (a double tap on /pass): the second was sent before
    # the first landed, so it must not act again on whatever the player decides next.
    sent = clock.now
    player, action = await _turn(service, running)
    clock.now += 2
    await service.act(running.id, player, action, issued_at=sent)
    version = (await service.view(running.id)).game.version
    with pytest.raises(StaleVersion):
        await service.act(running.id, player, "pass", issued_at=sent)
    assert (await service.view(running.id)).game.version == version  # nothing changed
    # Another player's command sent meanwhile is theirs to make: it goes through.
    other, their_action = await _turn(service, running)
    assert other != player
    result = await service.act(running.id, other, their_action, issued_at=sent)
    assert result.version == version + 1
    # And the same player's command sent after their move landed is fresh.
    third, next_action = await _turn(service, running)
    clock.now += 2
    await service.act(running.id, third, next_action, issued_at=clock.now)
