"""The rules digest: 40 random games (solo against the Autobot, 2, 3 and 4 players), every
listed action and every state hashed, against the digest stored here (bench/rules_digest.py
says what goes in).

A restructuring of `rules/` or of the search's fast path must leave it as it is. A change
of the rules changes it: then, in the same commit as the change, run

    python bench/rules_digest.py

and put the digest it prints in `STORED`, with the reason in the line above it (the old
digest stays in git's history). The games are played on the edition file pinned by hash
in `bench/rules_digest.PINNED_EDITION`, so a corrected `classic.toml` (whose old file is
archived) does not move the digest; to play the digest on a newer edition, pin its hash
there and store the digest it gives, saying so.
"""

from __future__ import annotations

import pytest

from bench.rules_digest import PINNED_EDITION, digest
from rules import edition_by_hash

# 2026-12: recorded before issue 32's restructuring of the rules core (main at dea719c);
# unchanged by it.
STORED = "82aa88cf3882ceb3670b7b5a01e9433d"
GAMES, ACTIONS = 40, 7589


def test_the_pinned_edition_is_found_by_its_hash() -> None:
    assert edition_by_hash(PINNED_EDITION).hash == PINNED_EDITION


@pytest.mark.parametrize("path", ["spec", "search"])
def test_the_rules_play_the_stored_digest(path: str) -> None:
    """`spec`: rules.legal_actions and rules.apply; `search`: the fast path
    (rules.search.SearchContext), which must not differ in one listing or one state."""
    assert digest(GAMES, path) == (STORED, ACTIONS)
