"""An immutable mapping for the game state.

A `dict` subclass so that JSON encoding, equality and lookups stay at C speed, with every
mutating method disabled: a state can be shared between versions without copying.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NoReturn, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class FrozenDict(dict[K, V]):
    __slots__ = ()

    def _immutable(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("FrozenDict is immutable; use .set() or .without()")

    __setitem__ = __delitem__ = _immutable
    clear = pop = popitem = setdefault = update = __ior__ = _immutable  # type: ignore[assignment]

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __repr__(self) -> str:
        return f"FrozenDict({dict.__repr__(self)})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (dict(self),))

    def set(self, key: K, value: V) -> FrozenDict[K, V]:
        """A copy with `key` set to `value`."""
        new = dict(self)
        new[key] = value
        return FrozenDict(new)

    def merge(self, changes: Mapping[K, V] | Iterable[tuple[K, V]]) -> FrozenDict[K, V]:
        new = dict(self)
        new.update(changes)
        return FrozenDict(new)

    def without(self, key: K) -> FrozenDict[K, V]:
        new = dict(self)
        new.pop(key, None)
        return FrozenDict(new)
