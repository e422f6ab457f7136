"""Every game's log replayed against its snapshot: the check of a moved database.

The store cannot run it (it knows no rules), so `python -m store copy` finds it as the
entry point `autobahn.store_checks: replays` (pyproject.toml) and runs it on the copy: a
copy whose every started game replays to its snapshot holds the same games.
"""

from __future__ import annotations

from rules import RuleError, State
from store import GameStore

from .progress import initial_state, replay, solo_level


async def check_replays(store: GameStore) -> list[str]:
    """A problem per started game whose log does not replay to its snapshot."""
    problems: list[str] = []
    for game_id in await store.game_ids():
        snapshot = await store.read_snapshot(game_id)
        if snapshot is None:  # never started: nothing to replay
            continue
        game = await store.get_game(game_id)
        log = await store.read_log(game_id)
        try:
            start = initial_state(game.edition_hash, game.player_ids, game.seed,
                                  solo_level(game.settings))
            state = replay(start, ((a.player_id, a.notation) for a in log))
        except (RuleError, ValueError, KeyError) as exc:
            problems.append(f"game {game_id}: its log does not replay ({exc})")
            continue
        if state.to_json() == snapshot.state_json:
            continue
        try:
            same = State.from_json(snapshot.state_json) == state
        except (ValueError, TypeError, KeyError):
            same = False
        if not same:
            problems.append(f"game {game_id}: the replay of its {len(log)} actions differs "
                            "from its snapshot")
    return problems
