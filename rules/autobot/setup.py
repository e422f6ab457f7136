"""Setting up a solo game (SOLO.md §1): a 2-player game whose first seat is the Autobot."""

from __future__ import annotations

from collections.abc import Sequence

from rules.autobot.solo_state import SoloState
from rules.errors import RuleError
from rules.flow import settle
from rules.frozen import FrozenDict, evolve
from rules.model import Edition
from rules.offices import place_employee
from rules.registry import register_edition
from rules.rng import shuffled
from rules.state import Player, State
from rules.table_setup import table_game


def _bot_player(edition: Edition, pid: str, board: int) -> Player:
    """S-2, S-3, S-6, S-9, S-12: employees, stations, trucks and a development token;
    no money, hand, keys or route card."""
    assert edition.solo is not None
    solo = edition.solo
    return Player(
        id=pid, money=0, supply=solo.employees, lobby=0,
        floors=FrozenDict({d: (0,) * edition.floors for d in edition.departments}),
        granted=0, grant_eras=(), hand=(), slots=FrozenDict({s: () for s in edition.slots}),
        extra_capacity=FrozenDict(), keys=(), development=0, board=board,
        deliveries=FrozenDict(), delivered=(), trucks=(None,) * solo.trucks,
        stations_left=solo.stations, route=None, route_rewards=(), pending_promotions=0)


def new_solo_game(edition: Edition, players: Sequence[str], seed: int, level: int) -> State:
    solo = edition.solo
    if solo is None:
        raise RuleError("solo_unavailable", edition=edition.name)
    if level not in solo.levels:
        raise RuleError("solo_level", level=level, low=min(solo.levels), high=max(solo.levels))
    ids = list(players)
    if len(ids) != 1 or not isinstance(ids[0], str) or not ids[0] or ids[0] == solo.bot:
        raise RuleError("solo_players", players=", ".join(map(str, ids)))
    register_edition(edition)
    # The base setup for two (S-1), then the solo changes on top of it.
    base = table_game(edition, [solo.bot, ids[0]], seed)
    human = base.players[ids[0]]
    bot = _bot_player(edition, solo.bot, base.players[solo.bot].board)
    rng = base.rng
    rng, colours = shuffled(rng, [f"solo_{c}" for c in solo.colour_deck])  # C-1
    a_cards = [t.id for t in solo.tasks.values() if t.level == "A"]
    b_cards = [t.id for t in solo.tasks.values() if t.level == "B"]
    rng, pile = shuffled(rng, a_cards)  # T-2
    rng, reserve = shuffled(rng, b_cards)
    human = evolve(human, supply=edition.employees, money=edition.starting_money)
    state = evolve(
        base, rng=rng, order=(solo.bot, ids[0]),
        players=FrozenDict({solo.bot: bot, ids[0]: human}),
        offices=FrozenDict({c: () for c in edition.colours}), queue=(), turn=None,
        phase="draft",
        # S-8: the human reveals two route cards and keeps one.
        routes_offered=base.routes_offered[:1 + edition.routes_revealed_extra],
        solo=SoloState(level=level, board=solo.level(level).board, colour_pile=colours,
                       colour_used=(), task_pile=pile, task_queue=(), task_used=(),
                       task_reserve=reserve, destinations=("",) * solo.trucks))
    # S-7: the bot's employee on the leftmost seat of the black office, then the human's.
    for pid in (solo.bot, ids[0]):
        state, _owes = place_employee(state, edition, pid, edition.start_office)
    return settle(state, edition)
