"""Ending a game early: the host or an admin at once, the other players by a majority."""

from __future__ import annotations

import pytest
from service_testutil import SEED

from service import CONSOLE, AbandonResult, GameService
from service.abandon import majority
from service.errors import GameOver, NoAbandonRequest, NotAPlayer, OwnRequest
from store import Game


async def _status_events(service: GameService, game_id: int) -> list:
    return await service.store.list_events(game_id, "status")


async def test_the_host_abandons_at_once(service: GameService, running: Game) -> None:
    result = await service.abandon(running.id, "ann")
    assert isinstance(result, AbandonResult) and result.ended
    assert result.game.status == "abandoned" and result.by == "ann"
    (event,) = await _status_events(service, running.id)
    assert (event.user_id, event.detail["reason"]) == ("ann", "abandoned by the host")
    assert await service.store.pending_reminders(running.id) == []
    with pytest.raises(GameOver):
        await service.abandon(running.id, "ann")


async def test_an_admin_abandons_at_once_and_is_recorded(service: GameService,
                                                          running: Game) -> None:
    result = await service.abandon(running.id, "mod-7", is_admin=True)  # not even seated
    assert result.ended and result.game.status == "abandoned"
    (event,) = await _status_events(service, running.id)
    assert (event.user_id, event.detail["reason"]) == ("mod-7", "abandoned by a server admin")


async def test_a_stranger_cannot_abandon_or_vote(service: GameService, running: Game) -> None:
    with pytest.raises(NotAPlayer):
        await service.abandon(running.id, "zoe")
    await service.abandon(running.id, "ben")
    with pytest.raises(NotAPlayer):
        await service.vote_abandon(running.id, "zoe", True)
    assert (await service.view(running.id)).game.status == "running"


async def test_a_player_opens_a_vote_and_the_majority_ends_the_game(
        service: GameService, running: Game) -> None:
    opened = await service.abandon(running.id, "ben")
    assert not opened.ended and opened.opened and opened.request is not None
    assert (opened.needed, opened.yes, opened.waiting) == (2, ("ben",), ("ann", "cem"))
    game = (await service.view(running.id)).game
    assert game.status == "running" and game.version == running.version  # a vote moves nothing
    # Moves go on meanwhile; the vote does not lapse with them.
    player, actions, version = await service.legal(running.id)
    await service.act(running.id, player, actions[0], expected_version=version)
    with pytest.raises(OwnRequest):
        await service.vote_abandon(running.id, "ben", True)  # the asker's yes is counted
    done = await service.vote_abandon(running.id, "cem", True, request=opened.request)
    assert done.ended and done.game.status == "abandoned" and done.yes == ("ben", "cem")
    (event,) = await _status_events(service, running.id)
    assert event.user_id == "ben" and "vote" in event.detail["reason"]
    kinds = [e.kind for e in await service.store.list_events(running.id)]
    assert kinds[-3:] == ["abandon_request", "abandon_vote", "status"]


async def test_a_refused_vote_closes_and_the_game_goes_on(service: GameService,
                                                          running: Game) -> None:
    opened = await service.abandon(running.id, "ben")
    no = await service.vote_abandon(running.id, "cem", False)
    assert not no.ended and not no.refused and no.no == ("cem",)  # 2 of 3 still possible
    refused = await service.vote_abandon(running.id, "ann", False)
    assert refused.refused and not refused.ended
    assert await service.pending_abandon(running.id) is None
    with pytest.raises(NoAbandonRequest):
        await service.vote_abandon(running.id, "cem", True, request=opened.request)
    assert (await service.view(running.id)).game.status == "running"
    # A new vote may be opened later; buttons of the old one are refused.
    again = await service.abandon(running.id, "cem")
    assert again.opened and again.request != opened.request
    with pytest.raises(NoAbandonRequest):
        await service.vote_abandon(running.id, "ann", True, request=opened.request)


async def test_abandon_while_a_vote_is_open_is_a_yes(service: GameService,
                                                     running: Game) -> None:
    opened = await service.abandon(running.id, "ben")
    again = await service.abandon(running.id, "ben")  # asking twice changes nothing
    assert not again.opened and again.request == opened.request and not again.ended
    done = await service.abandon(running.id, "cem")
    assert done.ended and done.request == opened.request


async def test_four_players_need_three(service: GameService) -> None:
    game = await service.create_game(CONSOLE, "ann", "Ann", seats=4, seed=SEED)
    for pid in ("ben", "cem", "dan"):
        await service.join(game.id, pid, pid)
    await service.start(game.id, "ann")
    assert [majority(n) for n in (2, 3, 4)] == [2, 2, 3]
    await service.abandon(game.id, "ben")
    one = await service.vote_abandon(game.id, "cem", True)
    assert not one.ended and one.waiting == ("ann", "dan")
    assert (await service.vote_abandon(game.id, "dan", True)).ended


async def test_without_a_vote_there_is_nothing_to_answer(service: GameService,
                                                         running: Game) -> None:
    with pytest.raises(NoAbandonRequest):
        await service.vote_abandon(running.id, "cem", True)


async def test_computer_seats_have_no_say_in_abandoning(service: GameService) -> None:
    # Three people and a computer: a majority of the three (2) ends it; counting the
    # computer (3 of 4) would need every human, and the computer can never answer.
    game = await service.create_game(CONSOLE, "ann", "Ann", seats=4, seed=SEED,
                                     players=[("ben", "Ben"), ("cem", "Cem")], bots=1)
    assert len(game.player_ids) == 4
    opened = await service.abandon(game.id, "ben")
    assert not opened.ended and opened.needed == 2
    assert set(opened.waiting) == {"ann", "cem"}  # the computer is not waited for
    result = await service.vote_abandon(game.id, "cem", True)
    assert result.ended and result.game.status == "abandoned"
    assert set(result.yes) == {"ben", "cem"}
