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
    clear = pop = popitem = setdefault = update = __ior__ = _immutable

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __repr__(self) -> str:
        return f"FrozenDict({dict.__repr__(self)})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (dict(self),))

    # Each copies once, into the new FrozenDict itself, through dict's own methods (the
    # disabled ones are this class's): copying into a dict and then again was twice the work.

    def set(self, key: K, value: V) -> FrozenDict[K, V]:
        """A copy with `key` set to `value`."""
        new = FrozenDict(self)
        dict.__setitem__(new, key, value)
        return new

    def merge(self, changes: Mapping[K, V] | Iterable[tuple[K, V]]) -> FrozenDict[K, V]:
        new = FrozenDict(self)
        dict.update(new, changes)
        return new

    def without(self, key: K) -> FrozenDict[K, V]:
        new = FrozenDict(self)
        dict.pop(new, key, None)
        return new


_KEEP = object()
_EVOLVERS: dict[type, Callable[..., Any]] = {}
_DICT_FIELDS: dict[type, frozenset[str]] = {}  # classes whose fields live in `__dict__`
_new_object, _set_attr = object.__new__, object.__setattr__


def evolve(obj: T, **changes: Any) -> T:
    """A copy of `obj` with `changes`: `dataclasses.replace` for the state's frozen
    dataclasses, many times faster. `obj` itself never changes.

    Each action copies the ~30-field `State` a dozen times, and `replace` (which re-runs
    `__init__` through keyword arguments and field introspection) was two thirds of
    `apply`. A wide record (`State`, `Player`) keeps its fields in an instance `__dict__`,
    copied here in one C-level step; a slotted one gets a copier generated once per class,
    as dataclasses generates `__init__`.
    """
    cls = type(obj)
    names = _DICT_FIELDS.get(cls)
    if names is not None:
        values = obj.__dict__.copy()
        values.update(changes)
        if len(values) != len(names):  # a name that is no field added a key
            unknown = ", ".join(sorted(set(changes) - names))
            raise TypeError(f"{cls.__name__} has no field {unknown}")
        new = _new_object(cls)
        _set_attr(new, "__dict__", values)
        return new
    evolver = _EVOLVERS.get(cls)
    if evolver is None:
        if "__dict__" in getattr(cls, "__dict__", {}):
            _DICT_FIELDS[cls] = frozenset(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
            return evolve(obj, **changes)
        evolver = _EVOLVERS[cls] = _make_evolver(cls)
    result: T = evolver(obj, **changes)
    return result


def _make_evolver(cls: type) -> Callable[..., Any]:
    names = [f.name for f in dataclasses.fields(cls)]
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
    evolver: Callable[..., Any] = namespace["evolve"]  # the `def` just executed
    return evolver
