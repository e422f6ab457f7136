"""Undo: free within one's own turn until a reveal; consent or the host otherwise."""

from __future__ import annotations

import pytest
from service_testutil import find_cut, first_choice_game, random_game, record_of

from service import CONSOLE, GameService, UndoResult, VoteResult
from service.errors import (
    ConsentRequired,
    NothingToUndo,
    NotHost,
    NoUndoRequest,
    OwnRequest,
    StaleVersion,
)


async def _game_after(service: GameService, log) -> int:
    game = await service.import_record(CONSOLE, "ann", record_of(log))
    return game.id


async def test_free_undo_within_own_turn(service: GameService) -> None:
    log = first_choice_game()
    cut = find_cut(log, "free")  # the actor still decides in the same turn
    assert cut is not None
    player, action = log[cut - 1]
    game_id = await _game_after(service, log[:cut])
    result = await service.undo(game_id, player)
    assert isinstance(result, UndoResult) and result.removed == (action,)
    assert result.next_player == player and result.board is not None
    assert await service.state_at(game_id) == await service.state_at(game_id, cut - 1)
    events = await service.store.list_events(game_id, "undo")
    assert events[-1].detail["reason"] == "own turn"


async def test_undo_after_the_turn_passed_needs_consent(service: GameService) -> None:
    log = first_choice_game()
    cut = find_cut(log, "passed")  # the actor's turn has passed to the next player
    game_id = await _game_after(service, log[:cut])
    player = log[cut - 1][0]
    with pytest.raises(ConsentRequired) as info:
        await service.undo(game_id, player)
    assert info.value.params["count"] == 1
    others = [p for p in ("ann", "ben", "cem") if p != player]
    first = await service.vote_undo(game_id, others[0], True)
    assert isinstance(first, VoteResult) and first.waiting == (others[1],)
    done = await service.vote_undo(game_id, others[1], True)
    assert isinstance(done, UndoResult) and done.removed == (log[cut - 1][1],)
    assert (await service.view(game_id)).game.action_count == cut - 1
    with pytest.raises(NoUndoRequest):  # answered: nothing is waiting any more
        await service.vote_undo(game_id, others[0], True)


async def test_a_refusal_ends_the_request(service: GameService) -> None:
    log = first_choice_game()
    cut = find_cut(log, "passed", not_player="ann")  # ann hosts
    game_id = await _game_after(service, log[:cut])
    player = log[cut - 1][0]
    with pytest.raises(ConsentRequired):
        await service.undo(game_id, player)
    other = next(p for p in ("ann", "ben", "cem") if p != player)
    refused = await service.vote_undo(game_id, other, False)
    assert isinstance(refused, VoteResult) and not refused.accepted
    assert await service.pending_undo(game_id) is None
    assert (await service.view(game_id)).game.action_count == cut


async def test_the_asker_does_not_vote_and_a_move_voids_the_request(
        service: GameService) -> None:
    log = first_choice_game()
    cut = find_cut(log, "passed", not_player="ann")  # ann hosts
    game_id = await _game_after(service, log[:cut])
    player = log[cut - 1][0]
    with pytest.raises(ConsentRequired):
        await service.undo(game_id, player)
    with pytest.raises(OwnRequest):  # asking was their yes; not "not playing"
        await service.vote_undo(game_id, player, True)
    nxt, action = log[cut]
    await service.act(game_id, nxt, action)
    assert await service.pending_undo(game_id) is None


async def test_the_host_may_force(service: GameService) -> None:
    log = first_choice_game()
    cut = find_cut(log, "passed", not_player="ann")  # ann hosts
    game_id = await _game_after(service, log[:cut])
    player = log[cut - 1][0]
    with pytest.raises(ConsentRequired):
        await service.undo(game_id, player)
    with pytest.raises(NotHost):
        await service.undo(game_id, player, force=True)
    forced = await service.undo(game_id, "ann", force=True)  # ann hosts: forces cem's request
    assert forced.forced and forced.removed == (log[cut - 1][1],) and forced.by == "ann"


async def test_a_reveal_ends_the_free_undo(service: GameService) -> None:
    # A turn in which a card refill or tile draw is seen: search a few seeded games for one.
    found = ((log, cut) for log in map(random_game, range(1, 40))
             if (cut := find_cut(log, "reveal")) is not None)
    log, cut = next(found)
    game_id = await _game_after(service, log[:cut])
    with pytest.raises(ConsentRequired):
        await service.undo(game_id, log[cut - 1][0])


async def test_nothing_to_undo_and_stale(service: GameService, running) -> None:
    with pytest.raises(NothingToUndo):
        await service.undo(running.id, "ann")
    with pytest.raises(StaleVersion):
        await service.undo(running.id, "ann", expected_version=running.version - 1)


async def test_an_undo_respects_the_games_reminders_switch(service: GameService) -> None:
    log = first_choice_game()
    cut = find_cut(log, "free")
    assert cut is not None
    game_id = await _game_after(service, log[:cut])
    await service.update_settings(game_id, "ann", {"reminders": "off"})
    await service.undo(game_id, log[cut - 1][0])
    assert await service.store.pending_reminders(game_id) == []  # as a move would do
    await service.update_settings(game_id, "ann", {"reminders": "on"})
    forced = await service.undo(game_id, "ann", force=True)
    assert [r.user_id for r in await service.store.pending_reminders(game_id)] == [
        forced.next_player]
