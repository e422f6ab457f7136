"""Computer seats in the service (issue 16): bots filling seats, replace/reclaim, hints,
a computer decision owed after a restart made once, and computers never reminded."""

from __future__ import annotations

from pathlib import Path

import pytest
from service_testutil import SEED, FixedClock, fake_png

import rules
from service import CONSOLE, GameService
from service.computer import Thinker
from service.errors import BadOption, NotAPlayer, NotHost, NotYourTurn, ServiceError
from service.seat_settings import computer_level
from store import GameStore

FAST = {"sample": 2, "width": 0, "follow": 1, "seconds": None, "noise": 0.0}


def fast_service(store: GameStore, clock: FixedClock) -> GameService:
    svc = GameService(store, clock=clock, renderer=fake_png)
    svc.use_thinker(Thinker(processes=False, budget=FAST, hint_budget=FAST))
    return svc


@pytest.fixture
async def svc(store: GameStore, clock: FixedClock):  # type: ignore[no-untyped-def]
    service = fast_service(store, clock)
    try:
        yield service
    finally:
        service.close()


async def play_human(svc: GameService, game_id: int, human: str) -> int:
    """The human takes their first legal action each time it is theirs, until the end."""
    moves = 0
    while True:
        await svc.computers_idle()
        game = await svc.game(game_id)
        if game.status != "running":
            return moves
        deciding = await svc.deciding(game_id)
        assert deciding == human, "the computers stopped on their own decision"
        legal = await svc.legal(game_id, human)
        await svc.act(game_id, human, legal.actions[0], expected_version=legal.version)
        moves += 1


async def test_one_human_two_bots_play_a_whole_game(svc: GameService) -> None:
    posted: list[str] = []

    async def seen(result) -> None:  # type: ignore[no-untyped-def]
        posted.append(result.player)

    svc.on_computer_move(seen)
    game = await svc.create_game(CONSOLE, "ann", "Ann", seats=3, seed=SEED, bots=2,
                                 bot_level="easy")
    assert game.player_ids == ("ann", "cpu1", "cpu2")
    assert svc.names(game)["cpu2"] == "Computer 2 (easy)"
    assert computer_level(game.settings, "cpu1") == "easy"
    await svc.start(game.id, "ann")
    moves = await play_human(svc, game.id, "ann")
    view = await svc.view(game.id)
    assert view.state is not None and rules.is_over(view.state)
    log = await svc.store.read_log(game.id)
    by_bots = [a for a in log if a.player_id != "ann"]
    assert moves > 0 and len(by_bots) == len(posted) > 0
    assert set(posted) == {"cpu1", "cpu2"}  # every computer action was told to the adapter
    record = await svc.export(game.id)
    assert record["computer"] == {"cpu1": "easy", "cpu2": "easy"}
    # The record replays (computer actions are ordinary actions of the log).
    imported = await svc.import_record(CONSOLE, "ann", record)
    assert imported.status == "finished"


async def test_german_names_and_bad_options(store: GameStore, clock: FixedClock) -> None:
    svc = fast_service(store, clock)
    game = await svc.create_game(CONSOLE, "ann", "Ann", seats=3, bots=1, bot_level="strong",
                                 language="de")
    assert svc.names(game)["cpu1"] == "Computer 1 (stark)"
    with pytest.raises(BadOption):
        await svc.create_game(CONSOLE, "bob", "Bob", seats=3, bots=3)
    with pytest.raises(BadOption):
        await svc.create_game(CONSOLE, "cem", "Cem", seats=3, bots=1, bot_level="genius")
    svc.close()


async def test_add_bot_to_lobby_host_only(svc: GameService) -> None:
    game = await svc.create_game(CONSOLE, "ann", "Ann", seats=3, seed=SEED)
    game = await svc.join(game.id, "ben", "Ben")
    with pytest.raises(NotHost):
        await svc.add_bot(game.id, "ben", "easy")
    game = await svc.add_bot(game.id, "ann", "easy")
    assert game.player_ids[-1] == "cpu1"
    assert game.settings["computer"] == {"cpu1": "easy"}


async def test_replace_and_reclaim(svc: GameService) -> None:
    game = await svc.create_game(CONSOLE, "ann", "Ann", seats=2, seed=SEED,
                                 players=[("ben", "Ben")])
    await svc.start(game.id, "ann")
    # Only someone seated asks (a non-host opens a vote: test_service_seat_votes.py).
    with pytest.raises(NotAPlayer):
        await svc.replace(game.id, "dan", "ann")
    done = await svc.replace(game.id, "ann", "ben", "easy")
    assert done.replaced and done.request is None  # the host: at once, no vote
    # Ann plays; every decision of Ben's is taken by the computer until Ben reclaims.
    for _ in range(6):
        await svc.computers_idle()
        legal = await svc.legal(game.id, "ann")
        assert await svc.deciding(game.id) == "ann"
        await svc.act(game.id, "ann", legal.actions[0], expected_version=legal.version)
    await svc.computers_idle()
    log = await svc.store.read_log(game.id)
    assert any(a.player_id == "ben" for a in log)
    await svc.reclaim(game.id, "ben")
    with pytest.raises(ServiceError) as err:
        await svc.reclaim(game.id, "ben")
    assert err.value.code == "computer.not_replaced"
    # Ben's turn now waits for Ben.
    while await svc.deciding(game.id) == "ann":
        legal = await svc.legal(game.id, "ann")
        await svc.act(game.id, "ann", legal.actions[0], expected_version=legal.version)
        await svc.computers_idle()
    assert await svc.deciding(game.id) == "ben"


async def test_hint_for_the_deciding_player_only(svc: GameService) -> None:
    game = await svc.create_game(CONSOLE, "ann", "Ann", seats=2, seed=SEED,
                                 players=[("ben", "Ben")])
    await svc.start(game.id, "ann")
    who = await svc.deciding(game.id)
    other = "ben" if who == "ann" else "ann"
    hint = await svc.hint(game.id, who, "de")
    legal = await svc.legal(game.id, who)
    assert hint.action in legal.actions
    assert hint.label and hint.reason.params["action"] == hint.label
    with pytest.raises(NotYourTurn):
        await svc.hint(game.id, other)


async def test_restart_owing_a_computer_move_makes_it_once(tmp_path: Path,
                                                           clock: FixedClock) -> None:
    path = tmp_path / "restart.sqlite3"
    store = await GameStore.open(path)
    svc = fast_service(store, clock)
    game = await svc.create_game(CONSOLE, "ann", "Ann", seats=2, seed=SEED, bots=1,
                                 bot_level="easy")
    # The crash: the game is dealt but no drive runs (the start's hook found no loop task
    # survive: we cancel it before it thinks).
    await svc.start(game.id, "ann")
    svc.stop_computers()
    svc.close()
    await store.close()
    store = await GameStore.open(path)
    svc = fast_service(store, clock)
    before = (await svc.game(game.id)).action_count
    owed = await svc.owed_computer_games()
    if await svc.deciding(game.id) == "cpu1":
        assert [g.id for g in owed] == [game.id]
    # Two drivers at once (the start-up check and a reminder) make the decision once.
    await svc.resume_computers()
    await svc.resume_computers()
    svc.kick_computers(game.id)
    await svc.computers_idle()
    assert await svc.deciding(game.id) == "ann"
    log = await svc.store.read_log(game.id)
    made = [a for a in log[before:] if a.player_id == "cpu1"]
    assert len({a.seq for a in made}) == len(made)
    assert await svc.owed_computer_games() == []
    svc.close()
    await store.close()


async def test_computers_are_never_reminded(svc: GameService) -> None:
    game = await svc.create_game(CONSOLE, "ann", "Ann", seats=3, seed=SEED, bots=2,
                                 bot_level="easy")
    await svc.start(game.id, "ann")
    for _ in range(8):
        await svc.computers_idle()
        legal = await svc.legal(game.id, "ann")
        await svc.act(game.id, "ann", legal.actions[0], expected_version=legal.version)
    await svc.computers_idle()
    due = await svc.due_reminders(svc.clock() + 10**7)
    assert due and {r.user_id for r in due} == {"ann"}
