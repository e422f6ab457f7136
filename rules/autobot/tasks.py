"""The Autobot's tasks (SOLO.md §6): for each, whether it is viable in a colour, what it
chooses by its priority list, and what carrying it out does (the building tasks live in
`bonuses`, which they set off and which set them off). Each chooser returns the new
state and the words of the log notation (empty when nothing could be done)."""

from __future__ import annotations

from rules.autobot import geometry as geo
from rules.autobot.bonuses import (
    BIG,
    Result,
    build_or_upgrade,
    buildable,
    station,
    station_spaces,
    upgradable,
)
from rules.autobot.decks import data_of, solo_of, with_solo
from rules.frozen import evolve
from rules.model import Edition
from rules.network import colour_open, on_network
from rules.state import State, Truck


def _bot(edition: Edition) -> str:
    return data_of(edition).bot


# ----- load truck (L-1…L-7) -----

def free_truck(state: State, edition: Edition) -> int | None:
    trucks = state.players[_bot(edition)].trucks
    return trucks.index(None) if None in trucks else None


def connected(state: State, edition: Edition, country: str) -> bool:
    """G-6: one of the country's trading cities is on the network."""
    return any(on_network(state, edition, n) for n in edition.country_node[country])


def pharma_delivered(state: State, country: str) -> bool:
    """By anyone (Q-15)."""
    return any(p.deliveries[country].pharma for p in state.players.values()
               if country in p.deliveries)


def colour_depots(state: State, edition: Edition, colour: str) -> list[str]:
    """L-3: the colour's depots open this era and on the network."""
    return [d.id for d in edition.depots.values()
            if d.colour == colour and state.era >= d.opens_era
            and on_network(state, edition, d.node)]


def _route_key(state: State, edition: Edition, depot: str, country: str) -> tuple[int, int, int]:
    """G-9: shortest truck route, then fewest unbuilt sections, then edition order."""
    route = geo.truck_route(state, edition, depot, country)
    if route is None:
        return BIG, BIG, geo.section_order(edition)[depot]
    unbuilt = sum(1 for s in route if s not in state.built)
    return len(route) + 1, unbuilt, geo.section_order(edition)[depot]


def nearest_depot(state: State, edition: Edition, depots: list[str], country: str) -> str:
    return min(depots, key=lambda d: _route_key(state, edition, d, country))


def _other_destinations(state: State, truck: int | None) -> set[str]:
    return {d for i, d in enumerate(solo_of(state).destinations) if d and i != truck}


def next_pharma_country(state: State, edition: Edition, start: str | None,
                        exclude: set[str]) -> str | None:
    """L-7: clockwise (from `start`, after it; None: from the first), the first country
    connected, open, without pharmaceuticals from anyone and not excluded."""
    order = list(data_of(edition).pharma_clockwise)
    if start is not None:
        i = order.index(start)
        order = order[i + 1:] + order[:i]
    for country in order:
        if (state.era >= edition.countries[country].opens_era
                and connected(state, edition, country)
                and not pharma_delivered(state, country) and country not in exclude):
            return country
    return None


def pharma_load(state: State, edition: Edition, colour: str,
                truck: int) -> tuple[str, str] | None:
    """L-7: (depot, country) for pharmaceuticals, or None to load normally."""
    pharma = edition.pharma_goods
    if state.era < edition.pharma_opens_era or state.goods[pharma] <= 0:
        return None
    depots = [d for d in colour_depots(state, edition, colour)
              if pharma in edition.depots[d].goods]
    if not depots:
        return None
    country = next_pharma_country(state, edition, None, _other_destinations(state, truck))
    if country is None:
        return None
    return nearest_depot(state, edition, depots, country), country


def loadable_goods(state: State, edition: Edition, colour: str) -> set[str]:
    goods = {g for d in colour_depots(state, edition, colour) for g in edition.depots[d].goods}
    return {g for g in goods if state.goods[g] > 0
            and (g != edition.pharma_goods or state.era >= edition.pharma_opens_era)}


def normal_load(state: State, edition: Edition, colour: str,
                truck: int) -> tuple[str, str, str] | None:
    """L-2…L-6: (depot, goods, country), or None."""
    bot = state.players[_bot(edition)]
    goods = loadable_goods(state, edition, colour)
    others = _other_destinations(state, truck)
    rows = list(edition.countries)
    eligible = [c for c in edition.countries
                if state.era >= edition.countries[c].opens_era and c not in bot.delivered
                and c not in others and edition.delivery_row(bot.board, c).goods in goods]
    if not eligible:
        return None

    def key(country: str) -> tuple[int, int, int, int]:
        left = geo.sections_left(state, edition, country)
        return (not connected(state, edition, country), country not in state.country_tiles,
                BIG if left is None else left, rows.index(country))

    country = min(eligible, key=key)
    good = edition.delivery_row(bot.board, country).goods
    depots = [d for d in colour_depots(state, edition, colour) if good in edition.depots[d].goods]
    return nearest_depot(state, edition, depots, country), good, country


def load_plan(state: State, edition: Edition, colour: str) -> tuple[str, str, str] | None:
    if not colour_open(state, edition, colour):
        return None
    truck = free_truck(state, edition)
    if truck is None:
        return None
    pharma = pharma_load(state, edition, colour, truck)
    if pharma is not None:
        return pharma[0], edition.pharma_goods, pharma[1]
    return normal_load(state, edition, colour, truck)


def load(state: State, edition: Edition, colour: str) -> Result:
    plan = load_plan(state, edition, colour)
    truck = free_truck(state, edition)
    if plan is None or truck is None:
        return state, ()
    depot, goods, country = plan
    bot = state.players[_bot(edition)]
    trucks = list(bot.trucks)
    trucks[truck] = Truck(depot, goods)
    state = evolve(state, goods=state.goods.set(goods, state.goods[goods] - 1))
    state = state.with_player(evolve(bot, trucks=tuple(trucks)))
    destinations = list(solo_of(state).destinations)
    destinations[truck] = country
    state = with_solo(state, destinations=tuple(destinations))
    return state, ("load", depot, goods, country)


# ----- the task dispatch -----

def viable(state: State, edition: Edition, main: str, colour: str) -> bool:
    if main == "build":
        return bool(buildable(state, edition, colour) or upgradable(state, edition, colour))
    if main == "station":
        return bool(station_spaces(state, edition, colour))
    return load_plan(state, edition, colour) is not None


def carry_out(state: State, edition: Edition, main: str, colour: str) -> Result:
    if main == "build":
        return build_or_upgrade(state, edition, colour)
    if main == "station":
        return station(state, edition, colour)
    return load(state, edition, colour)


def retarget(state: State, edition: Edition, country: str) -> State:
    """L-7: a pharma truck whose destination just got pharmaceuticals from the human moves
    its marker on clockwise; with nowhere to go it keeps it (Q-25)."""
    solo = solo_of(state)
    trucks = state.players[_bot(edition)].trucks
    destinations = list(solo.destinations)
    for i, (truck, dest) in enumerate(zip(trucks, destinations, strict=True)):
        if truck is None or dest != country or truck.goods != edition.pharma_goods:
            continue
        new = next_pharma_country(state, edition, country, _other_destinations(state, i))
        if new is not None:
            destinations[i] = new
    return with_solo(state, destinations=tuple(destinations))
