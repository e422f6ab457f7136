"""The table model (issue 11, items 4-8): one open game per channel or thread, ended games
stay reachable at their place, true refusals, votes that count every yes, and a host who
left the lobby no longer runs it."""

from __future__ import annotations

import asyncio

import pytest
from service_testutil import PLAYERS, SEED, first_choice_game, record_of

from service import CONSOLE, GameService, Place, Table
from service.errors import (
    GameHere,
    GameOver,
    NoGameHere,
    NotAPlayer,
    NotHost,
    NotYourTurn,
    OwnRequest,
    SeveralGamesHere,
)

CHANNEL = Place(5, 50)
THREAD = Place(5, 50, 51)
FOUR = ("ann", "ben", "cem", "dan")


async def _four(service: GameService, place: Place = CHANNEL, *, start: bool = True) -> Table:
    game = await service.create_game(place, "ann", "Ann", seats=4, seed=SEED, exclusive=True)
    for pid in FOUR[1:]:
        game = await service.join(game.id, pid, pid.title())
    if start:
        game = (await service.start(game.id, "ann")).game
    return game


# -- item 4: one open game per place ---------------------------------------------------------


async def test_a_second_game_in_a_place_is_refused_until_the_first_ends(
        service: GameService) -> None:
    first = await service.create_game(CHANNEL, "ann", "Ann", exclusive=True)
    with pytest.raises(GameHere) as refused:
        await service.create_game(CHANNEL, "ben", "Ben", exclusive=True)
    assert refused.value.params == {"game": first.id}
    assert [g.id for g in await service.games_here(CHANNEL, active=False)] == [first.id]
    # A thread of the channel is a place of its own.
    in_thread = await service.create_game(THREAD, "ben", "Ben", exclusive=True)
    assert (await service.game_here(THREAD)).id == in_thread.id
    assert (await service.game_here(CHANNEL)).id == first.id  # not "several games"
    await service.abandon(first.id, "ann")
    second = await service.create_game(CHANNEL, "cem", "Cem", exclusive=True)
    assert (await service.game_here(CHANNEL, "cem")).id == second.id


async def test_two_creations_at_once_make_one_game(service: GameService) -> None:
    made = await asyncio.gather(
        *(service.create_game(CHANNEL, p, p, exclusive=True) for p in PLAYERS),
        return_exceptions=True)
    assert sum(isinstance(m, Table) for m in made) == 1
    assert sum(isinstance(m, GameHere) for m in made) == 2
    assert len(await service.games_here(CHANNEL)) == 1


async def test_games_left_from_before_the_rule_resolve_by_seat(service: GameService) -> None:
    one = await service.create_game(CHANNEL, "ann", "Ann")  # not exclusive: old data
    two = await service.create_game(CHANNEL, "ben", "Ben")
    assert (await service.game_here(CHANNEL, "ann")).id == one.id
    assert (await service.game_here(CHANNEL, "ben")).id == two.id
    with pytest.raises(SeveralGamesHere):
        await service.game_here(CHANNEL, "cem")  # seated in neither: name one by number


async def test_the_channel_points_to_its_one_thread_game(service: GameService) -> None:
    game = await service.create_game(THREAD, "ann", "Ann", exclusive=True)
    assert (await service.game_here(CHANNEL)).id == game.id  # the adapter points there
    await service.create_game(Place(5, 50, 52), "ben", "Ben", exclusive=True)
    with pytest.raises(NoGameHere):  # two threads: neither is the channel's own game
        await service.game_here(CHANNEL)


# -- item 5: an ended game stays reachable ---------------------------------------------------


async def test_a_finished_game_stays_at_its_place_and_in_the_list(
        service: GameService) -> None:
    game = await service.import_record(THREAD, "ann", record_of(first_choice_game()))
    assert game.status == "finished"
    with pytest.raises(NoGameHere):
        await service.game_here(THREAD)  # nothing open: a new game may start here
    assert (await service.game_to_look_at(THREAD)).id == game.id
    assert [g.id for g in await service.games_of("ann")] == [game.id]
    assert await service.games_of("ann", ended=False) == []
    with pytest.raises(NoGameHere):
        await service.game_to_look_at(Place(5, 60))


# -- item 6: who may press a turn button -----------------------------------------------------


async def test_check_turn_gives_acts_refusals(service: GameService, running: Table) -> None:
    current = await service.deciding(running.id)
    other = next(p for p in PLAYERS if p != current)
    await service.check_turn(running.id, current)  # no error: it is theirs
    with pytest.raises(NotAPlayer):
        await service.check_turn(running.id, "zoe")
    with pytest.raises(NotYourTurn) as refused:
        await service.check_turn(running.id, other)
    assert refused.value.params["current"] == current.title()


# -- item 7: votes ---------------------------------------------------------------------------


async def test_requests_at_the_same_moment_join_one_vote(service: GameService) -> None:
    game = await _four(service)
    for asker in ("ben", "cem"):  # both passed the "no vote open" check before either wrote
        await service.store.record_event(game.id, "abandon_request", user_id=asker,
                                         detail={"seats": 4, "needed": 3})
    pending = await service.pending_abandon(game.id)
    assert pending is not None and pending.user_id == "ben"
    events = await service.store.list_events(game.id, "abandon_request")
    later = events[-1].id  # the buttons of cem's request count as well
    done = await service.vote_abandon(game.id, "dan", True, request=later)
    assert done.ended and set(done.yes) == {"ben", "cem", "dan"}


async def test_two_last_votes_at_once_both_hear_the_truth(service: GameService) -> None:
    game = await _four(service)
    opened = await service.abandon(game.id, "ben")
    results = await asyncio.gather(
        service.vote_abandon(game.id, "cem", True, request=opened.request),
        service.vote_abandon(game.id, "dan", True, request=opened.request))
    assert all(r.ended for r in results)  # neither is told "the game has ended" as a refusal
    assert sum(r.announce for r in results) == 1  # and the end is announced once
    assert (await service.game(game.id)).status == "abandoned"
    assert len(await service.store.list_events(game.id, "status")) == 1  # ended once


async def test_the_asker_is_told_their_yes_counts(service: GameService) -> None:
    game = await _four(service)
    opened = await service.abandon(game.id, "ben")
    with pytest.raises(OwnRequest):
        await service.vote_abandon(game.id, "ben", True, request=opened.request)


async def test_a_player_who_left_the_lobby_no_longer_counts(service: GameService) -> None:
    game = await _four(service, start=False)
    opened = await service.abandon(game.id, "ben")  # 3 of 4 needed
    assert opened.needed == 3
    await service.leave(game.id, "ben")  # the asker leaves: 3 seated, 2 needed, no yes left
    await service.vote_abandon(game.id, "cem", True, request=opened.request)
    lobby = await service.game(game.id)
    assert lobby.status == "lobby"  # ben's yes went with him: 1 of 2
    done = await service.vote_abandon(game.id, "dan", True, request=opened.request)
    assert done.ended and set(done.yes) == {"cem", "dan"}


# -- item 8: the host who left ---------------------------------------------------------------


async def test_a_host_who_left_the_lobby_hands_it_on(service: GameService) -> None:
    game = await _four(service, start=False)
    await service.leave(game.id, "ann")
    lobby = await service.game(game.id)
    assert service.host_of(lobby) == "ben"
    with pytest.raises(NotHost) as refused:
        await service.start(game.id, "ann")
    assert refused.value.params == {"host": "Ben"}
    with pytest.raises(NotAPlayer):
        await service.abandon(game.id, "ann")
    assert (await service.game(game.id)).status == "lobby"
    started = await service.start(game.id, "ben")
    assert started.game.status == "running"
    done = await service.abandon(game.id, "ben")  # the new host ends it at once
    assert done.ended


async def test_an_ended_game_is_not_ended_twice(service: GameService) -> None:
    game = await _four(service)
    await service.abandon(game.id, "ann")
    with pytest.raises(GameOver):
        await service.abandon(game.id, "ann")


async def test_console_games_are_not_exclusive(service: GameService) -> None:
    await service.create_game(CONSOLE, "ann", "Ann")
    await service.create_game(CONSOLE, "ann", "Ann")  # the console switches between games
    assert len(await service.games_here(CONSOLE)) == 2


async def test_vote_posts_are_offered_for_closing_once_decided(service: GameService) -> None:
    from service.errors import BadOption

    game = await _four(service)
    opened = await service.abandon(game.id, "ben")
    await service.remember_vote_post(game.id, opened.request, 70, 71)
    assert await service.decided_vote_posts(game.id) == []  # still open: buttons stay
    with pytest.raises(BadOption):
        await service.remember_vote_post(game.id, opened.request, 70, 2**70)
    for voter in ("cem", "dan"):
        await service.vote_abandon(game.id, voter, False, request=opened.request)
    ((post, channel, message),) = await service.decided_vote_posts(game.id)
    assert (channel, message) == (70, 71)
    await service.vote_post_closed(game.id, post)
    assert await service.decided_vote_posts(game.id) == []
