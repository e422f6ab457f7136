"""A game keeps the edition it was created with (RULES §13), even after classic.toml is
corrected: the service deals and replays it with that file, found by its hash."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
from rules import registry
from rules.edition import CLASSIC_PATH
from service import CONSOLE, GameService


async def test_a_game_of_an_archived_edition_is_dealt_and_replayed_with_it(
        service: GameService, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    archived = tmp_path / "classic-old.toml"
    archived.write_text(CLASSIC_PATH.read_text(encoding="utf-8").replace(
        "starting_money = 10", "starting_money = 14"), encoding="utf-8")
    old = rules.load_edition(archived)
    monkeypatch.setattr(registry, "_EDITIONS", {})
    monkeypatch.setattr(registry, "SEARCH_DIRS", (*registry.SEARCH_DIRS, tmp_path))
    # A game row written while that file was the shipped classic edition.
    game = await service.store.create_game(
        host_id="ann", host_name="Ann", edition="classic", edition_hash=old.hash, seed=4,
        guild_id=CONSOLE.guild_id, channel_id=CONSOLE.channel_id, settings={"seats": 2})
    await service.join(game.id, "ben", "Ben")
    await service.start(game.id, "ann")
    player, actions, _ = await service.legal(game.id)
    await service.act(game.id, player, actions[0])
    service._states.clear()  # force a replay of the log from the dealt game
    state = await service.state_at(game.id)
    assert state.edition_hash == old.hash != rules.load_edition().hash
    assert {rules.money(state, p) for p in state.order} == {14}
    assert (await service.export(game.id))["edition_hash"] == old.hash
