"""Tables derived from an edition alone, computed once and kept on the edition itself.

Like the edition's own `cached_property` lookups (`Edition.sections`, `links_at`), each is
stored in the edition object's `__dict__`, under the function's name: it lives and dies with
the edition, no module holds it, and nothing is found by an `id()`. A table is a pure
function of the edition and is never changed once made, so two threads that compute it at
once store equal values and each reader sees a whole one (`dict.setdefault` keeps the first).
`functools.lru_cache` would hash the edition on every call, through a Python-level
`__hash__`; in `legal_actions` that hashing cost more than the lookups it guarded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from rules.model import Edition

T = TypeVar("T")


def per_edition(fn: Callable[[Edition], T]) -> Callable[[Edition], T]:
    """`fn(edition)` computed once per edition, kept on the edition. `fn` must be pure and
    its result must never be changed by its readers."""
    key = f"_derived:{fn.__module__}.{fn.__qualname__}"

    def cached(edition: Edition) -> T:
        tables: dict[str, Any] = edition.__dict__
        found = tables.get(key, tables)  # the dict itself stands for "not yet"
        if found is tables:
            found = tables.setdefault(key, fn(edition))
        return found  # type: ignore[no-any-return]

    cached.__doc__ = fn.__doc__
    cached.__wrapped__ = fn  # type: ignore[attr-defined]
    return cached
