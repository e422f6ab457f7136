"""What one button press that passes the turn costs (issue 32 item 6): the calls the cog
makes to the service, the service's calls to the store, and how often `rules.apply` runs,
counted through the real cog path (a press on the turn card, the turn post, its buttons).

The issue's target is at most 3 service calls, 6 store calls and one `rules.apply`; the
figures today are in ARCHITECTURE.md ("One button press"). This test keeps them from
growing: a change that adds calls to a press fails here and says which.
"""

from __future__ import annotations

import inspect
from collections import Counter
from typing import Any

import pytest

import rules
from tests.cogs.conftest import ANN, BEN, Table

# The counts of a press on 2026-12-07; lower them as the one-result move lands (item 6).
# 13 and 17 until the same evening's landings: the press now notes its reader's language
# (issue 31 item 4: a DM follows its reader) and ends the stall notices and seat votes its
# move answers (issue 30 item 10, issue 31 item 13). Item 6 is what brings them down.
SERVICE_CALLS = 14
STORE_CALLS = 19
RULES_APPLY = 2


def counting(owner: Any, seen: Counter[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Every public method of `owner` counted into `seen` when called."""
    for name, _ in inspect.getmembers(type(owner), callable):
        if name.startswith("_"):
            continue
        method = getattr(owner, name)

        def wrapped(*args: Any, _name: str = name, _method: Any = method, **kwargs: Any) -> Any:
            seen[_name] += 1
            return _method(*args, **kwargs)

        monkeypatch.setattr(owner, name, wrapped)


async def test_a_press_that_passes_the_turn(table: Table,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    await table.new_game(ANN, BEN)
    first = await table.current()
    await table.slash(first, "act", action=(await table.legal())[0])
    service, store = table.service, table.service.repo.store
    service_calls: Counter[str] = Counter()
    store_calls: Counter[str] = Counter()
    applies = Counter[str]()
    real_apply = rules.apply

    def apply(*args: Any, **kwargs: Any) -> rules.State:
        applies["apply"] += 1
        return real_apply(*args, **kwargs)

    counting(service, service_calls, monkeypatch)
    counting(store, store_calls, monkeypatch)
    monkeypatch.setattr(rules, "apply", apply)
    for _ in range(8):  # presses until one passes the turn (a draft pick may not)
        player, game = await table.current(), await table.game()
        press = next(c for post in reversed(table.posts()) for c in post.custom_ids
                     if c.startswith(f"ab:act:1:{game.version}:"))
        for seen in (service_calls, store_calls, applies):
            seen.clear()
        await table.press(player, press)
        if (await table.game()).current_player != str(player[0]):
            break
    monkeypatch.undo()
    after = await table.game()
    assert after.version == game.version + 1 and after.current_player != str(player[0])
    figures = (f"service {sum(service_calls.values())} {dict(service_calls)}; "
               f"store {sum(store_calls.values())} {dict(store_calls)}; "
               f"rules.apply {applies['apply']}")
    print(figures)
    assert sum(service_calls.values()) <= SERVICE_CALLS, figures
    assert sum(store_calls.values()) <= STORE_CALLS, figures
    assert applies["apply"] <= RULES_APPLY, figures
