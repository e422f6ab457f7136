"""Which edition a state belongs to.

A state names its edition by content hash, so the public functions can take just a state.
`new_game` registers the edition it is given; the shipped classic edition is found on
demand, and any other edition must be registered before its games are loaded.
"""

from __future__ import annotations

from rules.errors import RuleError
from rules.model import Edition

_EDITIONS: dict[str, Edition] = {}


def register_edition(edition: Edition) -> Edition:
    _EDITIONS[edition.hash] = edition
    return edition


def edition_by_hash(edition_hash: str) -> Edition:
    found = _EDITIONS.get(edition_hash)
    if found is not None:
        return found
    from rules.edition import load_edition  # the shipped edition, loaded lazily

    register_edition(load_edition())
    found = _EDITIONS.get(edition_hash)
    if found is None:
        raise RuleError("unknown_edition", edition=edition_hash[:12])
    return found
