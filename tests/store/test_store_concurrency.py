"""DESIGN §7: 100 concurrent submissions of one move: exactly one applied, version +1."""

from __future__ import annotations

import asyncio
from pathlib import Path

from store import Game, GameStore, StaleVersionError


async def _submit(store: GameStore, game: Game, i: int) -> int | Exception:
    try:
        result = await store.append_action(
            game.id,
            expected_version=game.version,
            player_id="ann",
            notation=f"build r{i}.1 with red",
            snapshot_json=f'{{"by": {i}}}',
            next_player="ben",
            interaction_id=f"click-{i}",
        )
    except StaleVersionError as exc:
        return exc
    return result.version


async def _check_one_landed(store: GameStore, game: Game, outcomes: list[int | Exception]) -> None:
    wins = [o for o in outcomes if isinstance(o, int)]
    stale = [o for o in outcomes if isinstance(o, StaleVersionError)]
    assert wins == [game.version + 1]
    assert len(stale) == len(outcomes) - 1
    assert all(e.expected == game.version and e.actual == game.version + 1 for e in stale)
    after = await store.get_game(game.id)
    assert (after.version, after.action_count) == (game.version + 1, 1)
    [action] = await store.read_log(game.id)
    snapshot = await store.read_snapshot(game.id)
    assert snapshot is not None
    # The snapshot belongs to the winning action, not to any of the losers.
    assert snapshot.state_json == f'{{"by": {action.notation.split()[1][1:-2]}}}'
    # Losers did not consume their interaction ids: a retry of theirs is judged afresh.
    assert await store.interaction_processed(str(action.interaction_id))
    losers = [f"click-{i}" for i in range(100) if f"click-{i}" != action.interaction_id]
    assert not any([await store.interaction_processed(x) for x in losers])


async def test_100_concurrent_appends_on_one_store(store: GameStore, game: Game) -> None:
    outcomes = await asyncio.gather(*(_submit(store, game, i) for i in range(100)))
    await _check_one_landed(store, game, list(outcomes))


async def test_100_concurrent_appends_across_connections(
    store: GameStore, game: Game, db_target: Path | str
) -> None:
    # Four connections to one database (as if four processes): SQLite's own write lock and
    # the version check inside BEGIN IMMEDIATE (PostgreSQL's row lock) must give the same
    # answer as the asyncio.Lock.
    others = [await GameStore.open(db_target) for _ in range(3)]
    try:
        stores = [store, *others]
        outcomes = await asyncio.gather(*(_submit(stores[i % 4], game, i) for i in range(100)))
    finally:
        for s in others:
            await s.close()
    await _check_one_landed(store, game, list(outcomes))
