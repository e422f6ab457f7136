"""What the Autobot gains (SOLO.md §8): solo-board bonuses, its development track, the
bonus actions of its task cards, and engine bonuses translated by TT-1."""

from __future__ import annotations

from rules.autobot.data import parse_solo_bonus
from rules.autobot.decks import add_advanced_card, add_colour_card, data_of, solo_of, with_solo
from rules.autobot.employees import can_place, place, promote
from rules.frozen import evolve
from rules.model import Edition, parse_bonus
from rules.state import State

WILD = "*"


def gain(state: State, edition: Edition, bonus: str, colour: str) -> State:
    """Carry out one solo bonus at once, in `colour` where it needs one (SBB-3…SBB-6)."""
    from rules.autobot import tasks  # tasks gain bonuses in turn

    if not bonus:
        return state
    kind, arg = parse_solo_bonus(bonus)
    if kind == "develop":
        return develop(state, edition, int(arg), colour)
    if kind == "promote":
        return promote(state, edition, arg)
    if kind == "discard":
        return discard(state, edition, colour)
    if kind == "take_card":
        return take_card(state, edition)
    if kind == "advanced_card":
        return add_advanced_card(state)
    if not colour:
        return state  # no colour drawn yet: nothing to build in
    if kind == "road":
        return tasks.build_or_upgrade(state, edition, colour)[0]
    if kind == "upgrade":
        return tasks.upgrade(state, edition, colour)[0]
    if kind == "station":
        return tasks.station(state, edition, colour)[0]
    if kind == "employee":
        return place(state, edition, colour) if can_place(state, edition) else state
    return state


def translate(edition: Edition, bonus: str) -> str:
    """TT-1: an engine bonus (RULES §9.1) as the Autobot's bonus."""
    kind, amount = parse_bonus(bonus)
    solo_kind = data_of(edition).translation[kind]
    if solo_kind == "develop":
        return f"develop {amount}"
    return solo_kind


def gain_engine_bonus(state: State, edition: Edition, bonus: str, colour: str) -> State:
    kind, amount = parse_bonus(bonus)
    solo = translate(edition, bonus)
    repeat = 1 if kind in ("money", "develop") else amount
    for _ in range(repeat):
        state = gain(state, edition, solo, colour)
    return state


def develop(state: State, edition: Edition, steps: int, colour: str) -> State:
    """SBB-1 / SB-5: each space entered gives its bonus, translated; steps past the end
    are lost."""
    bot = data_of(edition).bot
    last = len(edition.development_track) - 1
    for _ in range(steps):
        player = state.players[bot]
        if player.development >= last:
            break
        position = player.development + 1
        state = state.with_player(evolve(player, development=position))
        bonus = edition.development_track[position]
        if bonus:
            state = gain_engine_bonus(state, edition, bonus, colour)
    return state


def slot_bonus(state: State, edition: Edition, colour: str) -> State:
    """A bonus tile the bot takes goes on the next slot and gives the slot's bonus (SB-2:
    none once all are full)."""
    solo = solo_of(state)
    slots = data_of(edition).boards[solo.board].slots
    if solo.slots_filled >= len(slots):
        return state
    state = with_solo(state, slots_filled=solo.slots_filled + 1)
    return gain(state, edition, slots[solo.slots_filled], colour)


def revealed_bonus(state: State, edition: Edition) -> str:
    """SB-1: the rightmost revealed station bonus is that of the last space emptied."""
    data = data_of(edition)
    built = data.stations - state.players[data.bot].stations_left
    if built <= 0:
        return ""
    return data.boards[solo_of(state).board].stations[built - 1]


def _refill_left(state: State, display: list[str]) -> State:
    """BA-1: the cards close up to the right and a new card fills the leftmost place."""
    deck, reveals = state.deck, state.reveals
    if deck:
        display.insert(0, deck[0])
        deck, reveals = deck[1:], reveals + 1
    return evolve(state, display=tuple(display), deck=deck, reveals=reveals)


def discard_choice(state: State, edition: Edition, colour: str) -> int | None:
    """BA-1: the leftmost card showing the colour, else the rightmost card of the most
    frequent colour (a wild card counts for none; a tie: the rightmost such card)."""
    shown = [() if edition.cards[c].wild else edition.cards[c].colours for c in state.display]
    for i, colours in enumerate(shown):
        if colour in colours:
            return i
    counts: dict[str, int] = {}
    for colours in shown:
        for c in colours:
            counts[c] = counts.get(c, 0) + 1
    if not counts:
        return len(shown) - 1 if shown else None
    best = max(counts.values())
    tied = {c for c, n in counts.items() if n == best}
    return max(i for i, colours in enumerate(shown) if tied & set(colours))


def discard(state: State, edition: Edition, colour: str) -> State:
    index = discard_choice(state, edition, colour)
    if index is None:
        return state
    display = list(state.display)
    del display[index]
    return _refill_left(state, display)


def take_card(state: State, edition: Edition) -> State:
    """BA-5: the leftmost display card joins the bot's colour deck."""
    if not state.display:
        return state
    card = state.display[0]
    state = _refill_left(state, list(state.display[1:]))
    return add_colour_card(state, card)
