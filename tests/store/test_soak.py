"""Issue 37, item 4, the short soak CI runs: three processes, each a GameService of its own
on one PostgreSQL database, race on the same games for half a minute; every move told
landed is in the log exactly once, no repeated press lands, every game replays.
(`python bench/soak.py` is the long one; bench/RESULTS.md, "Soak".)"""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path

import pytest

from tests.store.pg_cluster import Server

BENCH = Path(__file__).resolve().parents[2] / "bench" / "soak.py"


@pytest.mark.slow
def test_three_processes_racing_on_one_database_lose_and_double_nothing(
        pg_server: Server) -> None:
    spec = importlib.util.spec_from_file_location("soak", BENCH)
    assert spec is not None and spec.loader is not None
    soak = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(soak)
    args = argparse.Namespace(processes=3, games=4, seconds=30.0, postgres=pg_server.url)
    reports, problems = soak.run(args)
    assert problems == []
    assert len(reports) == 3
    assert all(r["outcomes"].get("landed", 0) >= 1 for r in reports)  # each got moves in
    assert all(r["memory"] and r["lag_p99"] >= 0 for r in reports)
