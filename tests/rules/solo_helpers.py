"""Positions for the Autobot's tests: SOLO.md §17's standard start, shaped by surgery.

`solo_start()` is a level-1 solo game after the human's route choice, the Autobot's first
turn pending, with its delivery board set to board 1. Its decks are then set explicitly,
so each test names the cards the Autobot will draw.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules import State, apply, legal_actions, load_edition, new_game, pending_decision
from rules.autobot.solo_state import SoloState
from rules.frozen import FrozenDict
from rules.state import Turn

EDITION = load_edition()
BOT = "autobot"
HUMAN = "ann"
A_CARDS = ("1a", "2a", "3a", "5a", "7a")


def solo_start(level: int = 1, seed: int = 1) -> State:
    state = new_game(EDITION, [HUMAN], seed=seed, solo_level=level)
    state = apply(state, HUMAN, legal_actions(state, HUMAN)[0])  # the route card
    assert pending_decision(state).player == BOT  # type: ignore[union-attr]
    return with_player(state, BOT, board=1)


def with_solo(state: State, **changes: Any) -> State:
    assert state.solo is not None
    return replace(state, solo=replace(state.solo, **changes))


def solo(state: State) -> SoloState:
    assert state.solo is not None
    return state.solo


def with_player(state: State, pid: str, **changes: Any) -> State:
    changes = {k: FrozenDict(v) if isinstance(v, dict) else v for k, v in changes.items()}
    return state.with_player(replace(state.players[pid], **changes))


def decks(state: State, colours: tuple[str, ...], tasks: tuple[str, ...],
          **changes: Any) -> State:
    """The colour pile (colour names or card ids, the rest of the six after them) and the
    task pile, top first; queue and used piles empty unless given."""
    pile = tuple(f"solo_{c}" if c in EDITION.colours else c
                 for c in colours)
    rest = tuple(f"solo_{c}" for c in EDITION.solo.colour_deck  # type: ignore[union-attr]
                 if f"solo_{c}" not in pile)
    defaults: dict[str, Any] = {"colour_pile": pile + rest, "colour_used": (), "task_pile": tasks,
                                "task_queue": (), "task_used": ()}
    defaults.update(changes)
    return with_solo(state, **defaults)


def bot_turn_pending(state: State) -> State:
    return replace(state, turn=Turn(BOT, "autobot"), queue=())


def bot_turn(state: State) -> tuple[State, str]:
    """Apply the Autobot's one legal action; returns the state and its notation."""
    (action,) = legal_actions(state, BOT)
    return apply(state, BOT, action), str(action)


def built_links(state: State, *links: str) -> State:
    ids = {sid for link in links for sid in EDITION.links[link].section_ids()}
    return replace(state, built=state.built | ids)


def floors(state: State, pid: str) -> dict[str, tuple[int, ...]]:
    return dict(state.players[pid].floors)


def board_preferring(country: str, goods: str) -> int:
    """The first delivery board on which `country` prefers `goods`: lets a test put the
    Autobot on the board its scenario needs instead of naming a board number."""
    return next(b for b in range(1, EDITION.delivery_board_count + 1)
                if EDITION.delivery_row(b, country).goods == goods)
