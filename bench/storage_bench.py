"""Bytes per finished game, before and after packing (issue 37, item 3), on both backends.

    python bench/storage_bench.py [--games 40] [--postgres URL] [--backend sqlite|postgresql|both]

Plays `--games` random games of 2 to 4 players with the rules (seeded choices) and stores
them as the Discord bot does: one `append_action` per action with the real snapshot
(`State.to_json()`), a Discord-sized interaction id and snowflake player ids, the next
player's reminder, the game finished by its last action. Then measures the space the
games take, less that of an empty database of the same schema:

- "as played": right after the games (processed interaction ids still kept);
- "ids pruned": a day later, after the bot's hourly prune of the interaction ids;
- "packed": after `GameStore.compact()` (store/packing.py), which packs every finished
  game's log and snapshot into one compressed row.

Each figure is taken after a full rewrite of the tables (SQLite `VACUUM`, PostgreSQL
`VACUUM FULL`), so it is the space the rows need, not what the file happens to hold. The
digest of the database (every game's row, seats, log and snapshot) is checked equal before
and after packing. Prints a Markdown table to paste into bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules import apply, current_player, is_over, legal_actions, load_edition, new_game  # noqa: E402
from store import GameStore, ReminderRequest  # noqa: E402

TABLES = ("games", "game_players", "actions", "snapshots", "events", "processed_interactions",
          "reminder_settings", "reminders", "leases", "secrets", "packed_logs")


def snowflake(rng: random.Random) -> str:
    return str(rng.randrange(10**17, 2**62))  # Discord snowflakes: 18–19 digits


def game_log(seed: int, players: list[str]) -> list[tuple[str, str, str]]:
    """(player, notation, state_json after it) for a whole random game."""
    rng = random.Random(seed)
    state = new_game(load_edition(), players, seed=seed)
    out = []
    while not is_over(state):
        pid = current_player(state)
        assert pid is not None
        action = str(rng.choice(legal_actions(state, pid)))
        state = apply(state, pid, action)
        out.append((pid, action, state.to_json()))
    return out


async def store_games(store: GameStore, games: int) -> int:
    """Store `games` finished games; returns the bytes of their notation."""
    notation = 0
    rng = random.Random(1)
    for n in range(games):
        players = [snowflake(rng) for _ in range(2 + n % 3)]
        game = await store.create_game(host_id=players[0], edition="classic",
                                       edition_hash="sha256:" + "0" * 64, seed=n,
                                       guild_id=int(snowflake(rng)),
                                       channel_id=int(snowflake(rng)), host_name="Host")
        for pid in players[1:]:
            game = await store.add_player(game.id, pid, "Player")
        start = new_game(load_edition(), players, seed=n)
        game = await store.start_game(game.id, expected_version=game.version,
                                      snapshot_json=start.to_json(),
                                      current_player=current_player(start), by_user=players[0])
        version = game.version
        log = game_log(n, players)
        for i, (pid, action, state_json) in enumerate(log):
            last = i == len(log) - 1
            nxt = None if last else log[i + 1][0]
            result = await store.append_action(
                game.id, expected_version=version, player_id=pid, notation=action,
                snapshot_json=state_json, next_player=nxt, interaction_id=snowflake(rng),
                status="finished" if last else None,
                reminders=None if nxt is None else [ReminderRequest(nxt, 1e9 + i)],
                turn_post=True)
            version = result.version
            notation += len(action.encode())
    return notation


async def used_bytes(store: GameStore) -> int:
    if store.dialect == "sqlite":
        await store._conn.execute("VACUUM")
        await store._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return Path(store.path).stat().st_size
    pool = store._db._pool  # type: ignore[attr-defined]
    async with pool.connection() as raw:
        present = []
        for table in TABLES:  # packed_logs is missing from a schema before 009
            cursor = await raw.execute("SELECT to_regclass(%s) IS NOT NULL", (table,))
            row = await cursor.fetchone()
            if row and row[0]:
                present.append(table)
        await raw.execute(f"VACUUM FULL {', '.join(present)}".encode())
        total = 0
        for table in present:
            cursor = await raw.execute(
                "SELECT pg_total_relation_size(to_regclass(%s))", (table,))
            row = await cursor.fetchone()
            total += int(row[0] or 0)
    return total


async def measure(target: str | Path, games: int) -> dict[str, float]:
    store = await GameStore.open(target)
    try:
        empty = await used_bytes(store)
        notation = await store_games(store, games)
        played = await used_bytes(store) - empty
        await store.prune_interactions(float("inf"))
        pruned = await used_bytes(store) - empty
        if not hasattr(store, "compact"):  # the code before packing (run on an old tree)
            packed = pruned
        else:
            before = await store.digest()
            packed_games = await store.compact()
            assert packed_games == games, packed_games
            assert await store.digest() == before, "packing changed what a game reads"
            packed = await used_bytes(store) - empty
    finally:
        await store.close()
    return {"notation": notation / games, "played": played / games,
            "pruned": pruned / games, "packed": packed / games}


def pg_schema(url: str, schema: str) -> str:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE".encode())
        conn.execute(f"CREATE SCHEMA {schema}".encode())
    sep = "&" if "?" in url else "?"
    return f"{url}{sep}options={quote(f'-csearch_path={schema}', safe='')}"


def drop_schema(url: str, schema: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE".encode())


def row(name: str, f: dict[str, float]) -> str:
    kb = 1024
    return (f"| {name} | {f['notation'] / kb:.1f} KB | {f['played'] / kb:.1f} KB "
            f"({f['played'] / f['notation']:.1f}×) | {f['pruned'] / kb:.1f} KB | "
            f"**{f['packed'] / kb:.1f} KB** ({f['packed'] / f['notation']:.1f}×) | "
            f"{f['pruned'] / f['packed']:.1f}× |")


async def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--postgres", default=os.environ.get("AUTOBAHN_TEST_POSTGRES"))
    args = parser.parse_args()
    lines = ["| backend | notation a game | as played | ids pruned | packed | saved |",
             "|---|---:|---:|---:|---:|---:|"]
    if args.backend in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as tmp:
            figures = await measure(Path(tmp) / "storage.sqlite3", args.games)
        lines.append(row("SQLite", figures))
    if args.backend in ("postgresql", "both"):
        if not args.postgres:
            print("no PostgreSQL: give --postgres URL or $AUTOBAHN_TEST_POSTGRES", file=sys.stderr)
            return 2
        schema = f"storage_bench_{os.getpid()}"
        try:
            figures = await measure(pg_schema(args.postgres, schema), args.games)
        finally:
            drop_schema(args.postgres, schema)
        lines.append(row("PostgreSQL", figures))
    print("\n".join(lines))
    print(f"\n{args.games} games of 2–4 players; Python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
