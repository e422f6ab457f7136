"""The legal main actions (RULES §6–7): every card, colour, slot and target `apply` accepts,
plus take back and the government grant.

`play_problem` asks, per action, whether the card is held and named as one of its open
colours, whether its slot has room, and whether the target is accepted. Here each part is
asked once: per slot (`slot_room`), per card and colour (held, since the hand is what is
walked; named exactly when it has a choice; open), and per slot and colour (the targets of
`candidates`, which are exactly those `slot_target_problem` accepts). No refusal is made
for what is left out: that was a third of the time.
"""

from __future__ import annotations

from rules import candidates, play_rows
from rules.actions import GRANT, PASS, TAKEBACK, Action, Play
from rules.caches import Caches
from rules.errors import IllegalActionError, RuleError
from rules.frozen import evolve
from rules.memo import per_edition
from rules.model import Edition
from rules.network import open_colours
from rules.play import can_grant, can_take_back, play_problem
from rules.state import State

CardColours = tuple[bool, tuple[str, ...], bool]  # wild, printed colours, names its colour


@per_edition
def _cards(edition: Edition) -> dict[str, CardColours]:
    """Per card what `card_colours` and `needs_colour_choice` answer of it."""
    return {cid: (card.wild, card.colours, card.wild or len(card.colours) > 1)
            for cid, card in edition.cards.items()}


def main_play_problem(state: State, edition: Edition, pid: str, action: Play,
                      caches: Caches) -> RuleError | None:
    """`play_problem`, and a load that brings a truck back only for a player who can play
    no other card (RULES §7.3, "reload": a relief for one who could otherwise only pass)."""
    problem = play_problem(state, edition, pid, action)
    reloading = (problem.code == "reload_which_truck" if problem is not None
                 else action.truck is not None)
    if reloading and any(not (isinstance(a, Play) and a.truck is not None)
                         for a in legal_plays(state, edition, pid, caches)):
        return (IllegalActionError("no_free_truck") if action.truck is None
                else IllegalActionError("reload_not_stuck", truck=action.truck))
    return problem


def legal_main(state: State, edition: Edition, pid: str, caches: Caches) -> list[Action]:
    actions = legal_plays(state, edition, pid, caches)
    if can_take_back(state, pid):
        actions.append(TAKEBACK)
    if can_grant(state, pid):
        actions.append(GRANT)
    return actions or [PASS]


def legal_plays(state: State, edition: Edition, pid: str, caches: Caches) -> list[Action]:
    """Every card the player may play, on every slot and target: the loads that bring a
    truck back from the map only when no other card can be played (RULES §7.3, "reload")."""
    narrowed = candidates.Narrowed(state, edition, pid, caches)
    open_slots = narrowed.open_slots()
    # every truck on the map, when a load must bring one back (no truck is off the map);
    # its targets are asked for only if nothing else can be played
    trucks = state.players[pid].trucks
    reload = () if None in trucks else tuple(range(1, len(trucks) + 1))
    tables = [(slot, narrowed.table(slot)) for slot in open_slots
              if not (reload and slot == "load")]
    actions = _plays(state, edition, pid, tables, caches)
    if actions or not reload or "load" not in open_slots:
        return actions
    loads = _plays(state, edition, pid, [("load", narrowed.table("load"))], caches)
    return [evolve(play, truck=n) for play in loads if isinstance(play, Play) for n in reload]


def _plays(state: State, edition: Edition, pid: str,
           tables: list[tuple[str, candidates.Table]], caches: Caches) -> list[Action]:
    opened = open_colours(state, edition)
    cards = _cards(edition)
    by_colour = _slots_by_colour(tables, opened)
    actions: list[Action] = []
    for card in state.players[pid].hand:
        wild, printed, choice = cards[card]
        for colour in opened if wild else printed:
            slots = by_colour.get(colour)
            if slots:
                rows = play_rows.plays(card, colour if choice else None, caches)
                for slot, found in slots:
                    actions.extend(rows[slot].of(found))
    return actions


SlotTargets = list[tuple[str, tuple[candidates.Target, ...]]]


def _slots_by_colour(tables: list[tuple[str, candidates.Table]],
                     opened: tuple[str, ...]) -> dict[str, SlotTargets]:
    """Per open colour, the slots that accept targets of it and those targets, in slot
    order (card_colour_problem's "colour_closed" leaves a closed colour nothing): the
    tables turned inside out in one pass, rather than asked of every colour played."""
    out: dict[str, SlotTargets] = {}
    for slot, table in tables:
        for colour, found in table.items():
            if colour in opened:
                out.setdefault(colour, []).append((slot, found))
    return out
