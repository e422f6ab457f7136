"""Creating, joining, leaving and starting games, and every error a user can make there."""

from __future__ import annotations

import pytest

import rules
from service import CONSOLE, GameService, Place
from service.errors import (
    BadOption,
    GameAlreadyStarted,
    GameFull,
    GameNotStarted,
    NoGameHere,
    NotAPlayer,
    NotEnoughPlayers,
    NotHost,
    SeatTaken,
    SeveralGamesHere,
    UnknownGame,
)
from store import Game


async def test_create_seats_the_host_and_keeps_the_place(service: GameService) -> None:
    place = Place(guild_id=11, channel_id=22, thread_id=33)
    game = await service.create_game(place, "u1", "Uli", seats=4, seed=5, language="de")
    assert (game.guild_id, game.channel_id, game.thread_id) == (11, 22, 33)
    assert game.player_ids == ("u1",) and game.status == "lobby" and game.seed == 5
    assert game.settings["seats"] == 4 and game.language == "de"
    assert (await service.game_here(place)).id == game.id


async def test_start_deals_the_seeded_game(service: GameService, lobby: Game) -> None:
    started = await service.start(lobby.id, "ann")
    expected = rules.new_game(rules.load_edition(), ["ann", "ben", "cem"], 1)
    assert started.game.status == "running"
    assert started.first_player == rules.current_player(expected)
    assert started.decision == "route" and started.board.startswith(b"PNG")
    assert await service.state_at(lobby.id) == expected


async def test_join_and_leave(service: GameService) -> None:
    game = await service.create_game(CONSOLE, "ann", "Ann", seats=3, seed=1)
    game = await service.join(game.id, "ben", "Ben")
    game = await service.leave(game.id, "ben")
    assert game.player_ids == ("ann",)


async def test_seat_taken(service: GameService, lobby: Game) -> None:
    with pytest.raises(SeatTaken) as info:
        await service.join(lobby.id, "ben", "Ben")
    assert info.value.code == "seat_taken"


async def test_game_full(service: GameService, lobby: Game) -> None:
    with pytest.raises(GameFull) as info:
        await service.join(lobby.id, "dan", "Dan")
    assert info.value.params["count"] == 3


async def test_unknown_game_everywhere(service: GameService) -> None:
    for call in (service.join(999, "x", "X"), service.start(999, "x"),
                 service.act(999, "x", "pass"), service.view(999), service.log(999),
                 service.undo(999, "x"), service.export(999), service.board(999)):
        with pytest.raises(UnknownGame):
            await call


async def test_only_the_host_starts(service: GameService, lobby: Game) -> None:
    with pytest.raises(NotHost):
        await service.start(lobby.id, "ben")


async def test_not_enough_players(service: GameService) -> None:
    game = await service.create_game(CONSOLE, "ann", "Ann", seats=3, seed=1)
    with pytest.raises(NotEnoughPlayers) as info:
        await service.start(game.id, "ann")
    assert info.value.params == {"game": game.id, "count": 1, "low": 2}


async def test_not_started_and_already_started(service: GameService, lobby: Game) -> None:
    with pytest.raises(GameNotStarted):
        await service.act(lobby.id, "ann", "pass")
    with pytest.raises(GameNotStarted):
        await service.undo(lobby.id, "ann")
    await service.start(lobby.id, "ann")
    with pytest.raises(GameAlreadyStarted):
        await service.join(lobby.id, "dan", "Dan")
    with pytest.raises(GameAlreadyStarted):
        await service.start(lobby.id, "ann")


async def test_not_a_player(service: GameService, running: Game) -> None:
    with pytest.raises(NotAPlayer):
        await service.act(running.id, "zoe", "pass")


async def test_bad_player_count_and_settings(service: GameService, lobby: Game) -> None:
    with pytest.raises(BadOption):
        await service.create_game(CONSOLE, "ann", "Ann", seats=7)
    with pytest.raises(BadOption):
        await service.update_settings(lobby.id, "ann", {"colour": "blue"})
    with pytest.raises(NotHost):
        await service.update_settings(lobby.id, "ben", {"language": "de"})
    game = await service.update_settings(lobby.id, "ann", {"language": "fr", "reminders": "off"})
    assert game.settings["language"] == "fr" and game.settings["reminders"] is False


async def test_no_game_here_and_several(service: GameService) -> None:
    place = Place(1, 2)
    with pytest.raises(NoGameHere):
        await service.game_here(place)
    await service.create_game(place, "a", "A", seed=1)
    await service.create_game(place, "b", "B", seed=2)
    with pytest.raises(SeveralGamesHere):
        await service.game_here(place)


async def test_a_player_changes_their_own_language(service: GameService, running: Game) -> None:
    game = await service.set_player_language(running.id, "ben", "de")
    assert {p.user_id: p.language for p in game.players}["ben"] == "de"
    assert game.version == running.version  # no button acts on a language
    game = await service.set_player_language(running.id, "ben", None)  # the game's again
    assert {p.user_id: p.language for p in game.players}["ben"] is None


async def test_player_language_refusals(service: GameService, running: Game) -> None:
    for bad in ("xx", "de-DE", "", "<@1>" * 50):
        with pytest.raises(BadOption):
            await service.set_player_language(running.id, "ben", bad)
    with pytest.raises(NotAPlayer):
        await service.set_player_language(running.id, "zoe", "fr")
    with pytest.raises(UnknownGame):
        await service.set_player_language(999, "ben", "fr")
    game = (await service.view(running.id)).game
    assert all(p.language is None for p in game.players)


async def test_the_board_message_is_kept_and_read_back(service: GameService,
                                                       running: Game) -> None:
    assert await service.set_board_message(running.id, 70, 9000)
    assert not await service.set_board_message(running.id, 70, 8000)  # an older post
    game = (await service.view(running.id)).game
    assert (game.board_channel_id, game.board_message_id) == (70, 9000)
    assert game.version == running.version and "board_message" not in game.settings
    with pytest.raises(BadOption):
        await service.set_board_message(running.id, 70, -1)
    with pytest.raises(UnknownGame):
        await service.set_board_message(999, 70, 1)


async def test_create_seats_everyone_in_one_transaction(service: GameService) -> None:
    game = await service.create_game(CONSOLE, "ann", "Ann", seats=3, seed=1,
                                     players=[("ben", "Ben"), ("cem", "Cem")])
    assert game.player_ids == ("ann", "ben", "cem") and game.status == "lobby"
    assert [p.display_name for p in game.players] == ["Ann", "Ben", "Cem"]
    # A refused seat leaves no game behind: not a duplicate, not too many, not a name
    # SQLite cannot hold (a lone surrogate), not even a game without its other seats.
    refused = [({"players": [("ben", "Ben"), ("ann", "Ann 2")]}, SeatTaken),
               ({"players": [("ben", "Ben"), ("ben", "Ben")]}, SeatTaken),
               ({"players": [("b", "B"), ("c", "C"), ("d", "D")]}, BadOption),
               ({"players": [("ben", "Ben"), ("bad", "bad\udc80")]}, BadOption)]
    for kwargs, error in refused:
        with pytest.raises(error):
            await service.create_game(CONSOLE, "ann", "Ann", seats=3, seed=1, **kwargs)
    assert [g.id for g in await service.games_here(CONSOLE, active=False)] == [game.id]
