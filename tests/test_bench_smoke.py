"""The memory benchmark still runs against the service's API (it crashed once
`service.legal` began returning the list's version too): a tiny run of the real code,
through a real render pool of one worker, reading the process tree's memory."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench" / "memory_bench.py"


async def test_the_memory_bench_plays_its_games(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = importlib.util.spec_from_file_location("memory_bench", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "memory_bench", bench)  # its dataclass looks itself up
    spec.loader.exec_module(bench)
    figures = await bench.measure(commands=12, active=2, workers=1, sample_every=4,
                                  combinations=False)
    assert figures.commands >= 12
    assert figures.boards >= 1  # the /board asked every tenth command at least
    commands, rss, pss, processes, bot, worker = figures.samples[-1]
    assert commands == figures.commands  # the last sample is taken at the end
    assert processes >= 2  # the bench itself and its render worker at least
    assert rss >= pss > 0 and rss >= bot + worker
    assert "## Memory" in bench.section(figures, 1, 2)
