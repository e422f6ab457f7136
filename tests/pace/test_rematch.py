"""Rematch (issue 35, item 3): once every person who played pressed it, a new game opens at
the same place with the same players and settings, a new seed and the seats rotated; the
press that completes the set opens it exactly once, also from two processes at once."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from service_testutil import FixedClock, fake_png
from test_ratings import scripted

from console import Console
from locales import translate
from service import CONSOLE, GameService, ServiceError
from service.rematch import RematchNotOver
from store import GameStore


async def finished(service: GameService, players: list[str], **settings: object) -> int:
    log, _ = scripted(players, 1, 1)
    game = await service.create_game(CONSOLE, players[0], players[0].title(),
                                     seats=len(players), seed=1,
                                     players=[(p, p.title()) for p in players[1:]],
                                     settings=dict(settings))
    await service.start(game.id, players[0])
    for player, notation in log:
        await service.act(game.id, player, notation)
    return game.id


async def test_rematch_opens_when_everyone_pressed(service: GameService) -> None:
    old_id = await finished(service, ["ann", "ben", "cem"], deadline=48,
                            deadline_action="pass", name="Friday")
    first = await service.press_rematch(old_id, "ann")
    assert first.opened is None and first.waiting == ("ben", "cem")
    again = await service.press_rematch(old_id, "ann")  # a second press is no second vote
    assert again.pressed == ("ann",) and again.waiting == ("ben", "cem")
    with pytest.raises(ServiceError):
        await service.press_rematch(old_id, "zed")
    assert (await service.press_rematch(old_id, "cem")).waiting == ("ben",)
    done = await service.press_rematch(old_id, "ben")
    assert done.opened is not None
    old, new = await service.game(old_id), done.opened.game
    assert new.status == "running" and new.id != old_id
    assert new.player_ids == ("ben", "cem", "ann")  # the seats rotated by one
    assert {p.display_name for p in new.players} == {"Ann", "Ben", "Cem"}
    assert new.seed != old.seed
    for key in ("deadline", "deadline_action", "name", "reminders"):
        assert new.settings[key] == old.settings[key]
    assert "rematch" not in new.settings
    late = await service.press_rematch(old_id, "cem")
    assert late.opened is None and late.already is not None and late.already.id == new.id
    assert len(await service.games_here(CONSOLE)) == 1  # one new game, open


async def test_no_rematch_before_the_end(service: GameService) -> None:
    game = await service.create_game(CONSOLE, "ann", "Ann", seats=2, seed=1,
                                     players=[("ben", "Ben")])
    await service.start(game.id, "ann")
    with pytest.raises(RematchNotOver):
        await service.press_rematch(game.id, "ann")


async def test_the_last_two_presses_at_once_open_one_game(db_target: Path | str) -> None:
    clock = FixedClock()
    stores = [await GameStore.open(db_target, clock=clock) for _ in range(2)]
    one, two = (GameService(s, clock=clock, renderer=fake_png) for s in stores)
    try:
        old_id = await finished(one, ["ann", "ben", "cem"])
        await one.press_rematch(old_id, "ann")
        a, b = await asyncio.gather(one.press_rematch(old_id, "ben"),
                                    two.press_rematch(old_id, "cem"))
        opened = [r.opened for r in (a, b) if r.opened is not None]
        assert len(opened) == 1
        games = await one.games_here(CONSOLE)
        assert [g.id for g in games] == [opened[0].game.id]
    finally:
        for svc, store in zip((one, two), stores, strict=True):
            svc.close()
            await store.close()


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
async def test_rematch_in_the_console(service: GameService, tmp_path: Path, lang: str) -> None:
    lines: list[str] = []
    table = Console(service, lang=lang, boards=tmp_path / "boards", out=lines.append)
    log, _ = scripted(["ann", "ben"], 1, 1)
    await table.handle("/game new players:2 names:ann,ben seed:1")
    for _player, notation in log:
        await table.handle(f"/act {notation}")
    lines.clear()
    await table.handle("as ann /game rematch")
    assert lines == [translate("pace.rematch.waiting", lang, player="ann", game=1,
                               waiting="ben")]
    await table.handle("as ben /game rematch")
    assert lines[1].startswith(translate("pace.rematch.opened", lang, old=1, game=2,
                                         players="ben, ann", player="X").split("X")[0])
    assert table.game_id == 2
