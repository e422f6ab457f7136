"""The memory benchmark still runs against the service's API (it crashed once
`service.legal` began returning the list's version too): a tiny run of the real code."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench" / "memory_bench.py"


async def test_the_memory_bench_plays_its_games(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = importlib.util.spec_from_file_location("memory_bench", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    monkeypatch.setattr(bench, "GAMES", 3)
    monkeypatch.setattr(bench, "ACTIVE", 2)
    monkeypatch.setattr(bench, "MOVES_EACH", 3)
    figures = await bench.measure()
    assert figures["moves"] == 6
    assert figures["peak"] >= figures["baseline"] > 0
    assert "## Memory" in bench.section(figures)
