"""Issue 11, item 14: every public service call, fuzzed with hostile values (ints beyond
64 bits, NaN, wrong types, control and bidi characters, lone surrogates, huge strings,
superscript digits), answers only with typed errors (ServiceError / RuleError) and changes
nothing in the database. Each example makes exactly one argument hostile and gives the
others ordinary values, so the checks deep inside each call are reached too."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import inspect
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dbdump import dump
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from service_testutil import PLAYERS, SEED, FixedClock, fake_png, first_choice_game, record_of

from rules import RuleError
from service import CONSOLE, GameService, Place
from service.errors import ServiceError
from store import GameStore, ReminderSettings

NUMBERS = [2**63, 2**64, -(2**63) - 1, 10**30, -1, float("nan"), float("inf"), 1e300, -0.5]
# ("²" is hostile only where a number is typed: see "changes" below; as an id it is fine.)
TEXTS = ["", "\x00", "ann\x00", "\u202eann", "a\ud800", "x" * 10_000, "9" * 5000, " ",
         "\x1b[2J"]
THINGS = [[], {}, [1, 2], b"bytes", object(), ("a",), {"seats": 50}]
BOOLS = [True, False]
FLAGS = {"accept", "force", "is_admin", "active", "exclusive"}
SETTINGS_HOSTILE = [{"seats": 50}, {"x": 1}, {"name": "\u202eX"}, {1: 2}, {"reminders": "yes"}]


def hostile(name: str, default: Any) -> st.SearchStrategy[Any]:
    values = NUMBERS + TEXTS + THINGS
    if name not in FLAGS:
        values = [*values, *BOOLS]
    if default is not None:
        values = [*values, None]  # None is a valid "not given" where it is the default
    if name == "settings":
        values = [*(v for v in values if v != {}), *SETTINGS_HOSTILE]
    if name == "changes":
        values = [*values, {"seats": "²"}, {"seats": "9" * 5000}, {"\x00": "on"}]
    if name == "place":
        values = [*values, Place(2**64, 0), Place(-1, 0), Place(0, 0, 2**70)]
    if name == "guild_ids":
        values = [*(v for v in values if v not in ([], {}, ("a",))), [2**64], [None], ["1"]]
    return st.sampled_from(values)


def reminder_settings() -> st.SearchStrategy[Any]:
    fields = [f.name for f in dataclasses.fields(ReminderSettings) if f.name != "updated_at"]
    return st.one_of(
        st.sampled_from(NUMBERS + TEXTS + THINGS + [None]),
        st.builds(lambda f, v: dataclasses.replace(ReminderSettings("ann"), **{f: v}),
                  st.sampled_from(fields), st.sampled_from(NUMBERS + TEXTS + THINGS)),
    )


class World:
    """One database with a lobby and a running game, shared by one test's examples."""

    def __init__(self, tmp: Path, target: Path | str | None = None) -> None:
        self.loop = asyncio.new_event_loop()
        self.tmp = tmp
        self.store: GameStore = self.run(GameStore.open(target or tmp / "fuzz.sqlite3"))
        self.service = GameService(self.store, clock=FixedClock(), renderer=fake_png)
        svc = self.service
        self.lobby = self.run(svc.create_game(CONSOLE, "ann", "Ann", seats=3, seed=SEED))
        game = self.run(svc.create_game(Place(1, 2), "ann", "Ann", seats=3, seed=SEED))
        for pid in PLAYERS[1:]:
            self.run(svc.join(game.id, pid, pid.title()))
        self.running = self.run(svc.start(game.id, "ann")).game
        self.state = self.run(svc.state_at(game.id))
        self.current = self.run(svc.deciding(game.id))
        self.legal = self.run(svc.legal(game.id)).actions[0]
        self.token = self.run(svc.web_token(game.id))  # the running game's page

    def run(self, coro: Any) -> Any:
        return self.loop.run_until_complete(coro)

    def close(self) -> None:
        self.service.close()
        self.run(self.store.close())
        self.loop.close()

    def benign(self, method: str, name: str) -> st.SearchStrategy[Any]:
        """Ordinary values: alone they would be accepted (or refused for a plain reason)."""
        games = st.sampled_from([self.running.id, self.lobby.id])
        values: dict[str, st.SearchStrategy[Any]] = {
            "game_id": games, "place": st.just(CONSOLE), "host_id": st.just("ann"),
            "user_id": st.sampled_from(["dan", self.current]), "by_user": st.just("ann"),
            "host_name": st.just("Ann"), "name": st.just("Dan"),
            "notation": st.just(self.legal), "accept": st.just(True),
            "force": st.just(False), "is_admin": st.just(False), "active": st.just(True),
            "ended": st.just(True), "post_id": st.just(1), "solo_level": st.none(),
            "players": st.just(()),
            "request": st.none(), "lang": st.just("en"), "language": st.just("en"),
            "view": st.just("full"), "at_move": st.none(), "seats": st.just(3),
            "seed": st.just(7), "record": st.just(record_of(first_choice_game()[:2])),
            "changes": st.just({"language": "de"}), "settings": st.none(),
            "channel_id": st.just(5), "message_id": st.just(6),
            "version": st.just(self.running.version), "folder": st.just(self.tmp / "bk"),
            "keep": st.just(2), "keep_s": st.just(86_400.0), "lease_s": st.just(120.0),
            "now": st.none(), "guild_ids": st.none(), "state": st.just(self.state),
            "game": st.just(self.running), "expected_version": st.none(),
            "interaction_id": st.none(), "issued_at": st.none(),
            "exclusive": st.just(False), "page": st.none(), "told": st.just(False),
            "choice_lang": st.none(), "with_notation": st.just(False),
            "bots": st.just(0), "bot_level": st.none(), "level": st.none(), "edition": st.none(),
            "player": st.just("ben"), "versus": st.none(), "until": st.just("back"),
            "reminder": st.none(), "token": st.just(self.token),
        }
        return values[name]


def public_calls() -> list[str]:
    return sorted(n for n, f in inspect.getmembers(GameService, inspect.iscoroutinefunction)
                  if not n.startswith("_"))


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    made = World(tmp_path)
    try:
        yield made
    finally:
        made.close()


@pytest.mark.parametrize("method", public_calls())
def test_hostile_values_give_typed_errors_and_change_nothing(world: World, method: str) -> None:
    signature = inspect.signature(getattr(GameService, method))
    params = [p for p in signature.parameters.values() if p.name != "self"]
    if not params:
        pytest.skip(f"{method} takes no input")

    @st.composite
    def calls(draw: st.DrawFn) -> tuple[int, dict[str, Any]]:
        bad = draw(st.sampled_from(range(len(params))))
        args: dict[str, Any] = {}
        for i, p in enumerate(params):
            default = None if p.default is inspect.Parameter.empty else p.default
            if i == bad:
                args[p.name] = draw(reminder_settings() if (
                    method == "set_reminder_settings") else hostile(p.name, default))
            else:
                args[p.name] = draw(world.benign(method, p.name))
        return bad, args

    @settings(max_examples=40, deadline=None, database=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture,
                                     HealthCheck.too_slow])
    @given(calls())
    def check(call: tuple[int, dict[str, Any]]) -> None:
        _, args = call
        before = dump(world.store.path)
        positional = [args[p.name] for p in params if p.kind is p.POSITIONAL_OR_KEYWORD]
        keywords = {p.name: args[p.name] for p in params if p.kind is p.KEYWORD_ONLY}
        with contextlib.suppress(ServiceError, RuleError):  # anything else fails the test
            world.run(getattr(world.service, method)(*positional, **keywords))
        assert dump(world.store.path) == before, (method, args)

    check()
