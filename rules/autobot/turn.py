"""The Autobot's turn (SOLO.md §4.2) as one logged action.

`autobot_turn` computes the whole turn from the state; the words it returns are the
action's notation: the current colour, each task card found not viable (`7a-`), the task
carried out and what it chose, and the extra build, e.g.

    autobot white 7a- 1a- 5a- 3a- 2a- skip
    autobot red 1a build r2.1
    autobot yellow 7a- 1a build y10.1 extra build y10.2

Bonuses, employees and truck moves follow from the state without a choice, so the notation
need not name them; replaying the action recomputes them exactly.
"""

from __future__ import annotations

from rules.autobot import decks
from rules.autobot.bonuses import build_or_upgrade, develop, gain
from rules.autobot.decks import data_of, solo_of, with_solo
from rules.autobot.tasks import carry_out, viable
from rules.autobot.trucks import move_trucks
from rules.frozen import evolve
from rules.model import Edition
from rules.network import colour_open
from rules.state import State


def _viable_colour(state: State, edition: Edition, card: str, task: str) -> str | None:
    """M-1: the first of the card's colours in which the task is viable."""
    main = data_of(edition).tasks[task].main
    for colour in decks.card_colours(state, edition, card):
        if colour_open(state, edition, colour) and viable(state, edition, main, colour):
            return colour
    return None


def _skip(state: State, edition: Edition, card: str, task: str) -> State:
    """K-2: the task to the used pile, both decks fully reshuffled, a development step at
    the levels that have it; no truck moves, no extra build."""
    state = with_solo(state, task_used=(*solo_of(state).task_used, task))
    state = decks.reshuffle_tasks_fully(state)
    state = decks.reshuffle_colours(state, current=card)
    colour = decks.card_colours(state, edition, card)[0]
    steps = data_of(edition).level(solo_of(state).level).skip_develop
    return develop(state, edition, steps, colour) if steps else state


def autobot_turn(state: State, edition: Edition) -> tuple[State, tuple[str, ...]]:
    """The state after the Autobot's whole turn, and the turn's notation words."""
    data = data_of(edition)
    solo = solo_of(state)
    card = solo.colour_pile[0]
    # Its cards are face down until drawn: the turn reveals them (undo stops there).
    state = evolve(state, reveals=state.reveals + 1)
    state = with_solo(state, colour_pile=solo.colour_pile[1:], card=card)
    state, task = decks.draw_first(state)
    words: list[str] = []
    while True:
        colour = _viable_colour(state, edition, card, task)
        if colour is not None:
            break
        words.append(f"{task}-")
        solo = solo_of(state)
        if not solo.task_pile and not solo.task_used:
            state = with_solo(state, colour=decks.card_colours(state, edition, card)[0],
                              task=task)
            return _skip(state, edition, card, task), (
                decks.card_colours(state, edition, card)[0], *words, "skip")
        state = decks.to_queue(state, edition, task)
        state, task = decks.draw_from_pile(state)
    state = with_solo(state, colour=colour, task=task)
    state, chosen = carry_out(state, edition, data.tasks[task].main, colour)
    words = [colour, *words, task, *chosen]
    state = gain(state, edition, data.tasks[task].bonus, colour)  # step 5 [R]
    extra = decks.extra_build_colour(edition, card)
    if extra is not None and colour_open(state, edition, extra):  # step 6 [R]
        state, built = build_or_upgrade(state, edition, extra)
        if built:
            words += ["extra", *built]
    state = move_trucks(state, edition, colour)  # step 7
    solo = solo_of(state)
    state = with_solo(state, colour_used=(*solo.colour_used, card),
                      task_used=(*solo.task_used, task))
    if not solo_of(state).colour_pile:  # C-5
        state = decks.reshuffle_colours(state)
        state = decks.reshuffle_tasks_keeping_highest(state)
    return evolve(state), tuple(words)
