"""`GameStore.edit_game`: a game's settings and seats read, changed and written in one
transaction under the game's lock (issue 30 item 2)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from store import EventNote, Game, GameEdit, GameStore, NewSeat, PlayerError


def _count_up(game: Game) -> GameEdit:
    return GameEdit(settings={**game.settings, "n": int(game.settings.get("n", 0)) + 1})


async def test_concurrent_edits_from_four_connections_lose_none(
        store: GameStore, game: Game, db_target: Path | str) -> None:
    others = [await GameStore.open(db_target) for _ in range(3)]
    try:
        stores = [store, *others]
        await asyncio.gather(*(stores[i % 4].edit_game(game.id, _count_up)
                               for i in range(40)))
    finally:
        for other in others:
            await other.close()
    after = await store.get_game(game.id)
    assert after.settings["n"] == 40
    assert after.version == game.version  # settings alone invalidate no button


async def test_a_refused_edit_changes_nothing(store: GameStore) -> None:
    lobby = await store.create_game(host_id="ann", edition="c", edition_hash="h", seed=1,
                                    host_name="Ann")

    def refuse(game: Game) -> GameEdit:
        raise LookupError("the decision refused")

    with pytest.raises(LookupError):
        await store.edit_game(lobby.id, refuse)
    with pytest.raises(PlayerError):  # the second seat fails: the first is not kept either
        await store.edit_game(lobby.id, lambda g: GameEdit(
            settings={"computer": {"cpu1": "easy"}},
            seats=(NewSeat("cpu1", "Computer 1"), NewSeat("ann", "Ann again"))))
    after = await store.get_game(lobby.id)
    assert (after.settings, after.player_ids, after.version) == ({}, ("ann",), lobby.version)
    assert await store.list_events(lobby.id) == []


async def test_a_seat_its_setting_and_its_event_are_one_write(store: GameStore) -> None:
    lobby = await store.create_game(host_id="ann", edition="c", edition_hash="h", seed=1,
                                    host_name="Ann")
    after = await store.edit_game(lobby.id, lambda g: GameEdit(
        settings={"computer": {"cpu1": "easy"}}, seats=(NewSeat("cpu1", "Computer 1"),),
        events=(EventNote("seat_added", "ann", {"player": "cpu1"}),)))
    assert after.player_ids == ("ann", "cpu1")
    assert after.settings == {"computer": {"cpu1": "easy"}}
    assert after.version == lobby.version + 1  # a new seat: buttons shown before are stale
    [event] = await store.list_events(lobby.id)
    assert (event.kind, event.detail) == ("seat_added", {"player": "cpu1"})
