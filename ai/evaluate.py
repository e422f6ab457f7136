"""How good a position looks: each player's final score, projected.

Victory points come only from the administration at the end (RULES §10.4): the lobby, and
each department's floor values times a measure (office seats, countries delivered to,
stations, money in steps of the finance divisor). The projection scores the floors with the
measures they are likely to reach by the end, and gives the things that will become points
(money, seats, loaded trucks, bonuses waiting, keys, cards) a value that fades as the game
runs out, so that at the end only the real score counts.

A loaded truck is worth what its delivery would bring (the country's tile, the row's DM or
bonus, one more country for Trade) times its chance of arriving, which falls with the steps
still to drive; so the delivery itself always gains on the truck that could make it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.board import country_reach, progress
from ai.routes import route_gaps
from rules import Edition, Player, State, construction_budget, parse_bonus


@dataclass(frozen=True)
class Weights:
    """Tuned against GreedyBot with bench/ai_bench.py, then seat against seat (issue 15,
    ninth round: bench/RESULTS.md); growth is per whole game left."""

    grow_seats: float = 1.5
    grow_countries: float = 2.0
    # A player who wants them places most of the eight stations over a game; at 2.0 the
    # stations looked worth less than seats until the seats ran out, and a seat that valued
    # them at 6 won 27, 24 and 24 of 30 games at 2, 3 and 4 players against that
    # (bench/RESULTS.md, ninth round).
    grow_stations: float = 6.0
    grow_money: float = 1.0
    # The construction budgets still to come, at their present size and this share, counted
    # as money for the Finance measure: most of a player's final money is the last budget.
    # 0.5 plays at least as well as 0 and keeps money for Finance (ninth round).
    budget: float = 0.5
    money: float = 0.30
    seat: float = 1.5
    truck: float = 0.8  # share of a delivery's gain a loaded truck one step away is worth
    truck_step: float = 0.12  # less per further step
    truck_parked: float = 0.6  # a loaded truck with no built way to a border yet (× left)
    truck_free: float = 0.1  # an empty truck (× left)
    truck_option: float = 0.3  # an empty truck: this share of the best load it could make
    future_floors: float = 4.0  # floor values still to come, scored at the best measures
    future_second: float = 0.3  # share of them the second-best measure may take
    claim: float = 0.9  # a delivery bonus waiting to be claimed, against the bonus itself
    key: float = 1.0
    # Roads toward countries not yet delivered to (ai.routes): a delivery's worth at this
    # share, times route_decay per section still to build, for the best route_countries.
    # 0: roads count only once a truck can use them (the issue 16 weights).
    route: float = 0.0
    route_decay: float = 0.6
    route_countries: int = 3
    develop: float = 0.5
    # The development track's next spaces: each one's bonus at this share, divided by its
    # distance (a token two spaces before a promotion is worth part of that promotion).
    # 0: only the spaces reached count (the issue 16 weights).
    develop_ahead: float = 0.0
    card: float = 1.0
    hand: float = 0.3
    promotion: float = 0.9
    # A key on a floor lock with nobody below it to step up is worth this share of one in
    # use: strong researched 5 locks a game and used one or two (issue 33), each research a
    # turn that could have built. 1.0: every key alike (the issue 16 weights).
    key_idle: float = 1.0
    others_max: float = 0.5  # weight of the best opponent (the rest: their average)
    # Opt-in, for the balance bench (issue 15): a player that prefers one department's
    # moves values its own points there `favour_weight` times over. "" (the default): none.
    favour: str = ""
    favour_weight: float = 1.0


DEFAULT = Weights()
_QUEUED = frozenset({"promote", "key", "card", "capacity", "develop", "money"})


@dataclass(frozen=True)
class _Worth:
    """What one more unit of each thing is worth to a player in this position."""

    left: float
    best: float  # the best measure: what a promotion brings
    money: float  # one DM
    units: dict[str, float]  # measure -> one more unit of it
    weights: Weights

    def bonus(self, bonus: str) -> float:
        kind, amount = parse_bonus(bonus)
        w, left = self.weights, self.left
        if kind == "promote":
            return amount * w.promotion * self.best
        if kind == "money":
            return amount * self.money
        if kind == "develop":
            return amount * w.develop * left
        if kind == "key":
            return amount * (w.key * left + 0.5)
        if kind == "card":
            return amount * (w.card + w.hand) * left
        if kind == "build":
            return w.seat * left + self.units.get("seats", 0.0)
        return amount * left  # capacity, or a kind this evaluation does not know


def player_value(state: State, edition: Edition, pid: str, weights: Weights = DEFAULT,
                 left: float | None = None, favoured: bool = True,
                 budgets: dict[str, int] | None = None) -> float:
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
                  else (p.money + _budgets_due(state, edition, pid, weights, budgets))
                  / edition.finance_divisor + left * weights.grow_money),
    }
    value = float(p.lobby * edition.lobby_points)
    factors: dict[str, float] = {}
    units: dict[str, float] = {}
    for dept in edition.departments:
        # A measure this evaluation does not know (a newer edition) counts as nothing yet:
        # the bot then plays less well there, but never stops a game.
        factor = measured.get(edition.department_measures[dept], 0.0)
        unit = float(sum(f * n for f, n in enumerate(p.floors[dept], start=1)))
        if favoured and dept == weights.favour:
            # its floors count more, and its measure counts before the first promotion
            unit = unit * weights.favour_weight + (weights.favour_weight - 1.0)
        value += unit * factor
        factors[dept] = factor
        measure = edition.department_measures[dept]
        units[measure] = units.get(measure, 0.0) + unit
    if over:
        return value
    # Promotions still to come go to the best measure, some to the second best: so every
    # department's measure is worth something before its first floor.
    ranked = sorted(factors, key=factors.__getitem__, reverse=True)
    best = max(float(edition.lobby_points), factors[ranked[0]] if ranked else 0.0)
    second = factors[ranked[1]] if len(ranked) > 1 else 0.0
    future = left * weights.future_floors
    value += p.pending_promotions * best * weights.promotion
    value += future * ((1.0 - weights.future_second) * best + weights.future_second * second)
    if left <= 0.0:
        return value
    shares = (1.0 - weights.future_second, weights.future_second)
    for dept, share in zip(ranked[:2], shares[:len(ranked)], strict=True):
        measure = edition.department_measures[dept]
        units[measure] = units.get(measure, 0.0) + future * share
    worth = _Worth(left, best, left * weights.money
                   + units.get("money", 0.0) / edition.finance_divisor, units, weights)
    cards = sum(1 for c in p.hand if edition.cards[c].deck != "basic")
    cards += sum(1 for played in p.slots.values() for c in played
                 if edition.cards[c].deck != "basic")
    value += left * (weights.money * p.money
                     + weights.seat * seats
                     + weights.key * _keys_in_use(p, edition, weights.key_idle)
                     + weights.develop * p.development
                     + weights.card * cards
                     + weights.hand * len(p.hand))
    value += weights.claim * sum(worth.bonus(edition.delivery_row(p.board, c).bonus)
                                 for c, row in p.deliveries.items() if row.goods == "unused")
    if weights.develop_ahead:
        track = edition.development_track
        for k in range(1, 4):
            space = p.development + k
            if space < len(track) and track[space]:
                value += weights.develop_ahead * left * worth.bonus(track[space] or "") / k
    value += sum(worth.bonus(_effect_bonus(fx.kind, fx.amount)) for fx in state.queue
                 if fx.player == pid and fx.kind in _QUEUED)
    value += _trucks(state, edition, pid, worth, judging=favoured)
    if favoured and weights.route:
        value += _routes(state, edition, pid, worth)
    return value


def _routes(state: State, edition: Edition, pid: str, worth: _Worth) -> float:
    """The deliveries the roads promise (ai.routes): for each country not delivered to
    yet, the best depot's delivery at `route_decay` per section still missing on its road;
    the best `route_countries` of them count, at `route` and fading with the game."""
    w = worth.weights
    delivered = state.players[pid].delivered
    found = []
    for country, depots in route_gaps(state, edition).items():
        if country in delivered:
            continue
        best = 0.0
        for depot_id, gap in depots[:3]:  # the nearest three: farther ones rarely win
            depot = edition.depots[depot_id]
            share = w.route_decay ** gap
            for goods in depot.goods:
                if state.goods.get(goods, 0) > 0:
                    best = max(best, share * delivery_gain(state, edition, pid, country,
                                                           goods, worth))
        found.append(best)
    found.sort(reverse=True)
    return w.route * worth.left * sum(found[:w.route_countries])


def _keys_in_use(p: Player, edition: Edition, idle: float) -> float:
    """The player's opened locks, a floor lock counting fully only when an employee stands
    on it or on the floor below it (who could be promoted onto it)."""
    if idle >= 1.0:
        return float(len(p.keys))
    total = 0.0
    for key in p.keys:
        lock = edition.locks[key]
        if lock.department is None or lock.floor is None:
            total += 1.0
            continue
        floors = p.floors[lock.department]
        below = lock.floor - 2  # index of the floor under the lock's floor
        used = floors[lock.floor - 1] > 0 or (below >= 0 and floors[below] > 0)
        total += 1.0 if used else idle
    return total


def _budgets_due(state: State, edition: Edition, pid: str, weights: Weights,
                 budgets: dict[str, int] | None) -> float:
    """What `weights.budget` adds to the player's money: each era end still to come pays
    the construction budget it would pay now (RULES §10.2). Not asked once the last era
    has ended (`left` is 0 then): its budget is paid."""
    if not weights.budget:
        return 0.0
    if budgets is None:
        budgets = construction_budget(state, edition)
    return weights.budget * budgets.get(pid, 0) * (len(edition.eras) - state.era + 1)


def _effect_bonus(kind: str, amount: int) -> str:
    return f"{kind} {amount}" if kind in ("money", "develop") else kind


def _trucks(state: State, edition: Edition, pid: str, worth: _Worth,
            judging: bool = True) -> float:
    p = state.players[pid]
    w = worth.weights
    loaded = [t for t in p.trucks if t is not None]
    # an empty truck may load again: a delivery that earns nothing still frees it
    empty = len(p.trucks) - len(loaded)
    reach = country_reach(state, edition)
    total = 0.0
    if empty:
        # the best load the player could make now, at a share: so a border link near a
        # depot, and the depot's road, are worth building before the truck is loaded.
        # Only for the player judging (`judging`): it walks every depot, for every
        # rival in every position the search judges, and a link near a depot serves all.
        total = empty * w.truck_free * worth.left
        if judging:
            total += empty * w.truck_option * _best_load(state, edition, pid, worth, reach)
    if not loaded:
        return total
    for truck in loaded:
        # waiting for a border link to be built; once one is reached, its gain counts
        options = reach.get(truck.position, ())
        best = 0.0 if options else w.truck_parked * worth.left
        for country, steps in options:
            chance = max(0.1, w.truck - w.truck_step * (steps - 1))
            best = max(best, chance * delivery_gain(state, edition, pid, country,
                                                    truck.goods, worth))
        total += best
    return total


def _best_load(state: State, edition: Edition, pid: str, worth: _Worth,
               reach: dict[str, tuple[tuple[str, int], ...]]) -> float:
    w = worth.weights
    best = 0.0
    for depot in edition.depots.values():
        options = reach.get(depot.id)
        if not options or depot.opens_era > state.era:
            continue
        for goods in depot.goods:
            if state.goods.get(goods, 0) <= 0:
                continue
            for country, steps in options:
                chance = max(0.1, w.truck - w.truck_step * (steps - 1))
                best = max(best, chance * delivery_gain(state, edition, pid, country, goods,
                                                        worth))
    return best


def delivery_gain(state: State, edition: Edition, pid: str, country: str, goods: str,
                  worth: _Worth) -> float:
    """What delivering `goods` to `country` would bring `pid` (RULES §8, Delivery)."""
    p = state.players[pid]
    gain = 0.0
    tile = state.country_tiles.get(country)
    if tile is not None:
        gain += worth.bonus(tile)
    row = edition.delivery_row(p.board, country)
    spaces = p.deliveries.get(country)
    if goods == edition.pharma_goods:
        rivals = (state.players.values() if edition.pharma_bonus == "first_to_country"
                  else (p,))
        if not any(country in r.deliveries and r.deliveries[country].pharma for r in rivals):
            gain += worth.bonus(edition.countries[country].pharma_bonus)
        elif spaces is None or not spaces.dm:
            gain += row.dm * worth.money
    elif goods == row.goods and (spaces is None or not spaces.goods):
        gain += worth.weights.claim * worth.bonus(row.bonus)
    elif spaces is None or not spaces.dm:
        gain += row.dm * worth.money
    if country not in p.delivered:
        gain += worth.units.get("countries", 0.0)
    return gain


def evaluate(state: State, edition: Edition, pid: str, weights: Weights = DEFAULT) -> float:
    """`pid`'s projected score against the others': the best of them and their average."""
    left = 1.0 - progress(state, edition)
    budgets = construction_budget(state, edition) if weights.budget else None
    mine = player_value(state, edition, pid, weights, left, budgets=budgets)
    others = [player_value(state, edition, o, weights, left, favoured=False, budgets=budgets)
              for o in state.order if o != pid]
    if not others:
        return mine
    rival = weights.others_max * max(others) + (1 - weights.others_max) * sum(others) / len(others)
    return mine - rival
