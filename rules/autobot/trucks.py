"""The Autobot's trucks (SOLO.md §7): every loaded truck moves after its turn, colours
ignored, along its route; it waits at the first unbuilt section."""

from __future__ import annotations

from rules.autobot import geometry as geo
from rules.autobot.bonuses import develop, gain, gain_engine_bonus, revealed_bonus, slot_bonus
from rules.autobot.decks import data_of, solo_of, with_solo
from rules.autobot.tasks import pharma_delivered
from rules.frozen import evolve
from rules.model import Edition
from rules.state import DeliveryRowState, State
from rules.trucks import station_income


def truck_steps(state: State, edition: Edition) -> int:
    """TR-1: by era, +1 at the levels with the option; upgraded links give nothing."""
    data = data_of(edition)
    steps = data.truck_steps_by_era[min(state.era, len(data.truck_steps_by_era)) - 1]
    return steps + data.level(solo_of(state).level).truck_step


def _set_truck(state: State, edition: Edition, index: int, position: str | None) -> State:
    bot = state.players[data_of(edition).bot]
    trucks = list(bot.trucks)
    truck = trucks[index]
    assert truck is not None
    trucks[index] = None if position is None else evolve(truck, position=position)
    return state.with_player(evolve(bot, trucks=tuple(trucks)))


def deliver(state: State, edition: Edition, index: int, country: str, colour: str) -> State:
    """TR-4: the country's tile onto the solo board, goods back, a delivery token."""
    data = data_of(edition)
    truck = state.players[data.bot].trucks[index]
    assert truck is not None
    if country in state.country_tiles:
        state = evolve(state, country_tiles=state.country_tiles.without(country))
        state = slot_bonus(state, edition, colour)
    state = evolve(state, goods=state.goods.set(truck.goods, state.goods[truck.goods] + 1))
    state = _set_truck(state, edition, index, None)
    destinations = list(solo_of(state).destinations)
    destinations[index] = ""
    state = with_solo(state, destinations=tuple(destinations))
    first_pharma = truck.goods == edition.pharma_goods and not pharma_delivered(state, country)
    bot = state.players[data.bot]
    row = bot.deliveries.get(country, DeliveryRowState())
    if truck.goods == edition.pharma_goods:
        row = evolve(row, pharma=True)
    else:
        row = evolve(row, goods="used")  # the bot never takes the row's bonus or money
    delivered = bot.delivered if country in bot.delivered else (*bot.delivered, country)
    state = state.with_player(evolve(bot, deliveries=bot.deliveries.set(country, row),
                                     delivered=delivered))
    if truck.goods == edition.pharma_goods:
        if first_pharma:
            state = gain_engine_bonus(state, edition, edition.countries[country].pharma_bonus,
                                      colour)
        return state
    return develop(state, edition, 1, colour)


def move_truck(state: State, edition: Edition, index: int, colour: str) -> State:
    data = data_of(edition)
    steps = truck_steps(state, edition)
    while steps > 0:
        truck = state.players[data.bot].trucks[index]
        destination = solo_of(state).destinations[index]
        if truck is None or not destination:
            return state
        route = geo.truck_route(state, edition, truck.position, destination)
        if route is None:
            return state
        if not route:
            return deliver(state, edition, index, destination, colour)
        nxt = route[0]
        if nxt not in state.built:
            return state  # TR-2: waits; the remaining steps are lost
        state = _set_truck(state, edition, index, nxt)
        steps -= 1
        owner = state.stations.get(nxt)
        if owner == data.bot:  # TR-3
            state = gain(state, edition, revealed_bonus(state, edition), colour)
        elif owner is not None:
            state = station_income(state, edition, nxt)
    return state


def move_trucks(state: State, edition: Edition, colour: str) -> State:
    for index in range(len(state.players[data_of(edition).bot].trucks)):
        state = move_truck(state, edition, index, colour)
    return state
