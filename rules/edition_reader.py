"""Typed, strict reading of a parsed TOML document, with key paths for error messages.

`Table` wraps one TOML table. Every read names the key it wants and the type it expects;
anything missing, mistyped or left unread is reported as a `Problem` naming the full key
path (`links.r2.features[1]`). Unread keys are errors because a typo in an optional key
(`label_ofset`) would otherwise be silently ignored. `rules.edition` adds the file name.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, TypeVar

T = TypeVar("T")
_MISSING: Any = object()


class Problem(Exception):
    """One thing wrong in an edition, before the file name is known to the message."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(f"{key}: {message}" if key else message)
        self.key = key
        self.message = message


def join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


_TYPE_NAMES = {bool: "a boolean", int: "an integer", float: "a number", str: "a string",
               list: "a list", dict: "a table"}


def _check_type(value: object, kind: type, key: str) -> None:
    # bool is a subclass of int in Python, but `count = true` is certainly a mistake.
    ok = isinstance(value, kind) and not (kind in (int, float) and isinstance(value, bool))
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        ok = True  # "lat = 52" is a fine latitude
    if not ok:
        raise Problem(key, f"expected {_TYPE_NAMES.get(kind, kind.__name__)}, got {value!r}")


class Table:
    """One TOML table being read; call `done()` when finished to reject unknown keys."""

    def __init__(self, data: object, path: str) -> None:
        _check_type(data, dict, path)
        self.data: dict[str, Any] = data  # type: ignore[assignment]
        self.path = path
        self._read: set[str] = set()

    def key(self, name: str | int) -> str:
        return join(self.path, name)

    def has(self, name: str) -> bool:
        return name in self.data

    def _get(self, name: str, default: Any) -> Any:
        self._read.add(name)
        if name in self.data:
            return self.data[name]
        if default is _MISSING:
            raise Problem(self.key(name), "missing required key")
        return default

    def get(self, name: str, kind: type[T], default: Any = _MISSING) -> T:
        value = self._get(name, default)
        if value is not default:
            _check_type(value, kind, self.key(name))
        return value  # type: ignore[no-any-return]

    def string(self, name: str, default: Any = _MISSING) -> str:
        return self.get(name, str, default)

    def integer(self, name: str, default: Any = _MISSING, minimum: int | None = None) -> int:
        value = self.get(name, int, default)
        if minimum is not None and value is not None and value < minimum:
            raise Problem(self.key(name), f"must be at least {minimum}, got {value}")
        return value

    def number(self, name: str) -> float:
        return float(self.get(name, float))

    def flag(self, name: str, default: Any = _MISSING) -> bool:
        return self.get(name, bool, default)

    def list_of(self, name: str, kind: type[T], default: Any = _MISSING) -> list[T]:
        values = self.get(name, list, default)
        for i, value in enumerate(values):
            _check_type(value, kind, join(self.key(name), i))
        return values

    def table(self, name: str, default: Any = _MISSING) -> Table:
        return Table(self._get(name, default), self.key(name))

    def tables(self, name: str) -> list[Table]:
        """An array of tables (`[[eras]]`)."""
        values = self.get(name, list)
        return [Table(v, join(self.key(name), i)) for i, v in enumerate(values)]

    def entries(self, skip: tuple[str, ...] = ()) -> Iterator[tuple[str, Table]]:
        """The sub-tables of a table keyed by id (`[nodes.<id>]`), in file order."""
        for name in self.data:
            if name in skip:
                continue
            self._read.add(name)
            yield name, Table(self.data[name], self.key(name))

    def done(self) -> None:
        unknown = [k for k in self.data if k not in self._read]
        if unknown:
            raise Problem(self.key(unknown[0]), "unknown key (a typo?)")
