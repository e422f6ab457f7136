"""Trucks: moving, station income and deliveries (RULES §8, seed rulings p. 11–13)."""

from __future__ import annotations

from rules.actions import Move, new_move
from rules.caches import Caches
from rules.errors import IllegalActionError, RuleError
from rules.frozen import evolve
from rules.memo import per_edition
from rules.model import Edition
from rules.play import bonus_effects, prepend
from rules.roads import delivery_country as delivery_country  # re-exported: its old home
from rules.roads import step_graph as step_graph  # re-exported: its old home
from rules.state import DeliveryRowState, Effect, State


def truck_range(state: State, edition: Edition, start: str) -> int:
    """2 steps in era 1, 3 later, +1 when starting on an upgraded link (seed p. 11–12)."""
    steps = edition.era(state.era).truck_range
    found = edition.sections.get(start)
    if found is not None and found[0].id in state.upgraded:
        steps += edition.upgrade_extra_range
    return steps


def start_colour(edition: Edition, position: str) -> str:
    found = edition.sections.get(position)
    if found is not None:
        return found[0].colour
    return edition.depots[position].colour


def start_colours(state: State, edition: Edition) -> tuple[str, ...]:
    """The colours a truck may start on after this turn's card (RULES §8): the one named,
    or, where the edition says so, every colour printed on the card. A wild card prints
    none, so it counts as the colour named."""
    turn = state.turn
    assert turn is not None
    if turn.played_colour is None:
        return ()
    card = edition.cards.get(turn.played_card or "")
    if edition.truck_start == "card" and card is not None and not card.wild:
        return card.colours
    return (turn.played_colour,)


def _err(code: str, **params: object) -> RuleError:
    return IllegalActionError(code, **params)


def move_problem(state: State, edition: Edition, pid: str, move: Move) -> RuleError | None:
    """Why this move is not allowed now, or None."""
    assert state.turn is not None
    colours = start_colours(state, edition)
    if not colours:
        return _err("no_card_played")
    trucks = state.players[pid].trucks
    if not 1 <= move.truck <= len(trucks) or trucks[move.truck - 1] is None:
        return _err("truck_not_on_map", truck=move.truck)
    if not move.path and not move.deliver:  # only an Action object can say this: no text does
        return _err("empty_move", truck=move.truck)
    if move.truck in state.turn.moved:
        return _err("truck_moved", truck=move.truck)
    position = trucks[move.truck - 1].position  # type: ignore[union-attr]
    if start_colour(edition, position) not in colours:
        return _err("truck_wrong_start", truck=move.truck, colour="/".join(colours),
                    position=position)
    limit = truck_range(state, edition, position)
    steps = len(move.path) + (1 if move.deliver else 0)
    if steps > limit:
        return _err("too_far", count=steps, range=limit)
    graph = step_graph(edition)
    seen = {position}
    for target in move.path:
        if target not in graph.get(position, ()) or target not in state.built or target in seen:
            return _err("bad_step", truck=move.truck, origin=position, target=target)
        seen.add(target)
        position = target
    if move.deliver:
        country = delivery_country(edition, position)
        if country is None:
            return _err("cannot_deliver", truck=move.truck, position=position)
        if state.era < edition.countries[country].opens_era:
            return _err("country_closed", country=country,
                        era=edition.countries[country].opens_era)
    return None


def _movable(state: State, edition: Edition, pid: str) -> list[tuple[int, str, int]]:
    """(number, place, range) of each truck that may move now: on the map, not moved yet
    in this phase 3, starting on the played card's colour."""
    assert state.turn is not None
    colours = start_colours(state, edition)
    if not colours:
        return []
    moved = state.turn.moved
    return [(number, truck.position, truck_range(state, edition, truck.position))
            for number, truck in enumerate(state.players[pid].trucks, start=1)
            if truck is not None and number not in moved
            and start_colour(edition, truck.position) in colours]


def legal_moves(state: State, edition: Edition, pid: str,
                caches: Caches | None = None) -> list[Move]:
    """Every move of a truck that starts on the played card's colour and has not moved yet
    (`caches`: what a search remembers; none, the specification's fresh ones)."""
    if caches is None:
        caches = Caches().for_edition(edition)
    built, era = state.built, state.era
    memo = caches.walks
    if len(memo) >= _WALKS_MAX:
        memo.clear()  # a long search walks again what it needs
    moves: list[Move] = []
    for number, position, limit in _movable(state, edition, pid):
        # A walk reads only the built sections within its range: a build elsewhere on the
        # map leaves the truck's moves as they were.
        key = (number, position, limit, era, built & _within(edition, position, limit))
        found = memo.get(key)
        if found is None:
            found = memo[key] = _walks(edition, built, era, number, position, limit, caches)
        moves.extend(found)
    return moves


def has_moves(state: State, edition: Edition, pid: str, caches: Caches | None = None) -> bool:
    """May any truck move now? The moves themselves decide it (no second account of a
    walk's first steps to keep in step with `_walks`); a search's `caches` keep the walks
    for the listing that follows."""
    return bool(legal_moves(state, edition, pid, caches))


WalkKey = tuple[int, str, int, int, frozenset[str]]
_WALKS_MAX = 4096  # a few MB of moves at most


def _within(edition: Edition, start: str, limit: int) -> frozenset[str]:
    """The sections a truck at `start` could reach in `limit` steps were all built."""
    found = _neighbourhoods(edition).get((start, limit))
    if found is None:  # a range no era gives (a test's edition)
        found = _neighbourhood(edition, start, limit)
    return found


def _neighbourhood(edition: Edition, start: str, limit: int) -> frozenset[str]:
    graph = step_graph(edition)
    seen: set[str] = set()
    ring = {start}
    for _ in range(limit):
        ring = {nxt for here in ring for nxt in graph.get(here, ())} - seen
        seen |= ring
    return frozenset(seen)


def _ranges(edition: Edition) -> set[int]:
    """Every range a truck can have: an era's, with or without the upgraded link's step."""
    return {era.truck_range + extra for era in edition.eras
            for extra in (0, edition.upgrade_extra_range)}


def _starts(edition: Edition) -> list[str]:
    """Every place a truck can stand: a section or a depot."""
    return [*edition.sections, *edition.depots]


@per_edition
def _neighbourhoods(edition: Edition) -> dict[tuple[str, int], frozenset[str]]:
    """(place, steps) -> `_within`, for every place and range (a few milliseconds)."""
    return {(start, limit): _neighbourhood(edition, start, limit)
            for start in _starts(edition) for limit in _ranges(edition)}


def _walks(edition: Edition, built: frozenset[str], era: int, number: int, start: str,
           limit: int, caches: Caches) -> tuple[Move, ...]:
    """Truck `number`'s moves from `start` over the built sections, at most `limit` steps
    counting a delivery as one: each path in depth-first order, a delivery after the path
    that reaches a border."""
    moves: list[Move] = []
    if limit <= 0:
        return ()
    driving, delivering = _moves_of(number, caches)
    if _delivery_eras(edition).get(start, era + 1) <= era:
        moves.append(delivering[()])
    tree = _paths(edition, start, limit)
    i, end = 0, len(tree)
    while i < end:
        section, path, delivers_from, after = tree[i]
        if section in built:
            moves.append(driving[path])
            if delivers_from <= era:
                moves.append(delivering[path])
            i += 1
        else:
            i = after  # no path through an unbuilt section
    return tuple(moves)


class _Moves(dict[tuple[str, ...], Move]):
    """One truck's moves by path, made when first asked for: a listed move is immutable,
    so one object serves every walk, and a walk found again by its path cost less than
    making dozens of moves anew each time the truck's surroundings changed."""

    __slots__ = ("deliver", "truck")

    def __init__(self, truck: int, deliver: bool) -> None:
        super().__init__()
        self.truck, self.deliver = truck, deliver

    def __missing__(self, path: tuple[str, ...]) -> Move:
        if len(self) >= _MOVES_MAX:
            self.clear()  # the next walks make them again
        move = self[path] = new_move(self.truck, path, self.deliver)
        return move


_MOVES_MAX = 50_000  # every path of a map's trucks is a few thousand


def _moves_of(truck: int, caches: Caches) -> tuple[_Moves, _Moves]:
    """Truck `truck`'s moves by path: those that stop, and those that deliver after it."""
    found: tuple[_Moves, _Moves] | None = caches.moves.get(truck)
    if found is None:
        found = caches.moves[truck] = (_Moves(truck, False), _Moves(truck, True))
    return found


# A path of `_paths`: its last section, the path, the era from which a delivery may follow
# it (never: a large number), and the index after the paths that continue it.
PathStep = tuple[str, tuple[str, ...], int, int]
_NEVER = 1 << 30


def _paths(edition: Edition, start: str, limit: int) -> tuple[PathStep, ...]:
    """Every path a truck at `start` could take in `limit` steps were every section built,
    in depth-first order; `_walks` keeps those over built sections."""
    found = _path_trees(edition).get((start, limit))
    if found is None:  # a range no era gives (a test's edition)
        found = _path_tree(edition, start, limit)
    return found


def _path_tree(edition: Edition, start: str, limit: int) -> tuple[PathStep, ...]:
    graph, opens = step_graph(edition), _delivery_eras(edition)
    steps: list[PathStep] = []

    def visit(position: str, path: tuple[str, ...]) -> None:
        for nxt in graph.get(position, ()):
            if nxt != start and nxt not in path:
                step = (*path, nxt)
                index = len(steps)
                steps.append((nxt, step, _NEVER, 0))
                if len(step) < limit:
                    visit(nxt, step)
                delivers = opens.get(nxt, _NEVER) if len(step) < limit else _NEVER
                steps[index] = (nxt, step, delivers, len(steps))

    visit(start, ())
    return tuple(steps)


@per_edition
def _path_trees(edition: Edition) -> dict[tuple[str, int], tuple[PathStep, ...]]:
    """(place, range) -> `_paths`, for every place and range (ten thousand paths of the
    classic map, made in about ten milliseconds)."""
    return {(start, limit): _path_tree(edition, start, limit)
            for start in _starts(edition) for limit in _ranges(edition)}


@per_edition
def _delivery_eras(edition: Edition) -> dict[str, int]:
    """Section -> the era from which a truck there can deliver (`can_deliver`)."""
    out: dict[str, int] = {}
    for section in edition.sections:
        country = delivery_country(edition, section)
        if country is not None:
            out[section] = edition.countries[country].opens_era
    return out


def station_fee(state: State, edition: Edition, section: str) -> int:
    """What a truck entering `section` pays the station's owner (RULES §8)."""
    link = edition.sections[section][0]
    return (edition.station_income_upgraded if link.id in state.upgraded
            else edition.station_income)


def station_income(state: State, edition: Edition, section: str) -> State:
    owner = state.stations.get(section)
    if owner is None:
        return state
    if state.solo is not None:
        from rules.autobot import hooks  # solo only; imported late (it builds on this module)

        if hooks.is_bot(state, owner):
            return hooks.bot_station_passed(state, edition)
    player = state.players[owner]
    return state.with_player(evolve(
        player, money=player.money + station_fee(state, edition, section)))


def do_move(state: State, edition: Edition, pid: str, move: Move) -> State:
    turn = state.turn
    assert turn is not None
    # Phase 3 goes on with the player's other trucks, or ends with this one (RULES §8).
    step = "move" if edition.trucks_move == "all" else "end"
    state = evolve(state, turn=evolve(turn, step=step, moved=(*turn.moved, move.truck)))
    for section in move.path:
        state = station_income(state, edition, section)
    player = state.players[pid]
    truck = player.trucks[move.truck - 1]
    assert truck is not None
    trucks = list(player.trucks)
    position = move.path[-1] if move.path else truck.position
    if not move.deliver:
        trucks[move.truck - 1] = evolve(truck, position=position)
        return state.with_player(evolve(player, trucks=tuple(trucks)))
    trucks[move.truck - 1] = None
    state = state.with_player(evolve(player, trucks=tuple(trucks)))
    country = delivery_country(edition, position)
    assert country is not None
    return deliver(state, edition, pid, country, truck.goods)


def deliver(state: State, edition: Edition, pid: str, country: str, goods: str) -> State:
    """The seed ruling of p. 13, step by step."""
    effects: list[Effect] = []
    tile = state.country_tiles.get(country)
    if tile is not None:  # 1. the country's bonus tile
        state = evolve(state, country_tiles=state.country_tiles.without(country))
        effects.extend(bonus_effects(tile, pid, "tile"))
    # 2. goods back to the general supply (the truck is already off the map)
    state = evolve(state, goods=state.goods.set(goods, state.goods[goods] + 1))
    # 3. a delivery token on the player's board
    player = state.players[pid]
    row = edition.delivery_row(player.board, country)
    spaces = player.deliveries.get(country, DeliveryRowState())
    money = 0
    pharma = goods == edition.pharma_goods
    if pharma and not _pharma_taken(state, edition, pid, country):
        spaces = evolve(spaces, pharma=True)
        effects.extend(bonus_effects(edition.countries[country].pharma_bonus, pid, "pharma"))
    elif goods == row.goods and not pharma and not spaces.goods:
        # Later pharmaceuticals "can only earn DM" (seed p. 13), whatever the row prefers.
        spaces = evolve(spaces, goods="unused")  # its bonus is claimed in a later phase 1
    elif not spaces.dm:
        spaces = evolve(spaces, dm=True)
        money = row.dm
    # otherwise every space it could use is full: the delivery earns nothing
    delivered = player.delivered if country in player.delivered else (*player.delivered, country)
    state = state.with_player(evolve(
        player, money=player.money + money, delivered=delivered,
        deliveries=player.deliveries.set(country, spaces)))
    if state.solo is not None:
        from rules.autobot import hooks

        state = hooks.after_delivery(state, edition, pid, country, goods)
    return prepend(state, effects)


def _pharma_taken(state: State, edition: Edition, pid: str, country: str) -> bool:
    """Has the country's pharma bonus been won already: by anyone (a race, RULES §8), or
    by this player (the per-player reading of older editions)?"""
    players = (state.players.values() if edition.pharma_bonus == "first_to_country"
               else (state.players[pid],))
    return any(country in p.deliveries and p.deliveries[country].pharma for p in players)


def claimable_bonuses(state: State, edition: Edition, pid: str) -> list[str]:
    """Countries whose goods-icon token still has its bonus unused (RULES §9.3).

    In the edition's country order, not the dict's: a state restored from JSON (sorted
    keys) must list the same actions in the same order.
    """
    deliveries = state.players[pid].deliveries
    return [c for c in edition.countries
            if c in deliveries and deliveries[c].goods == "unused"]


def claim_bonus(state: State, edition: Edition, pid: str, country: str) -> State:
    player = state.players[pid]
    spaces = evolve(player.deliveries[country], goods="used")
    state = state.with_player(evolve(player, deliveries=player.deliveries.set(country, spaces)))
    row = edition.delivery_row(player.board, country)
    return prepend(state, bonus_effects(row.bonus, pid, "delivery"))
