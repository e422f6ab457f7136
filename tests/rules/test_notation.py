"""The action notation (DESIGN §2): canonical texts round-trip, input is forgiving,
anything else is an `UnknownActionError`."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import UnknownActionError, current_player, legal_actions, parse_action
from rules.actions import (
    GRANT,
    PASS,
    TAKEBACK,
    Bonus,
    Extra,
    Key,
    Move,
    Pick,
    Play,
    Promote,
    Route,
    Slot,
)
from tests.rules.helpers import random_states

CANONICAL = {
    "bonus dk": Bonus("dk"),
    "build r2.1 with red": Play("build", "r2.1", "red"),
    "build r2.1 with i07:white": Play("build", "r2.1", "i07", "white"),
    "upgrade k3 with black": Play("upgrade", "k3", "black"),
    "load d_red automotive with red": Play("load", "d_red", "red", None, "automotive"),
    "load d_red chemicals with i01:red": Play("load", "d_red", "i01", "red", "chemicals"),
    "station k8.2 with black": Play("station", "k8.2", "black"),
    "research network2 with green": Play("research", "network2", "green"),
    "research capacity": Key("capacity"),
    "takeback": TAKEBACK,
    "grant": GRANT,
    "pass": PASS,
    "extra r3.2": Extra("r3.2"),
    "move 1 k3.2 k4.1": Move(1, ("k3.2", "k4.1")),
    "move 2 k2.1 k1.1 deliver": Move(2, ("k2.1", "k1.1"), True),
    "move 1 deliver": Move(1, (), True),
    "promote seat:red lobby": Promote("seat:red", "lobby"),
    "promote lobby trade1": Promote("lobby", "trade1"),
    "promote network1 network2": Promote("network1", "network2"),
    "pick i07": Pick("i07"),
    "slot upgrade": Slot("upgrade"),
    "route hamburg-muenchen": Route("hamburg-muenchen"),
}


@pytest.mark.parametrize("text", sorted(CANONICAL))
def test_every_action_kind_parses_to_its_action_and_prints_back_identically(text):
    action = parse_action(text)
    assert action == CANONICAL[text]
    assert str(action) == text
    assert parse_action(action) is action  # an Action passes through unchanged


def test_every_kind_of_the_notation_is_covered():
    kinds = {type(a).__name__ + (a.word if hasattr(a, "word") else "")
             for a in CANONICAL.values()}
    assert kinds == {"Bonus", "Play", "Key", "Simpletakeback", "Simplegrant", "Simplepass",
                     "Extra", "Move", "Promote", "Pick", "Slot", "Route"}
    assert {a.slot for a in CANONICAL.values() if isinstance(a, Play)} == {
        "build", "upgrade", "load", "station", "research"}


@pytest.mark.parametrize(("sloppy", "canonical"), [
    ("  BUILD   R2.1  With  RED ", "build r2.1 with red"),
    ("build r2.1 with I07:White", "build r2.1 with i07:white"),
    ("TakeBack", "takeback"),
    ("\tmove 01 k3.2\nk4.1 ", "move 1 k3.2 k4.1"),
    ("Promote Seat:Red LOBBY", "promote seat:red lobby"),
    ("load D_RED Automotive with red", "load d_red automotive with red"),
])
def test_sloppy_case_and_spacing_are_accepted_and_normalised(sloppy, canonical):
    assert str(parse_action(sloppy)) == canonical


@pytest.mark.parametrize("text", [
    "", "   ", "fly to berlin", "build", "build r2.1", "build r2.1 with", "build with red",
    "build r2.1 r2.2 with red", "load d_red with red", "upgrade k3 using black",
    "takeback now", "grant 2", "move", "move x k3.1", "move 1", "move 123 k3.1",
    "promote lobby", "promote lobby seat:red", "route", "route a b", "pick", "slot",
    "build r2.1 with red:", "build r2.1 with :red", "build r2.1 with red:wh1te",
    "build r2!1 with red", "bonus", "extra", "move ² k3.1", "move ١ k3.1",
    "x" * 201,
])
def test_malformed_text_raises_unknown_action(text):
    with pytest.raises(UnknownActionError) as caught:
        parse_action(text)
    assert caught.value.code == "unknown_action"
    assert len(caught.value.params["text"]) <= 60


def test_non_text_raises_unknown_action():
    with pytest.raises(UnknownActionError):
        parse_action(42)  # type: ignore[arg-type]


@settings(max_examples=400, deadline=None)
@given(st.text())
def test_any_text_either_parses_or_raises_unknown_action(text):
    try:
        action = parse_action(text)
    except UnknownActionError:
        return
    assert parse_action(str(action)) == action


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("abcdkmoprvw12²١.:_- \t")), max_size=40))
def test_notation_like_text_either_parses_or_raises_unknown_action(text):
    for prefix in ("", "build ", "move ", "move 1 ", "promote ", "load ", "research "):
        try:
            action = parse_action(prefix + text)
        except UnknownActionError:
            continue
        assert parse_action(str(action)) == action


TOKEN = st.from_regex(r"[a-z0-9_][a-z0-9_.\-]{0,8}", fullmatch=True).filter(
    lambda t: t not in ("deliver", "with"))
WORD = st.from_regex(r"[a-z0-9_]{1,8}", fullmatch=True)
COLOUR = st.from_regex(r"[a-z]{1,8}", fullmatch=True)
ACTIONS = st.one_of(
    st.builds(Play, st.sampled_from(["build", "upgrade", "station", "research"]), TOKEN, WORD,
              st.none() | COLOUR),
    st.builds(Play, st.just("load"), TOKEN, WORD, st.none() | COLOUR, TOKEN),
    st.builds(Key, TOKEN),
    st.sampled_from([TAKEBACK, GRANT, PASS]),
    st.builds(Route, TOKEN), st.builds(Bonus, TOKEN), st.builds(Extra, TOKEN),
    st.builds(Pick, TOKEN), st.builds(Slot, TOKEN),
    st.builds(Move, st.integers(0, 99), st.lists(TOKEN, min_size=1, max_size=4).map(tuple),
              st.booleans()),
    st.builds(Promote, st.one_of(WORD, COLOUR.map(lambda c: f"seat:{c}")), TOKEN),
)


@settings(max_examples=300, deadline=None)
@given(ACTIONS)
def test_printed_actions_parse_back_to_themselves(action):
    assert parse_action(str(action)) == action
    assert str(parse_action(str(action))) == str(action)


@pytest.mark.parametrize(("seed", "players"), [(11, 2), (12, 3), (13, 4)])
def test_every_legal_action_of_a_random_game_round_trips(seed, players):
    count = 0
    for state in random_states(seed, players):
        pid = current_player(state)
        if pid is None:
            break
        for action in legal_actions(state, pid):
            assert parse_action(str(action)) == action
            count += 1
    assert count > 1000
