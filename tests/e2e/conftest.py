"""Fixtures of the e2e tests of the real bot: a fake Discord, `bot.py` against it, a table.

Every test gets its own fake (a free port) and its own database in `tmp_path`, so the
tests are independent and safe under `pytest -n 2`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from botproc import BotProcess
from fake_discord import FakeDiscord
from table import Table


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    # Keep each phase's report on the item, so the bot fixture knows whether the test failed.
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
async def fd() -> AsyncIterator[FakeDiscord]:
    # A short heartbeat: a dead connection is noticed quickly after a SIGKILL or a close.
    async with FakeDiscord(heartbeat_interval_ms=500) as fake:
        yield fake


@pytest.fixture
def bot_env() -> dict[str, str]:
    """Extra environment for bot.py; a test overrides this fixture to change settings."""
    return {}


@pytest.fixture
async def bot(fd: FakeDiscord, tmp_path: Path, bot_env: dict[str, str],
              request: pytest.FixtureRequest) -> AsyncIterator[BotProcess]:
    """bot.py, started and connected (READY sent, commands synced); stopped at teardown."""
    proc = BotProcess(fd, tmp_path / "autobahn.sqlite3", tmp_path / "bot.log", bot_env)
    await proc.start()
    try:
        yield proc
    finally:
        code = await proc.stop()
        orphans = await proc.wait_no_survivors()
        report = getattr(request.node, "report_call", None)
        if report is not None and report.failed:
            print(f"bot.py exit code {code}; its last log lines:\n{proc.tail(60)}")
    # Nothing the bot started outlives it (render workers once did, after a SIGKILL).
    assert orphans == []
    # The bot called nothing the fake lacks (such a call would be a 404 it may have ignored).
    assert [r.key for r in fd.recorder.unknown] == []


@pytest.fixture
async def table(fd: FakeDiscord, bot: BotProcess) -> Table:
    return Table(fd, bot)
