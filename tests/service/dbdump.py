"""Every row of every table of a store's file, to prove a refused call changed nothing."""

from __future__ import annotations

import sqlite3
from typing import Any


def dump(path: str) -> dict[str, list[tuple[Any, ...]]]:
    conn = sqlite3.connect(path)
    try:
        tables = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall(), key=repr)
                for t in tables}
    finally:
        conn.close()
