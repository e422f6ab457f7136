"""Issue 30 item 17: the fuzz of every public service call (test_service_fuzz.py) draws 40
examples a call, which left untyped errors unfound (remember_vote_post with an id that is
no integer). This sweep tries *every* hostile value in *every* argument of every call, the
others ordinary, and accepts only typed errors (ServiceError, RuleError). What it changes
in the database is the fuzz's check; this one is about the answer."""

from __future__ import annotations

import contextlib
import inspect
from pathlib import Path
from typing import Any

import pytest
from test_service_fuzz import FLAGS, World, public_calls

from rules import RuleError
from service.errors import ServiceError

SLOW = {"import_record", "replay_animation", "play_computers", "resume_computers",
        "hint", "backup_now"}  # swept too, with fewer values (each call costs a replay)


def first(strategy: Any) -> Any:
    """The first ordinary value a `World.benign` strategy offers (just / sampled_from)."""
    inner = getattr(strategy, "wrapped_strategy", strategy)
    return inner.elements[0]


# One of each kind the fuzz knows (test_service_fuzz.py): too large, negative, not finite,
# empty, NUL, huge, a container, bytes, an object, a flag where a number belongs.
KINDS = [2**64, -1, float("nan"), 1e300, "", "ann\x00", "x" * 10_000, [], {}, b"bytes",
         object(), 1.5]


def _ordinary_call_exists(world: World, method: str, names: list[str]) -> bool:
    """Whether the fuzz knows an ordinary value for every argument (a reminder row or an
    idle time it does not: those calls are only swept with hostile values)."""
    try:
        for name in names:
            world.benign(method, name)
    except KeyError:
        return False
    return True


def hostile_values(name: str, method: str) -> list[Any]:
    values = [*KINDS, *([] if name in FLAGS else [True])]
    return values[::3] if method in SLOW else values


@pytest.mark.parametrize("method", public_calls())
def test_every_hostile_value_of_every_argument_is_a_typed_error(
        tmp_path: Path, db_target: Path | str, method: str) -> None:
    world = World(tmp_path, db_target)
    untyped: list[str] = []
    try:
        params = [p for p in inspect.signature(getattr(world.service, method)).parameters
                  .values()]
        # First every argument ordinary (a call that should work may fail untyped on one
        # backend: a backup on PostgreSQL), then each argument hostile in turn.
        ordinary = _ordinary_call_exists(world, method, [p.name for p in params])
        cases = [(None, None)] * ordinary + [(bad, value) for bad in params
                                             for value in hostile_values(bad.name, method)]
        for bad, value in cases:
            args = {p.name: value if p is bad else first(world.benign(method, p.name))
                    for p in params}
            positional = [args[p.name] for p in params if p.kind is p.POSITIONAL_OR_KEYWORD]
            keywords = {p.name: args[p.name] for p in params if p.kind is p.KEYWORD_ONLY}
            try:
                with contextlib.suppress(ServiceError, RuleError):
                    world.run(getattr(world.service, method)(*positional, **keywords))
            except Exception as err:  # what the sweep looks for
                name = "-" if bad is None else bad.name
                untyped.append(f"{name}={value!r:.40}: {type(err).__name__}: {err!s:.80}")
    finally:
        world.close()
    assert not untyped, f"{method}: " + "\n".join(untyped)
