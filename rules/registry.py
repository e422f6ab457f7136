"""Which edition a state belongs to.

A state names its edition by content hash, so the public functions can take just a state.
`new_game` registers the edition it is given. Otherwise an edition is looked up by hash in
the shipped files: `rules/editions/*.toml` and the superseded versions kept in
`rules/editions/archive/`, so a correction to `classic.toml` never changes the rules of a
game already running (RULES §13) — its old file stays in the archive — and the copies of
groups' own editions that tables were started with (`rules/editions/tables/`, written by
the service when a game names one, never by the rules: docs/editions.md).

The table of editions met so far is the one mutable thing of `rules/` a module holds, and
it is content-addressed: an edition is found by the hash of its file, so a key names one
content for ever. An entry is added once (`dict.setdefault`, one step under the GIL) and
never replaced or removed, so two threads that register the same file at once keep one
object, and every reader sees either no entry or the one that stays; the tables derived
from an edition (`rules.memo.per_edition`) are kept on that object.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from rules.errors import RuleError
from rules.model import Edition

EDITIONS_DIR = Path(__file__).parent / "editions"
# Pinned copies of groups' editions, one file per hash, git-ignored: every process (render
# workers too) finds a table's edition here by the hash its game records.
TABLES_DIR = EDITIONS_DIR / "tables"
SEARCH_DIRS: tuple[Path, ...] = (EDITIONS_DIR, EDITIONS_DIR / "archive", TABLES_DIR)

_EDITIONS: dict[str, Edition] = {}  # file hash -> edition: added once, never replaced


def register_edition(edition: Edition) -> Edition:
    """The registered edition of `edition`'s hash: `edition` itself when it is the first
    of its content, or else the equal one registered before it."""
    return _EDITIONS.setdefault(edition.hash, edition)


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
