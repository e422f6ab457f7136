"""How good a position looks: each player's final score, projected.

Victory points come only from the administration at the end (RULES §10.4): the lobby, and
each department's floor values times a measure (office seats, countries delivered to,
stations, money in steps of the finance divisor). The projection scores the floors with the
measures they are likely to reach by the end, and gives the things that will become points
(money, seats, loaded trucks, bonuses waiting, keys, cards) a value that fades as the game
runs out, so that at the end only the real score counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.board import delivery_distance, progress
from rules import Edition, State


@dataclass(frozen=True)
class Weights:
    """Tuned against GreedyBot with bench/ai_bench.py; growth is per whole game left."""

    grow_seats: float = 1.5
    grow_countries: float = 2.0
    grow_stations: float = 2.0
    grow_money: float = 1.0
    money: float = 0.30
    seat: float = 1.5
    truck: float = 2.0
    future_floors: float = 4.0  # floor values still to come, scored at the best measure
    bonus_waiting: float = 3.0
    key: float = 1.0
    develop: float = 0.5
    card: float = 1.0
    hand: float = 0.3
    promotion: float = 0.9
    others_max: float = 0.5  # weight of the best opponent (the rest: their average)
    # Opt-in, for the balance bench (issue 15): a player that prefers one department's
    # moves values its own points there `favour_weight` times over. "" (the default): none.
    favour: str = ""
    favour_weight: float = 1.0


DEFAULT = Weights()


def player_value(state: State, edition: Edition, pid: str, weights: Weights = DEFAULT,
                 left: float | None = None, favoured: bool = True) -> float:
    """`pid`'s projected final score (`favoured=False`: without `weights.favour`)."""
    p = state.players[pid]
    if left is None:
        left = 1.0 - progress(state, edition)
    over = state.phase == "over"
    seats = sum(seats.count(pid) for seats in state.offices.values())
    measured = {
        "seats": seats + left * weights.grow_seats,
        "countries": len(p.delivered) + left * weights.grow_countries,
        "stations": edition.stations - p.stations_left + left * weights.grow_stations,
        "money": (p.money // edition.finance_divisor if over or left == 0.0
                  else p.money / edition.finance_divisor + left * weights.grow_money),
    }
    value = float(p.lobby * edition.lobby_points)
    best = float(edition.lobby_points)
    for dept in edition.departments:
        # A measure this evaluation does not know (a newer edition) counts as nothing yet:
        # the bot then plays less well there, but never stops a game.
        factor = measured.get(edition.department_measures[dept], 0.0)
        best = max(best, factor)
        points = sum(f * n for f, n in enumerate(p.floors[dept], start=1)) * factor
        if favoured and dept == weights.favour:
            # its floors count more, and its measure counts before the first promotion
            points = points * weights.favour_weight + (weights.favour_weight - 1.0) * factor
        value += points
    if over:
        return value
    value += p.pending_promotions * best * weights.promotion
    value += left * weights.future_floors * best
    if left > 0.0:
        trucks = 0.0
        loaded = [t for t in p.trucks if t is not None]
        if loaded:
            dist = delivery_distance(state, edition, pid)
            for truck in loaded:
                d = dist.get(truck.position)
                if d is not None:
                    trucks += max(0.2, 1.0 - 0.2 * (d - 1))
                else:
                    trucks += 0.1
        cards = sum(1 for c in p.hand if edition.cards[c].deck != "basic")
        cards += sum(1 for played in p.slots.values() for c in played
                     if edition.cards[c].deck != "basic")
        bonuses = sum(1 for row in p.deliveries.values() if row.goods == "unused")
        value += left * (weights.money * p.money
                         + weights.seat * seats
                         + weights.key * len(p.keys)
                         + weights.develop * p.development
                         + weights.card * cards
                         + weights.hand * len(p.hand))
        value += weights.truck * trucks + weights.bonus_waiting * bonuses
    return value


def evaluate(state: State, edition: Edition, pid: str, weights: Weights = DEFAULT) -> float:
    """`pid`'s projected score against the others': the best of them and their average."""
    left = 1.0 - progress(state, edition)
    mine = player_value(state, edition, pid, weights, left)
    others = [player_value(state, edition, o, weights, left, favoured=False)
              for o in state.order if o != pid]
    if not others:
        return mine
    rival = weights.others_max * max(others) + (1 - weights.others_max) * sum(others) / len(others)
    return mine - rival
