"""Two bot processes on two shards of the loopback Discord, one shared database (issue 18).

Each process connects one shard (SHARD_COUNT=2, SHARD_IDS=0 or 1), so each serves the
guild of its shard: the fake gateway sends a guild's events only to its shard's session.
The once-only work (reminders, owed posts) runs in the process holding the reminders
lease. The test kills that process with SIGKILL in the middle of a move, as a machine
losing power does, and checks what a real deployment relies on:

- the survivor takes the lease over within its time (LEASE_TTL_S) and goes on sending the
  reminders of both guilds, the dead shard's guild included (REST needs no gateway);
- the survivor's guild stays playable while the other process is down;
- a service manager restarts the dead process with the same SHARD_IDS (a shard is bound to
  a process by its configuration; Discord sends that guild's interactions to nobody else),
  and the game of its guild is playable again;
- nothing was doubled or lost: each reminder the store marks sent went out as exactly one
  message (named by its nonce), every reminder due while a holder lived was sent, every
  turn post was made once, and every game's log is dense.

It runs on one SQLite file and, when AUTOBAHN_TEST_POSTGRES=postgresql://… names a server
(CI does), again on a fresh PostgreSQL database created for the test and dropped after.
"""

from __future__ import annotations

import os
import random
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
from botproc import BotProcess
from fake_discord import FakeDiscord
from fake_discord.payloads import Channel
from table import Table, store_view

from store import GameStore, ReminderSettings

SHARDS = 2
TTL = 2.0  # LEASE_TTL_S: a dead holder's work waits at most this long
POLL = 0.2


@pytest.fixture(params=["sqlite", "postgresql"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """The shared database: one SQLite file, or a fresh database on the PostgreSQL server
    AUTOBAHN_TEST_POSTGRES names (skipped, with the reason, when none is given; CI sets
    it and CI_REQUIRE_POSTGRES=1, which turns that skip into a failure)."""
    if request.param == "sqlite":
        yield str(tmp_path / "shared.sqlite3")
        return
    server = os.environ.get("AUTOBAHN_TEST_POSTGRES")
    required = os.environ.get("CI_REQUIRE_POSTGRES") == "1"
    if not server:
        if required:
            pytest.fail("CI_REQUIRE_POSTGRES=1 but AUTOBAHN_TEST_POSTGRES names no server")
        pytest.skip("no PostgreSQL server: set AUTOBAHN_TEST_POSTGRES=postgresql://...")
    try:
        import psycopg  # type: ignore[import-not-found]
    except ImportError:
        if required:
            raise
        pytest.skip("AUTOBAHN_TEST_POSTGRES is set but psycopg is not installed")
    name = f"autobahn_e2e_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"'.encode())
    try:
        yield urlunsplit(urlsplit(server)._replace(path="/" + name))
    finally:
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'.encode())


def shard_guilds(fd: FakeDiscord) -> list[Channel]:
    """A guild on each shard, with the three players and a channel; returns the channels."""
    world = fd.world
    ann, ben, cem = (world.user_named(n) for n in ("ann", "ben", "cem"))
    homes = []
    for shard in range(SHARDS):
        guild = world.add_guild(f"Shard {shard}", ann, shard=(shard, SHARDS))
        for user in (ben, cem, world.bot):
            world.join(guild, user)
        homes.append(world.add_text_channel(guild, f"autobahn-{shard}"))
    return homes


async def short_reminders(database: str, fd: FakeDiscord) -> None:
    """A reminder a second after each hand-off, then one every two seconds: a steady
    stream of them is due in both games while a process dies."""
    store = await GameStore.open(database)
    try:
        for name in ("ann", "ben", "cem"):
            await store.set_reminder_settings(ReminderSettings(
                str(fd.world.user_named(name).id), delay_s=1, repeat_s=2, max_repeats=100))
    finally:
        await store.close()


def holder(table: Table) -> int | None:
    """Which process (shard id) holds the reminders lease now, by the store."""
    rows = table.store._query(
        "SELECT owner FROM leases WHERE name = 'reminders' AND expires_at > ?", time.time())
    if not rows:
        return None
    owner = str(rows[0]["owner"])  # "<host>/shards <ids> of <count>" (cogs.runner)
    return int(owner.split("/shards ", 1)[1].split(" ", 1)[0])


def reminder_messages(fd: FakeDiscord, homes: list[Channel]) -> list[str]:
    """The nonces of the reminder messages in both channels (one per message)."""
    return [str(m.nonce) for home in homes for m in fd.world.channel_messages(home)
            if (m.nonce or "").startswith("remind-")]


def nonce(row: Any) -> str:
    """The nonce the bot sends a reminder row's message with (cogs.reminders)."""
    return f"remind-{row['id']}.{int(row['created_at'] * 1000) % 10**9}"[:25]


def owed_posts(table: Table) -> list[int]:
    return [int(g["id"]) for g in table.store.games()
            if g["turn_version"] is not None
            and g["turn_version"] > (g["board_version"] if g["board_version"] is not None
                                     else -1)]


@pytest.mark.slow
async def test_two_processes_on_two_shards_survive_a_kill(
        fd: FakeDiscord, tmp_path: Path, database: str) -> None:
    homes = shard_guilds(fd)
    env = {"SHARD_COUNT": str(SHARDS), "SYNC_GLOBAL": "1", "LEASE_TTL_S": str(TTL),
           "REMINDER_POLL_S": str(POLL)}
    procs = [BotProcess(fd, database, tmp_path / f"bot{i}.log", {**env, "SHARD_IDS": str(i)})
             for i in range(SHARDS)]
    try:
        await run_the_scenario(fd, database, homes, procs)
    finally:
        codes = [await p.stop() for p in procs]
        orphans = [await p.wait_no_survivors() for p in procs]
        for p, code in zip(procs, codes, strict=True):
            print(f"--- {p.log.name} (exit {code}) ---\n{p.tail(30)}")
    assert orphans == [[], []]
    assert [r.key for r in fd.recorder.unknown] == []
    check_nothing_doubled_or_lost(fd, database, homes)


async def run_the_scenario(fd: FakeDiscord, database: str, homes: list[Channel],
                           procs: list[BotProcess]) -> None:
    for proc in procs:
        await proc.start()
    # Each shard's session was told only its own guild.
    for shard, home in enumerate(homes):
        ready = fd.gateway.shard_sessions[shard].log[0]
        told = {int(g["id"]) for g in ready["d"]["guilds"]}
        assert home.guild_id in told and homes[1 - shard].guild_id not in told
        assert ready["d"]["shard"] == [shard, SHARDS]
    await short_reminders(database, fd)
    tables = [Table(fd, proc, home=home) for proc, home in zip(procs, homes, strict=True)]
    rng = random.Random(18)
    for table in tables:
        await table.open_game(name=f"shard-{table.home.name if table.home else ''}",
                              thread=False)
    for _ in range(2):
        for table in tables:
            await table.play_until_turn_passes(rng)
    # Each process got the interactions of its own guild only.
    for shard, home in enumerate(homes):
        guilds = [int(frame["d"]["guild_id"]) for frame in fd.gateway.shard_sessions[shard].log
                  if frame["t"] == "INTERACTION_CREATE"]
        assert guilds and set(guilds) == {home.guild_id}
    await fd.wait_for(lambda _: holder(tables[0]) is not None, 10)
    dead = holder(tables[0])
    assert dead is not None
    alive = 1 - dead
    # Reminders of both guilds come from the holder (REST reaches any channel).
    await fd.wait_for(lambda _: all(tables[i].reminders_for(tables[i].current())
                                    for i in range(SHARDS)), 10)

    # SIGKILL the holder in the middle of a move in its own guild.
    doomed = tables[dead]
    user = doomed.current()
    notation = await doomed.turn_ender(user) or str(
        (await doomed.choices(user, "act"))[0]["value"])
    await doomed.slash(user, "act", {"action": notation})
    await procs[dead].kill()
    killed_at = time.time()
    print(f"killed shard {dead}'s process (the holder) during {notation!r}")
    in_dead_guild = len(reminder_messages(fd, [homes[dead]]))

    # The survivor takes the lease over within its time, and sends the dead guild's
    # reminders too.
    await fd.wait_for(lambda _: holder(tables[alive]) == alive, TTL + 10)
    assert time.time() - killed_at < TTL + 10
    await fd.wait_for(lambda _: len(reminder_messages(fd, [homes[dead]])) > in_dead_guild,
                      15)
    # A post the killed move owed is made by the survivor (the other shard's guild, after
    # its grace); then nothing is owed anywhere.
    await fd.wait_for(lambda _: owed_posts(tables[alive]) == [], 30)
    # The survivor's guild plays on while the other process is down.
    await tables[alive].play_until_turn_passes(rng)

    # The service manager restarts the dead process with its shard: its guild plays on.
    await procs[dead].start()
    await fd.wait_for(lambda _: owed_posts(tables[alive]) == [], 30)
    await tables[dead].play_until_turn_passes(rng)
    await tables[alive].play_until_turn_passes(rng)
    for table in tables:
        table.assert_log_dense()
        nonces = [m.nonce for m in table.turn_messages()]
        assert len(nonces) == len(set(nonces)), "a turn posted twice"
    # Let the reminders of the last hand-offs come due and go out.
    await fd.sleep_until_idle(3.0)


def check_nothing_doubled_or_lost(fd: FakeDiscord, database: str,
                                  homes: list[Channel]) -> None:
    view = store_view(database)
    sent_rows = {nonce(r): r for g in view.games() for r in view.reminders(g["id"])
                 if r["sent_at"] is not None}
    nonces = reminder_messages(fd, homes)
    counts = Counter(nonces)
    assert [n for n, c in counts.items() if c > 1] == [], "a reminder sent twice"
    # Every reminder the store marks sent went out (nothing marked but lost).
    assert sorted(set(sent_rows) - set(counts)) == []
    # At least those the scenario waited for: both guilds before the kill, the dead one's after.
    assert len(counts) >= len(sent_rows) >= 3
    print(f"reminders: {len(sent_rows)} marked sent, {len(counts)} messages")
    unsent = {nonce(r): r for g in view.games() for r in view.reminders(g["id"])
              if r["sent_at"] is None}
    # A message whose row is not marked sent: sent just before its sender stopped (the row
    # is still due, under that same nonce), or in the instant its turn ended (the move
    # replaced the unsent row): never more than a couple in a test.
    unmarked = set(counts) - set(sent_rows)
    assert len(unmarked - set(unsent)) <= 2, unmarked
    # Nothing lost: no reminder was left due for long while a lease holder lived.
    stopped = time.time()
    overdue = [n for n, r in unsent.items() if r["due_at"] < stopped - 10 * POLL - TTL - 5]
    assert overdue == []
