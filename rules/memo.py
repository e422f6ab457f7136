"""Facts derived from an edition once, found again by the edition's identity.

`functools.lru_cache` hashes its key on every call, and an `Edition` hashes through a
Python-level `__hash__`; in `legal_actions` that hashing cost more than the lookups it
guarded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from rules.model import Edition

T = TypeVar("T")


def per_edition(fn: Callable[[Edition], T]) -> Callable[[Edition], T]:
    """`fn(edition)` computed once per edition."""
    memo: dict[int, tuple[Edition, T]] = {}

    def cached(edition: Edition) -> T:
        found = memo.get(id(edition))
        if found is None or found[0] is not edition:  # the edition is kept: ids stay its own
            found = memo[id(edition)] = (edition, fn(edition))
        return found[1]

    cached.__doc__ = fn.__doc__
    return cached
