"""DESIGN §1: the store knows the game only as strings; it never imports the other layers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

FORBIDDEN = ("rules", "render", "service", "cogs", "discord", "PIL")


def test_store_imports_none_of_the_other_layers() -> None:
    code = (
        "import sys, store, store.__main__\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
        "print(','.join(bad))"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert out.stdout.strip() == ""
