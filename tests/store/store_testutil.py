"""Helpers shared by the store tests (a uniquely named module, importable from them)."""

from __future__ import annotations

from store import AppendResult, Game, GameStore


async def started_game(
    store: GameStore, players: tuple[str, ...] = ("ann", "ben", "cem"), *, channel_id: int = 10
) -> Game:
    """A running game with `players` seated in order, at its initial snapshot."""
    game = await store.create_game(
        host_id=players[0],
        edition="classic",
        edition_hash="sha256:test",
        seed=7,
        guild_id=1,
        channel_id=channel_id,
        host_name=players[0].title(),
    )
    for user in players[1:]:
        game = await store.add_player(game.id, user, user.title())
    return await store.start_game(
        game.id,
        expected_version=game.version,
        snapshot_json='{"turn": 0}',
        current_player=players[0],
        by_user=players[0],
    )


async def play(
    store: GameStore, game: Game, notation: str, *, player: str = "ann", **kwargs: object
) -> AppendResult:
    """Append one action at the game's current version (read fresh)."""
    current = await store.get_game(game.id)
    return await store.append_action(
        game.id,
        expected_version=current.version,
        player_id=player,
        notation=notation,
        snapshot_json=f'{{"after": {current.action_count + 1}}}',
        next_player=player,
        **kwargs,  # type: ignore[arg-type]
    )
