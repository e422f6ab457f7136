"""Issue 12, item 4: GameService is a facade over composed parts, not a stack of mixins,
and what it returns is the service's own type, not the store's row."""

from __future__ import annotations

import inspect

import store
from service import GameService, Seat, Table, game_service
from service.repository import GameRepository


def test_the_service_is_composed_not_inherited() -> None:
    assert GameService.__mro__ == (GameService, object)


def test_every_public_call_hands_over_to_one_part_with_the_same_signature() -> None:
    """Each public coroutine of the facade hands over to a part method of the same name
    and the same parameters (a signature drifting apart would show here)."""
    parts = [c for _, c in inspect.getmembers(game_service, inspect.isclass)
             if c.__module__.startswith("service.") and c not in (GameService, GameRepository)]
    calls = [n for n, f in inspect.getmembers(GameService, inspect.iscoroutinefunction)
             # labelled asks the facade's own legal, then one part labels the list
             if not n.startswith("_") and n not in ("render", "labelled")]
    assert len(calls) > 40
    for name in calls:
        facade = inspect.signature(getattr(GameService, name))
        owners = [c for c in parts if inspect.iscoroutinefunction(vars(c).get(name))]
        assert len(owners) == 1, name
        assert inspect.signature(getattr(owners[0], name)) == facade, name


async def test_results_carry_the_services_table(service: GameService, running: Table) -> None:
    game = await service.game(running.id)
    assert isinstance(game, Table) and not isinstance(game, store.Game)
    assert all(isinstance(p, Seat) for p in game.players)
    assert game.player_ids == running.player_ids and game.status == "running"
    assert isinstance((await service.view(running.id)).game, Table)
