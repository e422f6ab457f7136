"""The legal main actions (RULES §6–7): every card, colour, slot and target `apply` accepts,
plus take back and the government grant."""

from __future__ import annotations

from rules import candidates
from rules.actions import GRANT, PASS, TAKEBACK, Action
from rules.model import Edition
from rules.play import (
    card_colour_problem,
    card_colours,
    grant_problem,
    needs_colour_choice,
    slot_problem,
    takeback_problem,
)
from rules.state import State


def legal_main(state: State, edition: Edition, pid: str) -> list[Action]:
    # `card_problem` is the slot being known, then `card_colour_problem`, then
    # `slot_problem`; the parts are asked once per card and once per slot, not per pair.
    open_slots = [slot for slot in edition.slots if slot in edition.slot_capacity
                  and slot_problem(state, edition, pid, slot) is None]
    # The targets `slot_target_problem` accepts, per colour and slot (see `candidates`).
    narrowed = candidates.Narrowed(state, edition, pid)
    by_colour: dict[str, list[tuple[str, tuple[candidates.Target, ...]]]] = {}
    actions: list[Action] = []
    for card in state.players[pid].hand:
        choice = needs_colour_choice(edition, card)
        for colour in card_colours(state, edition, card):
            named = colour if choice else None
            if card_colour_problem(state, edition, pid, card, named) is not None:
                continue
            slots = by_colour.get(colour)
            if slots is None:
                slots = by_colour[colour] = [(slot, found) for slot in open_slots
                                             if (found := narrowed(slot, colour))]
            for slot, found in slots:
                actions.extend(map(candidates.plays(slot, card, named).__getitem__, found))
    if takeback_problem(state, pid) is None:
        actions.append(TAKEBACK)
    if grant_problem(state, pid) is None:
        actions.append(GRANT)
    return actions or [PASS]
