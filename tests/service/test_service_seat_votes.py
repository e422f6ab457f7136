"""Issue 16, in the game: a stalled seat handed to a computer by the others' vote, the
right party moving after a replace, a reclaim or an undo, and the seat history in the
record, /log and the catch-up digest."""

from __future__ import annotations

import pytest
from service_testutil import SEED, FixedClock, fake_png

from service import CONSOLE, GameService
from service.errors import NotAPlayer, OwnRequest
from service.seat_votes import (
    AlreadyReplaced,
    NoReplaceRequest,
    NotAVoter,
    OwnSeat,
    ReplaceVoteOpen,
)
from store import GameStore

FAST = {"sample": 2, "width": 0, "follow": 1, "seconds": None, "noise": 0.0}


@pytest.fixture
async def svc(store: GameStore, clock: FixedClock):  # type: ignore[no-untyped-def]
    from service.computer import Thinker

    service = GameService(store, clock=clock, renderer=fake_png)
    service.use_thinker(Thinker(processes=False, budget=FAST, hint_budget=FAST))
    try:
        yield service
    finally:
        service.stop_computers()
        service.close()


async def table(svc: GameService, *others: str) -> int:
    game = await svc.create_game(CONSOLE, "ann", "Ann", seats=1 + len(others), seed=SEED,
                                 players=[(p, p.title()) for p in others])
    await svc.start(game.id, "ann")
    return game.id


async def move(svc: GameService, game_id: int) -> str:
    """Whoever decides (a human) takes their first legal action; returns who it was."""
    await svc.computers_idle()
    who = await svc.deciding(game_id)
    legal = await svc.legal(game_id, who)
    await svc.act(game_id, who, legal.actions[0], expected_version=legal.version)
    await svc.computers_idle()
    return who


async def until_decides(svc: GameService, game_id: int, player: str, *,
                        skip: str | None = None, limit: int = 60) -> None:
    """Humans move until `player` decides (never moving for `skip`)."""
    for _ in range(limit):
        await svc.computers_idle()
        if await svc.deciding(game_id) == player:
            return
        assert await svc.deciding(game_id) != skip
        await move(svc, game_id)
    raise AssertionError(f"{player} never came to decide")


async def played_for(svc: GameService, game_id: int, player: str) -> list:  # type: ignore[type-arg]
    """Humans move until the latest action is `player`'s (a computer's for them)."""
    for _ in range(30):
        if (log := await svc.store.read_log(game_id)) and log[-1].player_id == player:
            return log
        await move(svc, game_id)
    raise AssertionError(f"nothing was played for {player}")


async def test_a_majority_of_the_remaining_players_hands_the_seat_over(
        svc: GameService) -> None:
    game_id = await table(svc, "ben", "cem")
    opened = await svc.replace(game_id, "ben", "cem", "easy")
    # ann and ben remain: two of two must agree; ben's request is his yes.
    assert not opened.replaced and opened.opened and opened.request is not None
    assert (opened.needed, opened.yes, opened.waiting) == (2, ("ben",), ("ann",))
    assert (await svc.pending_replace(game_id)).id == opened.request  # type: ignore[union-attr]
    game = await svc.game(game_id)
    assert "replaced" not in game.settings or "cem" not in game.settings["replaced"]
    with pytest.raises(OwnRequest):
        await svc.vote_replace(game_id, "ben", True)
    with pytest.raises(OwnSeat):  # the stalled player has no say on their own seat
        await svc.vote_replace(game_id, "cem", False)
    done = await svc.vote_replace(game_id, "ann", True, request=opened.request)
    assert done.replaced and done.yes == ("ann", "ben")
    assert (await svc.game(game_id)).settings["replaced"] == {"cem": "easy"}
    assert await svc.pending_replace(game_id) is None
    # From now on the computer takes cem's decisions; the humans never wait for cem.
    await until_decides(svc, game_id, "ann")
    for _ in range(10):
        assert await move(svc, game_id) in ("ann", "ben")
    log = await svc.store.read_log(game_id)
    assert any(a.player_id == "cem" for a in log)
    with pytest.raises(AlreadyReplaced):
        await svc.replace(game_id, "ben", "cem")


async def test_a_no_refuses_and_a_new_request_opens_a_new_vote(svc: GameService) -> None:
    game_id = await table(svc, "ben", "cem")
    first = await svc.replace(game_id, "ben", "cem")
    refused = await svc.vote_replace(game_id, "ann", False)
    assert refused.refused and not refused.replaced and refused.no == ("ann",)
    assert await svc.pending_replace(game_id) is None
    with pytest.raises(NoReplaceRequest):
        await svc.vote_replace(game_id, "ann", True, request=first.request)
    second = await svc.replace(game_id, "ben", "cem")
    assert second.opened and second.request != first.request


async def test_one_vote_at_a_time_and_asking_again_is_a_yes(svc: GameService) -> None:
    game_id = await table(svc, "ben", "cem", "dan")
    opened = await svc.replace(game_id, "ben", "dan")
    assert opened.needed == 2  # ann, ben, cem remain: two of three
    with pytest.raises(ReplaceVoteOpen):
        await svc.replace(game_id, "cem", "ann")
    joined = await svc.replace(game_id, "cem", "dan")  # a second asker: one vote
    assert joined.replaced and joined.request == opened.request
    assert set(joined.yes) == {"ben", "cem"}


async def test_the_vote_lapses_when_the_stalled_player_moves(svc: GameService) -> None:
    game_id = await table(svc, "ben", "cem")
    stalled = await svc.deciding(game_id)
    asker = next(p for p in ("ann", "ben", "cem") if p not in (stalled, "ann"))
    opened = await svc.replace(game_id, asker, stalled)
    assert await svc.pending_replace(game_id) is not None
    await move(svc, game_id)  # the "stalled" player was there after all
    assert await svc.pending_replace(game_id) is None
    with pytest.raises(NoReplaceRequest):
        await svc.vote_replace(game_id, "ann", True, request=opened.request)


async def test_the_host_or_the_player_themselves_hand_over_at_once(svc: GameService) -> None:
    game_id = await table(svc, "ben", "cem")
    own = await svc.replace(game_id, "cem", "cem", "strong")
    assert own.replaced and (await svc.game(game_id)).settings["replaced"] == {"cem": "strong"}
    host = await svc.replace(game_id, "ann", "ben")
    assert host.replaced and host.request is None
    with pytest.raises(NotAPlayer):
        await svc.replace(game_id, "zed", "ann")
    with pytest.raises(NotAVoter):  # cem's seat is the computer's: cem has no say now
        await svc.replace(game_id, "cem", "ann")


async def test_vote_posts_keep_their_buttons_while_the_vote_is_open(svc: GameService) -> None:
    game_id = await table(svc, "ben", "cem")
    opened = await svc.replace(game_id, "ben", "cem")
    assert opened.request is not None
    await svc.remember_vote_post(game_id, opened.request, 5, 6)
    assert await svc.decided_vote_posts(game_id) == []
    await svc.vote_replace(game_id, "ann", True)
    assert [(c, m) for _, c, m in await svc.decided_vote_posts(game_id)] == [(5, 6)]


async def test_replace_while_the_seat_decides_plays_at_once(svc: GameService) -> None:
    game_id = await table(svc, "ben")
    await until_decides(svc, game_id, "ben")
    before = (await svc.game(game_id)).action_count
    await svc.replace(game_id, "ann", "ben", "easy")
    await svc.computers_idle()
    assert await svc.deciding(game_id) == "ann"
    assert (await svc.game(game_id)).action_count > before
    # Ben's reminder went with the seat: only ann is reminded.
    due = await svc.due_reminders(svc.clock() + 10**7)
    assert {r.user_id for r in due} <= {"ann"}


async def test_an_undo_that_leaves_a_computer_to_decide_kicks_it(svc: GameService) -> None:
    game_id = await table(svc, "ben")
    await svc.replace(game_id, "ann", "ben", "easy")
    log = await played_for(svc, game_id, "ben")
    assert log[-1].player_id == "ben"  # the computer just played for ben
    # ben (away, his seat the computer's) takes his last move back; ann consents. The
    # computer then holds the decision again, and must make it without anyone's nudge.
    from service.errors import ConsentRequired

    with pytest.raises(ConsentRequired):
        await svc.undo(game_id, "ben")
    undone = await svc.vote_undo(game_id, "ann", True)
    assert getattr(undone, "next_player", None) == "ben"
    await svc.computers_idle()
    assert await svc.deciding(game_id) == "ann"
    assert (await svc.store.read_log(game_id))[-1].player_id == "ben"


async def test_undo_with_only_computers_to_ask_is_made_at_once(svc: GameService) -> None:
    game = await svc.create_game(CONSOLE, "ann", "Ann", seats=2, seed=SEED, bots=1,
                                 bot_level="easy")
    await svc.start(game.id, "ann")
    await until_decides(svc, game.id, "ann")
    if (await svc.game(game.id)).action_count == 0:
        await move(svc, game.id)
        await until_decides(svc, game.id, "ann")
    count = (await svc.game(game.id)).action_count
    result = await svc.undo(game.id, "ann")  # cpu1 is not asked
    assert result.removed and (await svc.game(game.id)).action_count < count
    assert await svc.deciding(game.id) == "ann"


async def test_reclaim_hands_the_next_decision_back(svc: GameService) -> None:
    game_id = await table(svc, "ben")
    await svc.replace(game_id, "ann", "ben", "easy")
    await played_for(svc, game_id, "ben")
    await svc.reclaim(game_id, "ben")
    await until_decides(svc, game_id, "ben")
    await svc.computers_idle()
    assert await svc.deciding(game_id) == "ben"  # nobody plays for ben any more
    due = await svc.due_reminders(svc.clock() + 10**7)
    assert {r.user_id for r in due} == {"ben"}  # and ben is reminded again


async def test_the_record_log_and_digest_say_who_played_when(svc: GameService) -> None:
    game_id = await table(svc, "ben")
    for _ in range(2):
        await move(svc, game_id)
    await svc.replace(game_id, "ann", "ben", "easy")
    first = (await svc.store.list_events(game_id, "seat_replaced"))[0].detail["at"] + 1
    await played_for(svc, game_id, "ben")
    for _ in range(3):
        await move(svc, game_id)
    await svc.reclaim(game_id, "ben")
    last = (await svc.game(game_id)).action_count
    record = await svc.export(game_id)
    assert record["replaced"] == {"ben": "easy"}  # also after the seat came back
    assert record["computer_moves"] == [["ben", "easy", first, last]]
    told = await svc.log(game_id, "de", told=True)
    line = f"Den Platz von Ben spielte ein Computer (leicht) von Zug {first} bis Zug {last}."
    assert line in told
    assert line in await svc.log(game_id, "de")
    # ben's digest counts the computer's moves for him: he has not seen them.
    digest = await svc.since_last_turn(game_id, "ben", "en")
    computer_moves = [a for a in await svc.store.read_log(game_id)
                      if a.player_id == "ben" and first <= a.seq <= last]
    assert computer_moves and "Ben (computer)" in "\n".join(digest)
    imported = await svc.import_record(CONSOLE, "ann", record)
    assert imported.action_count == last


async def test_a_replaced_seat_is_named_as_the_computers_in_the_turn_story(
        svc: GameService) -> None:
    game_id = await table(svc, "ben")
    await svc.replace(game_id, "ann", "ben", "easy")
    await played_for(svc, game_id, "ben")
    story = "\n".join(await svc.turn_story(game_id, "fr"))
    assert "Ben (ordinateur)" in story
    post = await svc.turn_post(game_id, "fr")
    assert post.player == "ben" and "Ben (ordinateur)" in "\n".join(post.story)
