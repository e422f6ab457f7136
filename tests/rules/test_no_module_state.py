"""The specification holds no state that changes (issue 32): playing games, by `rules.apply`
and by a search's `SearchContext`, changes no module-level value of `rules/`.

What may be kept between calls lives in objects the caller owns (`rules.caches.Caches`), and
tables derived from an edition alone on the edition (`rules.memo.per_edition`). The one
table a module holds, the content-addressed editions of `rules.registry`, only grows when an
edition is met for the first time, which the warm-up game does.

`rules.frozen`'s copiers are generated once per class the first time one of its records is
copied (as dataclasses generates `__init__`): keyed by the program's classes, never by a
game, so they are left out.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from types import ModuleType
from typing import Any

import rules
from rules import SearchContext, apply, current_player, legal_actions, new_game
from tests.rules.helpers import EDITION, NAMES


def _modules() -> list[ModuleType]:
    found = []
    for info in pkgutil.walk_packages(rules.__path__, "rules."):
        if info.name.endswith(".__main__"):  # a command line (rules.editions check): it runs
            continue
        found.append(importlib.import_module(info.name))
    return found


# Per class of the program, not per game (see above).
_PER_CLASS = {"rules.frozen._EVOLVERS", "rules.frozen._DICT_FIELDS"}


def _snapshot() -> dict[str, Any]:
    """Every module-level value of `rules/` that could change in place, as it is now: the
    contents of dicts, lists, sets and bytearrays, and the size of any function cache."""
    seen: dict[str, Any] = {}
    for module in _modules():
        for name, value in vars(module).items():
            key = f"{module.__name__}.{name}"
            if key in _PER_CLASS:
                continue
            if isinstance(value, dict):
                seen[key] = repr(sorted(map(repr, value.items())))
            elif isinstance(value, list | set | bytearray):
                seen[key] = repr(sorted(map(repr, value)))
            elif hasattr(value, "cache_info"):
                seen[key] = value.cache_info().currsize
    return seen


def _play(seed: int, players: int, searched: bool) -> None:
    choose = random.Random(seed)
    state = new_game(EDITION, list(NAMES[:players]), seed=seed,
                     solo_level=3 if players == 1 else None)  # 1: against the Autobot
    context = SearchContext()
    for _ in range(400):
        pid = current_player(state)
        if pid is None:
            return
        if searched:
            state = context.apply_listed(state, pid, choose.choice(
                context.legal_actions(state, pid)))
        else:
            state = apply(state, pid, str(choose.choice(legal_actions(state, pid))))


def test_playing_changes_no_module_level_value_of_rules() -> None:
    _play(1, 3, searched=False)  # warm-up: the edition registered, the evolvers generated
    _play(1, 3, searched=True)
    before = _snapshot()
    assert before, "the snapshot found no module values at all"
    for seed, players in ((2, 1), (3, 2), (4, 4)):
        _play(seed, players, searched=False)
        _play(seed, players, searched=True)
    after = _snapshot()
    changed = sorted(key for key in before.keys() | after.keys()
                     if before.get(key) != after.get(key))
    assert changed == []


def test_the_snapshot_sees_a_changed_module_value(monkeypatch: Any) -> None:
    """The check above can fail: a value changed in place is seen."""
    from rules import flow

    before = _snapshot()
    monkeypatch.setitem(flow.DECISION_OF_EFFECT, "probe", "main")
    assert _snapshot() != before
