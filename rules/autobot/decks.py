"""The Autobot's colour deck and task deck (SOLO.md §3). Every shuffle uses the state's
seeded generator, so the decks' order is part of the game state."""

from __future__ import annotations

from rules.autobot.data import SoloData
from rules.autobot.solo_state import SoloState
from rules.frozen import evolve
from rules.model import Edition
from rules.network import colour_open
from rules.rng import shuffled
from rules.state import State

SOLO_CARD = "solo_"
ERA3_CARD = "solo_era3"


def solo_of(state: State) -> SoloState:
    assert state.solo is not None
    return state.solo


def data_of(edition: Edition) -> SoloData:
    assert edition.solo is not None
    return edition.solo


def with_solo(state: State, **changes: object) -> State:
    return evolve(state, solo=evolve(solo_of(state), **changes))


def card_colours(state: State, edition: Edition, card: str) -> tuple[str, ...]:
    """A colour card's colours in printed order; a wild card stands for C-3's list."""
    data = data_of(edition)
    if card == ERA3_CARD:
        return data.era3_colours
    if card.startswith(SOLO_CARD):
        return (card.removeprefix(SOLO_CARD),)
    printed = edition.cards[card]
    if printed.wild:
        return tuple(c for c in data.wild_colours if colour_open(state, edition, c))
    return printed.colours


def extra_build_colour(edition: Edition, card: str) -> str | None:
    """C-3 / M-1: only a yellow card keeps an extra build, and it builds in yellow."""
    data = data_of(edition)
    if card == ERA3_CARD:
        return data.era3_colours[0] if data.era3_extra_build else None
    if card.startswith(SOLO_CARD):
        return None
    printed = edition.cards[card]
    if printed.extra_build and not printed.wild and edition.east_colour in printed.colours:
        return edition.east_colour
    return None


def _shuffle(state: State, items: tuple[str, ...]) -> tuple[State, tuple[str, ...]]:
    rng, out = shuffled(state.rng, items)
    return evolve(state, rng=rng, reveals=state.reveals + 1), out


def reshuffle_colours(state: State, current: str = "") -> State:
    """C-5 / C-6: every colour card (with this turn's, C-6 [R]) forms a new shuffled pile."""
    solo = solo_of(state)
    cards = solo.colour_pile + solo.colour_used + ((current,) if current else ())
    state, pile = _shuffle(state, cards)
    return with_solo(state, colour_pile=pile, colour_used=())


def add_colour_card(state: State, card: str) -> State:
    """C-3: a card taken from the display joins the draw pile, which is reshuffled."""
    state, pile = _shuffle(state, (card, *solo_of(state).colour_pile))
    return with_solo(state, colour_pile=pile)


def era3_card(state: State) -> State:
    """C-2: the yellow card goes on top of the colour pile."""
    solo = solo_of(state)
    return with_solo(state, colour_pile=(ERA3_CARD, *solo.colour_pile))


def sort_queue(edition: Edition, cards: tuple[str, ...]) -> tuple[str, ...]:
    tasks = data_of(edition).tasks
    return tuple(sorted(cards, key=lambda c: -tasks[c].order))


def to_queue(state: State, edition: Edition, card: str) -> State:
    """T-4: the queue stays sorted, highest order value first."""
    return with_solo(state, task_queue=sort_queue(edition, (*solo_of(state).task_queue, card)))


def reshuffle_tasks_keeping_highest(state: State) -> State:
    """T-7: the highest queued card stays alone in the queue; all else is shuffled."""
    solo = solo_of(state)
    kept = solo.task_queue[:1]
    state, pile = _shuffle(state, solo.task_pile + solo.task_used + solo.task_queue[1:])
    return with_solo(state, task_pile=pile, task_used=(), task_queue=kept)


def reshuffle_tasks_fully(state: State) -> State:
    """T-8 (a skipped turn): pile, used pile and queue become one shuffled pile."""
    solo = solo_of(state)
    state, pile = _shuffle(state, solo.task_pile + solo.task_used + solo.task_queue)
    return with_solo(state, task_pile=pile, task_used=(), task_queue=())


def draw_from_pile(state: State) -> tuple[State, str]:
    """T-6: a further task of the turn comes from the pile (reshuffled by T-7 if empty)."""
    if not solo_of(state).task_pile:
        state = reshuffle_tasks_keeping_highest(state)
    solo = solo_of(state)
    return with_solo(state, task_pile=solo.task_pile[1:]), solo.task_pile[0]


def draw_first(state: State) -> tuple[State, str]:
    """T-5: the head of the queue, else the top of the pile."""
    solo = solo_of(state)
    if solo.task_queue:
        return with_solo(state, task_queue=solo.task_queue[1:]), solo.task_queue[0]
    return draw_from_pile(state)


def add_advanced_card(state: State) -> State:
    """T-3: the top B card joins the draw pile, which is reshuffled; none left: nothing."""
    solo = solo_of(state)
    if not solo.task_reserve:
        return state
    state, pile = _shuffle(state, (solo.task_reserve[0], *solo.task_pile))
    return with_solo(state, task_pile=pile, task_reserve=solo.task_reserve[1:])
