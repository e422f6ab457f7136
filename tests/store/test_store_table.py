"""The latest board post, a player's language, bulk appends and deferred reminders."""

from __future__ import annotations

import pytest
from store_testutil import play

from store import (
    Game,
    GameNotFoundError,
    GameStatusError,
    GameStore,
    PlayerError,
    ReminderRequest,
    StaleVersionError,
    StoreValueError,
)


async def test_board_message_is_stored_and_only_a_newer_post_replaces_it(
    store: GameStore, game: Game
) -> None:
    assert (game.board_channel_id, game.board_message_id) == (None, None)
    assert await store.set_board_message(game.id, 10, 2000)
    # An older post answered late (a slow upload) does not win over the newer one.
    assert not await store.set_board_message(game.id, 10, 1999)
    assert await store.set_board_message(game.id, 11, 2000)  # the same post again: fine
    after = await store.get_game(game.id)
    assert (after.board_channel_id, after.board_message_id) == (11, 2000)
    assert after.version == game.version  # no button acts on it


async def test_board_message_refusals(store: GameStore, game: Game) -> None:
    with pytest.raises(GameNotFoundError):
        await store.set_board_message(999, 10, 1)
    for bad in (0, -5, True, "12"):
        with pytest.raises(StoreValueError):
            await store.set_board_message(game.id, 10, bad)  # type: ignore[arg-type]
    with pytest.raises(StoreValueError):
        await store.set_board_message(game.id, 10, 2**70)  # beyond an INTEGER
    assert (await store.get_game(game.id)).board_message_id is None


async def test_player_language_changes_without_a_version_bump(
    store: GameStore, game: Game
) -> None:
    changed = await store.set_player_language(game.id, "ben", "de")
    assert {p.user_id: p.language for p in changed.players} == {
        "ann": None, "ben": "de", "cem": None}
    assert changed.version == game.version
    reset = await store.set_player_language(game.id, "ben", None)
    assert all(p.language is None for p in reset.players)
    with pytest.raises(PlayerError):
        await store.set_player_language(game.id, "zoe", "fr")
    with pytest.raises(GameNotFoundError):
        await store.set_player_language(999, "ann", "fr")


async def test_append_actions_is_one_transaction_for_the_whole_batch(
    store: GameStore, game: Game
) -> None:
    await play(store, game, "route a")
    current = await store.get_game(game.id)
    batch = [("ben" if i % 2 else "ann", f"pass {i}") for i in range(200)]
    result = await store.append_actions(
        game.id, expected_version=current.version, actions=batch,
        snapshot_json='{"after": 201}', next_player="cem",
        reminders=[ReminderRequest("cem", due_at=5.0)])
    assert result.version == current.version + 1
    assert (result.action.seq, result.action.notation) == (201, "pass 199")
    log = await store.read_log(game.id)
    assert [a.seq for a in log] == list(range(1, 202))
    assert [(a.player_id, a.notation) for a in log[1:]] == batch
    after = await store.get_game(game.id)
    assert (after.action_count, after.current_player) == (201, "cem")
    snapshot = await store.read_snapshot(game.id)
    assert snapshot is not None and (snapshot.seq, snapshot.version) == (201, after.version)
    assert [r.user_id for r in await store.pending_reminders(game.id)] == ["cem"]


async def test_append_actions_refusals_change_nothing(store: GameStore, game: Game) -> None:
    args = {"snapshot_json": "{}", "next_player": "ann"}
    with pytest.raises(StoreValueError):
        await store.append_actions(game.id, expected_version=game.version, actions=[], **args)
    with pytest.raises(StoreValueError):
        await store.append_actions(game.id, expected_version=game.version,
                                   actions=[("ann", "pass")], status="lobby", **args)
    with pytest.raises(StaleVersionError):
        await store.append_actions(game.id, expected_version=game.version + 7,
                                   actions=[("ann", "pass")], **args)
    # A value that cannot be stored halfway through the batch rolls the whole batch back.
    with pytest.raises(StoreValueError):
        await store.append_actions(game.id, expected_version=game.version,
                                   actions=[("ann", "pass"), ("ann", "\ud800")], **args)
    assert await store.read_log(game.id) == []
    assert (await store.get_game(game.id)).version == game.version
    ended = await store.set_status(game.id, "abandoned")
    with pytest.raises(GameStatusError):
        await store.append_actions(game.id, expected_version=ended.version,
                                   actions=[("ann", "pass")], **args)


async def test_defer_reminder_only_moves_later_and_not_after_it_was_sent(
    store: GameStore, game: Game
) -> None:
    await store.set_reminders(game.id, [ReminderRequest("ann", due_at=100.0)])
    [reminder] = await store.pending_reminders(game.id)
    assert await store.defer_reminder(reminder.id, 500.0)
    assert await store.defer_reminder(reminder.id, 500.0)  # again: same row, same time
    assert await store.defer_reminder(reminder.id, 300.0)  # never brought forward
    [moved] = await store.pending_reminders(game.id)
    assert (moved.id, moved.due_at, moved.attempt) == (reminder.id, 500.0, 0)
    assert await store.due_reminders(now=499.0) == []
    assert await store.mark_reminder_sent(reminder.id, sent_at=500.0)
    assert not await store.defer_reminder(reminder.id, 900.0)
    assert not await store.defer_reminder(12345, 900.0)
    assert await store.pending_reminders(game.id) == []
