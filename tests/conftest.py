"""Fixtures that tests of more than one layer share."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.model import Edition
from rules.registry import register_edition
from tests.rules.test_edition import load_changed


@pytest.fixture(scope="session")
def reloading(tmp_path_factory: pytest.TempPathFactory) -> Edition:
    """The classic edition read with `[trucks] load = "reload"` (RULES §7.3), whatever the
    classic file says: the reload tests keep their reading when the classic changes."""
    path: Path = tmp_path_factory.mktemp("reload")
    return register_edition(load_changed(path, ("trucks.load", "reload")))
