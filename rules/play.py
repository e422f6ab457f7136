"""The main actions: play a card on a slot (RULES §6–7), take back, government grant.

Each action has a `*_problem` function that returns the `RuleError` that forbids it, or
None. Both `legal_actions` (which keeps what has no problem) and `apply` (which raises the
problem) use these same functions, so the two can never disagree.

A reason that `rules.candidates` also narrows the listing by is one predicate below ("the
reasons"), asked by the `*_problem` function and by the narrowing alike: each is written
once.
"""

from __future__ import annotations

from rules.actions import Play
from rules.errors import IllegalActionError, RuleError
from rules.frozen import evolve
from rules.model import Depot, Edition, Lock, parse_bonus
from rules.network import colour_open, link_complete, on_network, open_colours, touches_network
from rules.offices import can_place_employee, place_employee
from rules.state import Effect, Player, State, Truck


def _err(code: str, **params: object) -> RuleError:
    return IllegalActionError(code, **params)


# ----- cards and slots -----

def card_colours(state: State, edition: Edition, card_id: str) -> tuple[str, ...]:
    """The colours a card may be played as now (a wild card: every open autobahn)."""
    card = edition.cards[card_id]
    if card.wild:
        return open_colours(state, edition)
    return card.colours


def needs_colour_choice(edition: Edition, card_id: str) -> bool:
    card = edition.cards[card_id]
    return card.wild or len(card.colours) > 1


def slot_room(state: State, edition: Edition, pid: str, slot: str) -> bool:
    return has_room(state.players[pid], edition, slot)


def has_room(player: Player, edition: Edition, slot: str) -> bool:
    """Room on `slot` for one more card: its capacity, plus the player's extra on it."""
    capacity = edition.slot_capacity[slot] + player.extra_capacity.get(slot, 0)
    return len(player.slots[slot]) < capacity


def card_problem(state: State, edition: Edition, pid: str, action: Play) -> RuleError | None:
    """Can this card, named this way, go onto this slot?"""
    if action.slot not in edition.slot_capacity:
        return _err("unknown_slot", slot=action.slot)
    problem = card_colour_problem(state, edition, pid, action.card, action.colour)
    if problem is not None:
        return problem
    return slot_problem(state, edition, pid, action.slot)


def card_colour_problem(state: State, edition: Edition, pid: str, card: str,
                        colour: str | None) -> RuleError | None:
    """The card's part of `card_problem`: held, named as one of its open colours."""
    if card not in state.players[pid].hand or card not in edition.cards:
        return _err("card_not_in_hand", card=card)
    colours = card_colours(state, edition, card)
    if needs_colour_choice(edition, card):
        if colour is None:
            return _err("colour_needed", card=card, first=colours[0],
                        colours=", ".join(colours))
        if colour not in colours:
            return _err("wrong_colour", card=card, colour=colour, colours=", ".join(colours))
    elif colour is not None:  # one canonical spelling: single-colour cards name none
        return _err("wrong_colour", card=card, colour=colour, colours=", ".join(colours))
    played = colour if colour is not None else edition.cards[card].colours[0]
    if not colour_open(state, edition, played):
        return _err("colour_closed", colour=played, era=edition.east_opens_era)
    return None


def slot_problem(state: State, edition: Edition, pid: str, slot: str) -> RuleError | None:
    """The slot's part of `card_problem`, for a known slot: is there room on it?"""
    if not slot_room(state, edition, pid, slot):
        return _err("slot_full", slot=slot, capacity=len(state.players[pid].slots[slot]))
    return None


def played_colour(edition: Edition, action: Play) -> str:
    return action.colour if action.colour is not None else edition.cards[action.card].colours[0]


# ----- the reasons: one predicate each, for the checks and for the narrowing -----

def can_pay(player: Player, cost: int) -> bool:
    """Not "cannot_pay"."""
    return player.money >= cost


def supply_left(state: State) -> bool:
    """Not "supply_empty": the era's supply still holds a road section."""
    return state.era_supply > 0


def stations_left(player: Player) -> bool:
    """Not "no_stations_left"."""
    return player.stations_left > 0


def keys_left(player: Player, edition: Edition) -> bool:
    """Not "no_keys_left"."""
    return len(player.keys) < edition.keys


def lock_researchable(player: Player, lock_id: str, lock: Lock) -> bool:
    """Not "lock_open" and not "lock_requires": unopened, its prerequisite open."""
    return lock_id not in player.keys and (lock.requires is None or lock.requires in player.keys)


def depot_open(state: State, depot: Depot) -> bool:
    """Not "depot_closed"."""
    return state.era >= depot.opens_era


def goods_open(state: State, edition: Edition, goods: str) -> bool:
    """Not "pharma_closed": pharmaceuticals only from their era."""
    return goods != edition.pharma_goods or state.era >= edition.pharma_opens_era


def goods_left(state: State, goods: str) -> bool:
    """Not "goods_exhausted": the general supply still holds the goods."""
    return state.goods.get(goods, 0) > 0


def truck_for_a_load(player: Player, edition: Edition) -> bool:
    """Not "no_free_truck": a truck off the map, or (with reloading) any on it."""
    return None in player.trucks or edition.truck_load == "reload"


# ----- the five slot actions: what makes a target illegal -----

def build_problem(state: State, edition: Edition, pid: str, section: str,
                  colours: tuple[str, ...]) -> RuleError | None:
    """Build road section (RULES §7.1), for a played card or an extra build."""
    found = edition.sections.get(section)
    if found is None:
        return _err("unknown_section", section=section)
    link, _n = found
    if link.colour not in colours:
        return _err("section_wrong_colour", section=section, actual=link.colour,
                    colour="/".join(colours))
    if not colour_open(state, edition, link.colour):
        return _err("colour_closed", colour=link.colour, era=edition.east_opens_era)
    if section in state.built:
        return _err("section_built", section=section)
    if not supply_left(state):
        return _err("supply_empty", era=state.era)
    problem = _office_problem(state, edition, pid, edition.era(state.era).build_cost)
    if problem is not None:
        return problem
    if not touches_network(state, edition, section):
        return _err("not_connected", section=section)
    return None


def upgrade_problem(state: State, edition: Edition, pid: str, link_id: str,
                    colour: str) -> RuleError | None:
    """Upgrade link (RULES §7.2)."""
    link = edition.links.get(link_id)
    if link is None:
        return _err("unknown_link", link=link_id)
    if link.colour != colour:
        return _err("link_wrong_colour", link=link_id, actual=link.colour, colour=colour)
    if link_id in state.upgraded:
        return _err("link_upgraded", link=link_id)
    if not link_complete(state, link):
        built = sum(1 for s in link.section_ids() if s in state.built)
        return _err("link_incomplete", link=link_id, built=built, count=link.sections)
    return _office_problem(state, edition, pid, edition.upgrade_cost(state.era, link))


def _office_problem(state: State, edition: Edition, pid: str, cost: int) -> RuleError | None:
    """Steps 2–3 shared by build and upgrade (seed ruling p. 8–9): pay, then seat an
    employee; an action whose cost or employee is missing cannot be taken."""
    player = state.players[pid]
    if not can_pay(player, cost):
        return _err("cannot_pay", cost=cost, money=player.money)
    if not can_place_employee(player, edition):
        return _err("no_employee", lobby=player.lobby, needed=edition.lobby_return)
    return None


def load_problem(state: State, edition: Edition, pid: str, depot_id: str, goods: str | None,
                 colour: str, truck: int | None = None) -> RuleError | None:
    """Load truck (RULES §7.3); `truck`: the one brought back from the map to load again."""
    depot = edition.depots.get(depot_id)
    if depot is None:
        return _err("unknown_depot", depot=depot_id)
    if depot.colour != colour:
        return _err("depot_wrong_colour", depot=depot_id, actual=depot.colour, colour=colour)
    if not depot_open(state, depot):
        return _err("depot_closed", depot=depot_id, era=depot.opens_era)
    if goods is None or goods not in depot.goods:
        return _err("goods_not_offered", depot=depot_id, goods=goods,
                    offered=", ".join(depot.goods))
    if not goods_open(state, edition, goods):
        return _err("pharma_closed", era=edition.pharma_opens_era)
    if not goods_left(state, goods):
        return _err("goods_exhausted", goods=goods)
    problem = _truck_to_load(state.players[pid].trucks, edition, truck)
    if problem is not None:
        return problem
    if not on_network(state, edition, depot.node):
        return _err("depot_off_network", depot=depot_id, node=depot.node)
    return None


def _truck_to_load(trucks: tuple[Truck | None, ...], edition: Edition,
                   truck: int | None) -> RuleError | None:
    """A load fills a truck off the map; only when none is left may it name one on the map
    to bring back (the "reload" reading of RULES §7.3)."""
    if None in trucks:
        if truck is None:
            return None
        return _err("free_truck_first", truck=trucks.index(None) + 1)
    if edition.truck_load != "reload":  # `truck_for_a_load`, with no truck off the map
        return _err("no_free_truck")
    if truck is None:
        return _err("reload_which_truck", trucks=", ".join(str(n) for n in
                                                           range(1, len(trucks) + 1)))
    if not 0 < truck <= len(trucks):
        return _err("truck_not_on_map", truck=truck)
    return None


def station_problem(state: State, edition: Edition, pid: str, section: str,
                    colour: str) -> RuleError | None:
    """Build service station (RULES §7.4)."""
    found = edition.sections.get(section)
    if found is None:
        return _err("unknown_section", section=section)
    link, n = found
    if link.colour != colour:
        return _err("section_wrong_colour", section=section, actual=link.colour, colour=colour)
    if link.features[n - 1] != "S":
        return _err("no_station_space", section=section)
    if section not in state.built:
        return _err("section_not_built", section=section)
    if section in state.stations:
        return _err("station_taken", section=section)
    player = state.players[pid]
    if not stations_left(player):
        return _err("no_stations_left")
    if not can_pay(player, edition.station_cost):
        return _err("cannot_pay", cost=edition.station_cost, money=player.money)
    return None


def research_problem(state: State, edition: Edition, pid: str, lock_id: str) -> RuleError | None:
    """Research (RULES §7.5): a key on an unopened lock whose prerequisite is open."""
    lock = edition.locks.get(lock_id)
    if lock is None:
        return _err("unknown_lock", lock=lock_id)
    player = state.players[pid]
    if lock_id in player.keys:
        return _err("lock_open", lock=lock_id)
    if not keys_left(player, edition):
        return _err("no_keys_left")
    if not lock_researchable(player, lock_id, lock):  # its prerequisite: "lock_open" above
        return _err("lock_requires", lock=lock_id, requires=lock.requires)
    return None


def target_problem(state: State, edition: Edition, pid: str, action: Play,
                   colour: str) -> RuleError | None:
    if action.slot != "load" and (action.goods is not None or action.truck is not None):
        return _err("unknown_action_form", text=str(action))  # only a load names them
    return slot_target_problem(state, edition, pid, action.slot, action.target, action.goods,
                               colour, action.truck)


def slot_target_problem(state: State, edition: Edition, pid: str, slot: str, target: str,
                        goods: str | None, colour: str,
                        truck: int | None = None) -> RuleError | None:
    """`target_problem` by fields, for a well-formed action (goods only for a load), so
    `legal_actions` need not build a `Play` for every target it probes."""
    if slot == "build":
        return build_problem(state, edition, pid, target, (colour,))
    if slot == "upgrade":
        return upgrade_problem(state, edition, pid, target, colour)
    if slot == "load":
        return load_problem(state, edition, pid, target, goods, colour, truck)
    if slot == "station":
        return station_problem(state, edition, pid, target, colour)
    return research_problem(state, edition, pid, target)


def play_problem(state: State, edition: Edition, pid: str, action: Play) -> RuleError | None:
    problem = card_problem(state, edition, pid, action)
    if problem is not None:
        return problem
    return target_problem(state, edition, pid, action, played_colour(edition, action))


# ----- carrying the actions out -----

def bonus_effects(bonus: str, pid: str, source: str) -> list[Effect]:
    """A bonus of the vocabulary (RULES §9.1) as effects to resolve in order."""
    kind, amount = parse_bonus(bonus)
    if kind == "build":
        return [Effect("extra", pid, source=source)]  # no colours: any open autobahn
    if kind in ("money", "develop"):
        return [Effect(kind, pid, amount, source=source)]
    return [Effect(kind, pid, source=source) for _ in range(amount)]


def action_price(state: State, edition: Edition, slot: str, target: str) -> int:
    """What a main action (or an extra build, slot "build") costs its player, as the
    `do_*` below take it: a section's era price (RULES §7.1), a link's upgrade (§7.2), a
    station (§7.4); loads and research are free."""
    if slot == "build":
        return edition.era(state.era).build_cost
    if slot == "upgrade":
        return edition.upgrade_cost(state.era, edition.links[target])
    if slot == "station":
        return edition.station_cost
    return 0


def do_build(state: State, edition: Edition, pid: str, section: str) -> State:
    """Steps 2–5 of RULES §7.1 for a section whose `build_problem` is None."""
    link, n = edition.sections[section]
    player = state.players[pid]
    cost = action_price(state, edition, "build", section)
    paid = evolve(player, money=player.money - cost)
    # one copy of the state for the price and the section: each copy is ~30 fields
    state = evolve(state, players=state.players.set(pid, paid), built=state.built | {section},
                   era_supply=state.era_supply - 1, last_builder=pid)
    state, owes = place_employee(state, edition, pid, link.colour)
    effects: list[Effect] = []
    if owes:
        effects.append(Effect("promote", pid, source="lobby_return"))
    tile = state.section_tiles.get(section)
    if tile is not None:
        state = evolve(state, section_tiles=state.section_tiles.without(section))
        effects.extend(bonus_effects(tile, pid, "tile"))
    if link.features[n - 1] == "D":
        effects.extend(bonus_effects(edition.develop_icon, pid, "develop_icon"))
    return prepend(state, effects)


def do_upgrade(state: State, edition: Edition, pid: str, link_id: str) -> State:
    link = edition.links[link_id]
    player = state.players[pid]
    cost = action_price(state, edition, "upgrade", link_id)
    paid = evolve(player, money=player.money - cost)
    state = evolve(state, players=state.players.set(pid, paid), upgraded=state.upgraded | {link_id})
    state, owes = place_employee(state, edition, pid, link.colour)
    return prepend(state, [Effect("promote", pid, source="lobby_return")] if owes else [])


def do_load(state: State, edition: Edition, pid: str, depot_id: str, goods: str,
            truck: int | None = None) -> State:
    player = state.players[pid]
    trucks = list(player.trucks)
    supply = state.goods
    if truck is None:
        index = trucks.index(None)  # the lowest-numbered truck off the map
    else:  # it drives back to the depot; the goods it carried go back to the general supply
        index = truck - 1
        carried = trucks[index]
        assert carried is not None
        supply = supply.set(carried.goods, supply[carried.goods] + 1)
    trucks[index] = Truck(depot_id, goods)
    return evolve(state, goods=supply.set(goods, supply[goods] - 1),
                  players=state.players.set(pid, evolve(player, trucks=tuple(trucks))))


def do_station(state: State, edition: Edition, pid: str, section: str) -> State:
    player = state.players[pid]
    cost = action_price(state, edition, "station", section)
    paid = evolve(player, money=player.money - cost, stations_left=player.stations_left - 1)
    return evolve(state, stations=state.stations.set(section, pid),
                  players=state.players.set(pid, paid))


def do_research(state: State, edition: Edition, pid: str, lock_id: str) -> State:
    player = state.players[pid]
    state = state.with_player(evolve(player, keys=(*player.keys, lock_id)))
    effect = edition.locks[lock_id].effect
    return prepend(state, bonus_effects(effect, pid, "lock") if effect else [])


def do_play(state: State, edition: Edition, pid: str, action: Play) -> State:
    """Put the card on its slot, carry out the slot's action, queue an extra build; the
    turn goes on to its truck moves (phase 3)."""
    colour = played_colour(edition, action)
    player = state.players[pid]
    hand = list(player.hand)
    hand.remove(action.card)
    slots = player.slots.set(action.slot, (*player.slots[action.slot], action.card))
    state = state.with_player(evolve(player, hand=tuple(hand), slots=slots))
    if action.slot == "build":
        state = do_build(state, edition, pid, action.target)
    elif action.slot == "upgrade":
        state = do_upgrade(state, edition, pid, action.target)
    elif action.slot == "load":
        assert action.goods is not None
        state = do_load(state, edition, pid, action.target, action.goods, action.truck)
    elif action.slot == "station":
        state = do_station(state, edition, pid, action.target)
    else:
        state = do_research(state, edition, pid, action.target)
    if edition.cards[action.card].extra_build:
        # After the main action and before the truck moves (RULES §6): queued behind
        # whatever the action itself set off.
        extra = Effect("extra", pid, colours=card_colours(state, edition, action.card),
                       source="card")
        state = evolve(state, queue=(*state.queue, extra))
    assert state.turn is not None
    # The step last: nothing above reads it, and the turn is copied once.
    return evolve(state, turn=evolve(state.turn, step="move", played_colour=colour,
                                       played_card=action.card))


def can_take_back(state: State, pid: str) -> bool:
    return any(state.players[pid].slots.values())


def takeback_problem(state: State, pid: str) -> RuleError | None:
    if not can_take_back(state, pid):
        return _err("nothing_to_take_back")
    return None


def do_takeback(state: State, edition: Edition, pid: str) -> State:
    player = state.players[pid]
    cards = tuple(c for slot in edition.slots for c in player.slots[slot])
    return state.with_player(evolve(
        player, hand=player.hand + cards,
        slots=player.slots.merge((s, ()) for s in edition.slots),
        money=player.money + edition.takeback_income_per_card * len(cards)))


def can_grant(state: State, pid: str) -> bool:
    """`grant_problem` finds nothing, without making the refusal."""
    player = state.players[pid]
    return state.era not in player.grant_eras and player.supply > 0


def grant_problem(state: State, pid: str) -> RuleError | None:
    player = state.players[pid]
    if state.era in player.grant_eras:
        return _err("grant_used", era=state.era)
    if player.supply <= 0:
        return _err("grant_no_employee")
    return None


def do_grant(state: State, edition: Edition, pid: str) -> State:
    player = state.players[pid]
    return state.with_player(evolve(
        player, supply=player.supply - 1, granted=player.granted + 1,
        grant_eras=(*player.grant_eras, state.era),
        money=player.money + edition.era(state.era).grant))


def prepend(state: State, effects: list[Effect]) -> State:
    """New effects are resolved before older ones: a bonus resolves inside its cause."""
    if not effects:
        return state
    return evolve(state, queue=(*effects, *state.queue))
