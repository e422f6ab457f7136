"""The real `bot.py` as a subprocess, pointed at a `FakeDiscord` in the test process.

Only the environment differs from production: the token, the API base and gateway URL of
the loopback Discord, the development guild (an instant guild sync) and a temporary
database. The bot's stderr goes to a file, so a failing test can show what the bot said.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from fake_discord import FakeDiscord

from tests.patience import scaled

ROOT = Path(__file__).resolve().parents[2]  # where bot.py lives
GUILD_COMMANDS = "/applications/{application_id}/guilds/{guild_id}/commands"
START_TIMEOUT = 30.0  # a cold start imports discord.py, Pillow and the rules: ~2 s on CI


class BotProcess:
    """Start, kill and restart `python bot.py` against one fake Discord and one database."""

    def __init__(self, fd: FakeDiscord, db: Path | str, log: Path,
                 extra_env: dict[str, str] | None = None, launcher: Sequence[str] = ()) -> None:
        self.fd = fd
        self.launcher = tuple(launcher)  # e.g. bench/lag_probe.py OUT: runs bot.py inside
        self.db = db
        self.log = log
        self.extra_env = dict(extra_env or {})
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.groups: list[int] = []  # one process group per start: bot.py and its children

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "AUTOBAHN_"))}
        env.update({
            "DISCORD_TOKEN": self.fd.token,
            "DISCORD_API_BASE": self.fd.base_url,
            "DISCORD_GATEWAY_URL": self.fd.gateway_url,
            "DEV_GUILD_ID": str(self.fd.world.guild.id),
            "AUTOBAHN_DB": str(self.db),
            "LOG_LEVEL": "INFO",
            "PYTHONUNBUFFERED": "1",
            # Fast enough for the reminder tests, cheap enough for every other test.
            "REMINDER_POLL_S": "0.2",
        })
        env.update(self.extra_env)
        return env

    async def start(self, *, wait: bool = True) -> None:
        """Start the process; with `wait`, return once it identified and synced commands."""
        assert self.proc is None or self.proc.returncode is not None, "already running"
        syncs = len(self.fd.recorder.find("PUT", GUILD_COMMANDS))
        sessions_before = self.fd.gateway.session
        self.starts += 1
        with self.log.open("ab") as err:
            err.write(f"--- start {self.starts} ---\n".encode())
            err.flush()
            # cwd: the repository, so a developer's .env there is read as in production;
            # the environment wins over it for every key set here.
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, *self.launcher, str(ROOT / "bot.py"), cwd=str(ROOT), env=self.env(),
                stdin=asyncio.subprocess.DEVNULL, stdout=err, stderr=err,
                # Its own group, so the test can see (and finally end) everything the bot
                # started: the render pool's forkserver and workers.
                start_new_session=True)
        self.groups.append(self.proc.pid)
        if wait:
            await self.wait_ready(syncs, sessions_before)

    async def wait_ready(self, syncs: int = 0, previous: object = None) -> None:
        """Until a new gateway session got READY and the commands were synced again."""

        def ready(_: object) -> bool:
            if self.proc is not None and self.proc.returncode is not None:
                raise AssertionError(f"bot.py exited with {self.proc.returncode}:\n{self.tail()}")
            session = self.fd.gateway.session
            return bool(session is not None and session is not previous and session.ready_sent
                        and len(self.fd.recorder.find("PUT", GUILD_COMMANDS)) > syncs)

        try:
            await self.fd.wait_for(ready, START_TIMEOUT)
        except AssertionError as error:
            raise AssertionError(f"{error}\nbot.py said:\n{self.tail()}") from None

    def tail(self, lines: int = 40) -> str:
        try:
            text = self.log.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])

    async def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as when the machine loses power."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
            await self.proc.wait()

    async def stop(self, grace: float = 10.0) -> int | None:
        """SIGTERM, then SIGKILL if the bot has not ended within `grace` seconds."""
        proc = self.proc
        if proc is None or proc.returncode is not None:
            return None if proc is None else proc.returncode
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(signal.SIGTERM)
        try:
            return await asyncio.wait_for(proc.wait(), grace)
        except TimeoutError:
            await self.kill()
            return proc.returncode

    def survivors(self) -> list[str]:
        """Processes left in the groups of bot.py instances that have ended."""
        ended = [g for g in self.groups if self.proc is None or g != self.proc.pid
                 or self.proc.returncode is not None]
        return [f"{pid} {cmd}" for pid, cmd in group_members(ended)]

    async def wait_no_survivors(self, timeout: float = 5.0) -> list[str]:
        """Wait until the ended bots left nothing running; then SIGKILL whatever is left
        (so CI never accumulates orphans) and return what had to be killed."""
        deadline = asyncio.get_running_loop().time() + scaled(timeout)
        while (left := self.survivors()) and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.05)  # no event to wait on: other processes' exits
        for pid, _ in group_members(self.groups):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        return left

    async def restart(self, *, kill: bool = True) -> None:
        await (self.kill() if kill else self.stop())
        await self.start()


def group_members(groups: list[int]) -> list[tuple[int, str]]:
    """(pid, command line) of the live processes in these process groups (Linux /proc)."""
    wanted = set(groups)
    found: list[tuple[int, str]] = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
            # Fields after the parenthesised command: state ppid pgrp ...
            state, _ppid, pgrp = stat.rsplit(")", 1)[1].split()[:3]
            if int(pgrp) in wanted and state != "Z":
                cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()[:120]
                found.append((int(entry.name), cmd))
        except (OSError, ValueError, IndexError):
            continue  # the process ended while we looked
    return found
