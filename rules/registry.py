"""Which edition a state belongs to.

A state names its edition by content hash, so the public functions can take just a state.
`new_game` registers the edition it is given. Otherwise an edition is looked up by hash in
the shipped files: `rules/editions/*.toml` and the superseded versions kept in
`rules/editions/archive/`, so a correction to `classic.toml` never changes the rules of a
game already running (RULES §13) — its old file stays in the archive.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from rules.errors import RuleError
from rules.model import Edition

EDITIONS_DIR = Path(__file__).parent / "editions"
SEARCH_DIRS: list[Path] = [EDITIONS_DIR, EDITIONS_DIR / "archive"]

_EDITIONS: dict[str, Edition] = {}


def register_edition(edition: Edition) -> Edition:
    _EDITIONS[edition.hash] = edition
    return edition


def edition_by_hash(edition_hash: str) -> Edition:
    found = _EDITIONS.get(edition_hash)
    if found is not None:
        return found
    from rules.edition import load_edition  # loaded lazily: most lookups hit the cache

    for folder in SEARCH_DIRS:
        for path in sorted(folder.glob("*.toml")):
            if hashlib.sha256(path.read_bytes()).hexdigest() == edition_hash:
                return register_edition(load_edition(path))
    raise RuleError("unknown_edition", edition=edition_hash[:12])
