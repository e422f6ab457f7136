"""Issue 30 item 17: `python -m store check` on a read-only mount (a backup disk mounted
read-only, a snapshot) checks the database instead of failing to open it."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from store import GameStore


@pytest.fixture
def read_only_mount(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    source, mounted = tmp_path / "disk", tmp_path / "mnt"
    source.mkdir()
    mounted.mkdir()
    done = subprocess.run(["mount", "--bind", str(source), str(mounted)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot make a read-only mount here: {done.stderr.decode()[:100]}")
    try:
        remount = subprocess.run(["mount", "-o", "remount,bind,ro", str(mounted)],
                                 capture_output=True)
        if remount.returncode != 0:
            pytest.skip("cannot remount read-only here")
        yield source, mounted
    finally:
        subprocess.run(["umount", str(mounted)], capture_output=True)


async def test_check_works_on_a_read_only_mount(read_only_mount: tuple[Path, Path]) -> None:
    source, mounted = read_only_mount
    store = await GameStore.open(source / "autobahn.sqlite3")
    await store.create_game(host_id="ann", edition="c", edition_hash="h", seed=1)
    await store.close()  # a clean close folds the WAL in: the file alone is the database
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-m", "store", "--db", str(mounted / "autobahn.sqlite3"), "check"],
        capture_output=True, text=True, cwd=root, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "integrity: ok" in done.stdout
    assert sorted(p.name for p in mounted.iterdir()) == ["autobahn.sqlite3"]
