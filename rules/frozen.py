"""An immutable mapping for the game state.

A `dict` subclass so that JSON encoding, equality and lookups stay at C speed, with every
mutating method disabled: a state can be shared between versions without copying.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NoReturn, TypeVar

T = TypeVar("T")
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


_KEEP = object()
_EVOLVERS: dict[type, Callable[..., Any]] = {}


def evolve(obj: T, **changes: Any) -> T:
    """`dataclasses.replace` for the state's frozen slotted dataclasses, about 3× faster.

    Each action copies the ~30-field `State` a dozen times, and `replace` (which re-runs
    `__init__` through keyword arguments and field introspection) was two thirds of
    `apply`. The copier is generated once per class, as dataclasses generates `__init__`.
    """
    cls = type(obj)
    evolver = _EVOLVERS.get(cls)
    if evolver is None:
        evolver = _EVOLVERS[cls] = _make_evolver(cls)
    return evolver(obj, **changes)  # type: ignore[no-any-return]


def _make_evolver(cls: type) -> Callable[..., Any]:
    names = [f.name for f in dataclasses.fields(cls)]
    if "__dict__" in getattr(cls, "__dict__", {}):
        return _dict_evolver(cls, frozenset(names))
    params = ", ".join(f"{n}=_KEEP" for n in names)
    # A slot's own descriptor sets it directly: half the cost of `object.__setattr__`,
    # which looks the name up again for every field.
    namespace: dict[str, Any] = {"_KEEP": _KEEP, "_new": object.__new__, "_cls": cls}
    lines = []
    for i, n in enumerate(names):
        slot = getattr(cls, n, None)
        if isinstance(slot, types.MemberDescriptorType):
            namespace[f"_set{i}"] = slot.__set__
            lines.append(f"    _set{i}(new, o.{n} if {n} is _KEEP else {n})\n")
        else:
            namespace["_set"] = object.__setattr__
            lines.append(f"    _set(new, {n!r}, o.{n} if {n} is _KEEP else {n})\n")
    source = f"def evolve(o, *, {params}):\n    new = _new(_cls)\n{''.join(lines)}    return new\n"
    exec(source, namespace)
    return namespace["evolve"]  # type: ignore[no-any-return]


def _dict_evolver(cls: type, names: frozenset[str]) -> Callable[..., Any]:
    """For a class whose fields live in an instance `__dict__` (the wide `State` and
    `Player`): the copy is one C-level dict copy instead of a call per field."""
    new_object, set_attr = object.__new__, object.__setattr__

    def evolve_dict(o: Any, **changes: Any) -> Any:
        if not names.issuperset(changes):
            unknown = ", ".join(sorted(set(changes) - names))
            raise TypeError(f"{cls.__name__} has no field {unknown}")
        fields = o.__dict__.copy()
        fields.update(changes)
        new = new_object(cls)
        set_attr(new, "__dict__", fields)
        return new

    return evolve_dict
