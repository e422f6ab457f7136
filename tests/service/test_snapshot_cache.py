"""Issue 12, item 6: the snapshot is a cache of the log. One that does not decode strictly
(a wrong type, an unknown field, another schema) is not used: the state is rebuilt from
the log, the snapshot rewritten, and the game plays on instead of failing every command."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from typing import Any

import pytest

import rules
from rules import State
from service import GameService
from store import Game, GameStore


def _poison(path: Any, game_id: int, change: Callable[[dict[str, Any]], None]) -> None:
    conn = sqlite3.connect(path)
    try:
        (text,) = conn.execute("SELECT state_json FROM snapshots WHERE game_id = ?",
                               (game_id,)).fetchone()
        data = json.loads(text)
        change(data)
        conn.execute("UPDATE snapshots SET state_json = ? WHERE game_id = ?",
                     (json.dumps(data), game_id))
        conn.commit()
    finally:
        conn.close()


def _money_lots(data: dict[str, Any]) -> None:
    first = next(iter(data["players"]))
    data["players"][first]["money"] = "lots"


def _unknown_field(data: dict[str, Any]) -> None:
    data["weather"] = "rain"


def _schema_bump(data: dict[str, Any]) -> None:
    data["schema"] = 99


@pytest.mark.parametrize("change", [_money_lots, _unknown_field, _schema_bump],
                         ids=["money-lots", "unknown-field", "schema-bump"])
def test_state_from_json_refuses_what_is_not_a_state(running_state: State,
                                                     change: Callable[[dict[str, Any]],
                                                                      None]) -> None:
    data = json.loads(running_state.to_json())
    change(data)
    with pytest.raises(ValueError):
        State.from_json(json.dumps(data))


@pytest.mark.parametrize("change", [_money_lots, _unknown_field, _schema_bump],
                         ids=["money-lots", "unknown-field", "schema-bump"])
async def test_a_bad_snapshot_is_rebuilt_from_the_log_and_rewritten(
        service: GameService, store: GameStore, running: Game,
        change: Callable[[dict[str, Any]], None]) -> None:
    player = await service.deciding(running.id)
    first = (await service.legal(running.id)).actions[0]
    await service.act(running.id, player, first)
    truth = await service.state_at(running.id)
    _poison(store.path, running.id, change)
    fresh = GameService(store, renderer=lambda s, v, lang: b"PNG")  # no cached state
    try:
        assert await fresh.state_at(running.id) == truth
        snap = await store.read_snapshot(running.id)
        assert snap is not None and State.from_json(snap.state_json) == truth
        # and the game goes on: the next command works
        nxt = await fresh.deciding(running.id)
        action = (await fresh.legal(running.id)).actions[0]
        result = await fresh.act(running.id, nxt, action)
        assert result.version > running.version
    finally:
        fresh.close()


@pytest.fixture
def running_state() -> State:
    return rules.new_game(rules.load_edition(), ["ann", "ben", "cem"], 1)
