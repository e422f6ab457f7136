"""Boards and replays name the players by their display names, never by their ids."""

from __future__ import annotations

import pytest
from text_probe import drawn_text

import render
from render.markers import seats_of
from render.sprites import fit, text_width
from rules import apply, current_player, is_over, legal_actions, load_edition, new_game
from rules.state import State

IDS = ["1577227118436368397", "1577227779127357454", "1577228000000000001"]
NAMES = {IDS[0]: "Jules", IDS[1]: "Jeanne-Marie Dupont-Lefèvre", IDS[2]: "Anna"}


@pytest.fixture(scope="module")
def snowflake_game() -> list[State]:
    import random

    state = new_game(load_edition(), IDS, seed=5)
    rnd = random.Random(5)
    states = [state]
    while not is_over(state):
        pid = current_player(state)
        assert pid is not None
        state = apply(state, pid, rnd.choice(legal_actions(state, pid)))
        states.append(state)
    return states


def _no_id_in(texts: list[str]) -> list[str]:
    # an id shows as its digits, whole or cut ("15772271…"); no board text has 6 digits
    return [t for t in texts if any(pid[:6] in t for pid in IDS)]


@pytest.mark.parametrize("view", render.VIEWS)
@pytest.mark.parametrize("moment", ["middle", "end"])
def test_boards_show_names_and_never_ids(snowflake_game: list[State], view: str,
                                         moment: str) -> None:
    state = snowflake_game[len(snowflake_game) // 2] if moment == "middle" else \
        snowflake_game[-1]
    with drawn_text() as texts:
        render.board(state, view, "de", names=NAMES)
    assert _no_id_in(texts) == []
    joined = "\n".join(texts)
    if view in ("map", "card"):  # these name whose decision it is (header, card)
        decision = current_player(state)
        if decision is not None:
            assert NAMES[decision] in joined
    else:
        assert "Jules" in joined and "Anna" in joined
        assert "Jeanne" in joined  # the long name, cut with an ellipsis where room is short
    seats = seats_of(state.order, NAMES)
    letters = {seats.letter(pid) for pid in IDS}
    assert letters == {"Ju", "JM", "A"}
    if view != "players":  # the map's trucks and stations carry the initials
        assert letters & set(texts)


def test_the_replay_shows_names_and_never_ids(snowflake_game: list[State]) -> None:
    with drawn_text() as texts:
        render.replay([*snowflake_game[::40], snowflake_game[-1]], "fr", names=NAMES)
    assert _no_id_in(texts) == []
    assert "Jules" in "\n".join(texts)


def test_without_names_the_ids_are_the_fallback(snowflake_game: list[State]) -> None:
    with drawn_text() as texts:
        render.board(snowflake_game[-1], "full")
    assert any(IDS[0] in t or IDS[0][:8] in t for t in texts)


def test_a_long_name_is_whole_on_the_desktop_board(snowflake_game: list[State]) -> None:
    """It was cut at 130 px ("Jeanne-Marie…"); the name has the room the money and the
    points leave it (issue 31, item 10; tests/render/test_read_fit.py at 32 characters)."""
    with drawn_text() as texts:
        render.board(snowflake_game[len(snowflake_game) // 2], "full", names=NAMES)
    named = [t for t in texts if t.startswith("Jeanne") and ":" not in t]  # not the header
    assert named and all(t == NAMES[IDS[1]] for t in named)


def test_initials_are_unambiguous() -> None:
    order = ("a", "b", "c", "d")
    seats = seats_of(order, {"a": "Anna", "b": "Anton", "c": "Jules Verne", "d": "Jean"})
    assert [seats.letter(p) for p in order] == ["An", "At", "JV", "Je"]
    twins = seats_of(("x", "y"), {"x": "Alex", "y": "Alex"})
    assert twins.letter("x") != twins.letter("y")
    assert twins.name("x") != twins.name("y")  # "Alex 1", "Alex 2"
    assert seats_of(("x", "y"), {"x": "Bo", "y": "Cy"}).letter("x") == "B"


def test_the_autobot_and_a_player_called_ann_differ_by_more_than_case() -> None:
    """Issue 31, item 11: the Autobot was "AN" (Autobot, niveau) and Ann "An"."""
    for level in ("level 5", "niveau 5", "Stufe 5"):
        seats = seats_of(("ann", "autobot"), {"ann": "Ann", "autobot": f"Autobot ({level})"})
        ann, bot = seats.letter("ann"), seats.letter("autobot")
        assert ann.lower() != bot.lower(), (ann, bot)
        assert (ann, bot) == ("An", "Au")
    # a computer's level in brackets is no initial: Computer 1 and Computer 2 by number
    cpus = seats_of(("c1", "c2"), {"c1": "Computer 1 (easy)", "c2": "Computer 2 (easy)"})
    assert (cpus.letter("c1"), cpus.letter("c2")) == ("C1", "C2")


def test_fit_cuts_with_an_ellipsis_only_when_needed() -> None:
    assert fit("Anna", 19, 200, True) == "Anna"
    short = fit("Jeanne-Marie Dupont-Lefèvre", 19, 100, True)
    assert short.endswith("…") and text_width(short, 19, True) <= 100
