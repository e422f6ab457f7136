"""The in-process console table: its own database and a fake renderer per test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from console_testutil import Table, fake_png

from console import Console
from service import GameService
from store import GameStore


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    store = await GameStore.open(tmp_path / "console.sqlite3")
    service = GameService(store, renderer=fake_png)
    lines: list[str] = []
    console = Console(service, boards=tmp_path / "boards", out=lines.append)
    try:
        yield Table(console, lines)
    finally:
        service.close()
        await store.close()
