"""What the Autobot gains (SOLO.md §8): solo-board bonuses, its development track, the
bonus actions of its task cards, and engine bonuses translated by TT-1; and the building
tasks (B-1…B-6, ST-1…ST-5), which are here because they and the bonuses set each other
off (a road's develop icon or bonus tile is a gain, a road bonus is a build)."""

from __future__ import annotations

from rules.autobot import geometry as geo
from rules.autobot.data import parse_solo_bonus
from rules.autobot.decks import add_advanced_card, add_colour_card, data_of, solo_of, with_solo
from rules.autobot.employees import can_place, place, promote
from rules.frozen import evolve
from rules.model import Edition, parse_bonus
from rules.network import colour_open, link_complete, touches_network
from rules.state import State

WILD = "*"
Result = tuple[State, tuple[str, ...]]  # the new state and the words of the log notation
BIG = 1 << 20


def _bot(edition: Edition) -> str:
    return data_of(edition).bot


def gain(state: State, edition: Edition, bonus: str, colour: str) -> State:
    """Carry out one solo bonus at once, in `colour` where it needs one (SBB-3…SBB-6)."""
    if not bonus:
        return state
    kind, arg = parse_solo_bonus(bonus)
    if kind == "develop":
        return develop(state, edition, int(arg), colour)
    if kind == "promote":
        return promote(state, edition, arg)
    if kind == "discard":
        return discard(state, edition, colour)
    if kind == "take_card":
        return take_card(state, edition)
    if kind == "advanced_card":
        return add_advanced_card(state)
    if not colour:
        return state  # no colour drawn yet: nothing to build in
    if kind == "road":
        return build_or_upgrade(state, edition, colour)[0]
    if kind == "upgrade":
        return upgrade(state, edition, colour)[0]
    if kind == "station":
        return station(state, edition, colour)[0]
    if kind == "employee":
        return place(state, edition, colour) if can_place(state, edition) else state
    return state


def translate(edition: Edition, bonus: str) -> str:
    """TT-1: an engine bonus (RULES §9.1) as the Autobot's bonus."""
    kind, amount = parse_bonus(bonus)
    solo_kind = data_of(edition).translation[kind]
    if solo_kind == "develop":
        return f"develop {amount}"
    return solo_kind


def gain_engine_bonus(state: State, edition: Edition, bonus: str, colour: str) -> State:
    kind, amount = parse_bonus(bonus)
    solo = translate(edition, bonus)
    repeat = 1 if kind in ("money", "develop") else amount
    for _ in range(repeat):
        state = gain(state, edition, solo, colour)
    return state


def develop(state: State, edition: Edition, steps: int, colour: str) -> State:
    """SBB-1 / SB-5: each space entered gives its bonus, translated; steps past the end
    are lost."""
    bot = data_of(edition).bot
    last = len(edition.development_track) - 1
    for _ in range(steps):
        player = state.players[bot]
        if player.development >= last:
            break
        position = player.development + 1
        state = state.with_player(evolve(player, development=position))
        bonus = edition.development_track[position]
        if bonus:
            state = gain_engine_bonus(state, edition, bonus, colour)
    return state


def slot_bonus(state: State, edition: Edition, colour: str) -> State:
    """A bonus tile the bot takes goes on the next slot and gives the slot's bonus (SB-2:
    none once all are full)."""
    solo = solo_of(state)
    slots = data_of(edition).boards[solo.board].slots
    if solo.slots_filled >= len(slots):
        return state
    state = with_solo(state, slots_filled=solo.slots_filled + 1)
    return gain(state, edition, slots[solo.slots_filled], colour)


def revealed_bonus(state: State, edition: Edition) -> str:
    """SB-1: the rightmost revealed station bonus is that of the last space emptied."""
    data = data_of(edition)
    built = data.stations - state.players[data.bot].stations_left
    if built <= 0:
        return ""
    return data.boards[solo_of(state).board].stations[built - 1]


def _refill_left(state: State, display: list[str]) -> State:
    """BA-1: the cards close up to the right and a new card fills the leftmost place."""
    deck, reveals = state.deck, state.reveals
    if deck:
        display.insert(0, deck[0])
        deck, reveals = deck[1:], reveals + 1
    return evolve(state, display=tuple(display), deck=deck, reveals=reveals)


def discard_choice(state: State, edition: Edition, colour: str) -> int | None:
    """BA-1: the leftmost card showing the colour, else the rightmost card of the most
    frequent colour (a wild card counts for none; a tie: the rightmost such card)."""
    shown = [() if edition.cards[c].wild else edition.cards[c].colours for c in state.display]
    for i, colours in enumerate(shown):
        if colour in colours:
            return i
    counts: dict[str, int] = {}
    for colours in shown:
        for c in colours:
            counts[c] = counts.get(c, 0) + 1
    if not counts:
        return len(shown) - 1 if shown else None
    best = max(counts.values())
    tied = {c for c, n in counts.items() if n == best}
    return max(i for i, colours in enumerate(shown) if tied & set(colours))


def discard(state: State, edition: Edition, colour: str) -> State:
    index = discard_choice(state, edition, colour)
    if index is None:
        return state
    display = list(state.display)
    del display[index]
    return _refill_left(state, display)


def take_card(state: State, edition: Edition) -> State:
    """BA-5: the leftmost display card joins the bot's colour deck."""
    if not state.display:
        return state
    card = state.display[0]
    state = _refill_left(state, list(state.display[1:]))
    return add_colour_card(state, card)


# ----- build road section / upgrade link (B-1…B-6) -----

def buildable(state: State, edition: Edition, colour: str) -> list[str]:
    """B-1: free sections of the colour touching the network, while the supply lasts;
    costs ignored (G-10), an employee needed (B-2)."""
    if (not colour_open(state, edition, colour) or state.era_supply <= 0
            or not can_place(state, edition)):
        return []
    return [sid for sid, (link, _n) in edition.sections.items()
            if link.colour == colour and sid not in state.built
            and touches_network(state, edition, sid)]


def upgradable(state: State, edition: Edition, colour: str) -> list[str]:
    if not colour_open(state, edition, colour) or not can_place(state, edition):
        return []
    return [lid for lid, link in edition.links.items()
            if link.colour == colour and lid not in state.upgraded and link_complete(state, link)]


def truck_routes(state: State, edition: Edition) -> list[tuple[int, tuple[str, ...]]]:
    """Each loaded bot truck's route, with its destination's row on the delivery board."""
    rows = list(edition.countries)
    out = []
    solo = solo_of(state)
    for truck, dest in zip(state.players[_bot(edition)].trucks, solo.destinations, strict=True):
        if truck is None or not dest:
            continue
        route = geo.truck_route(state, edition, truck.position, dest)
        if route:
            out.append((rows.index(dest), route))
    return out


def build_choice(state: State, edition: Edition, candidates: list[str]) -> str:
    """B-3: helps a truck (the higher destination first), bonus tile, nearest the black
    autobahn, era direction, edition order."""
    routes = truck_routes(state, edition)
    order = geo.section_order(edition)

    def key(sid: str) -> tuple[object, ...]:
        helps = min((row for row, route in routes if sid in route), default=BIG)
        return (helps, sid not in state.section_tiles, geo.dist_black_section(edition, sid),
                geo.direction_key(state, edition, geo.section_location(edition, sid)), order[sid])

    return min(candidates, key=key)


def upgrade_choice(state: State, edition: Edition, candidates: list[str]) -> str:
    """B-5: nearest the black autobahn, closest to the hub, era direction, edition order."""
    order = geo.link_order(edition)
    return min(candidates, key=lambda lid: (
        geo.dist_black_link(edition, lid), geo.dist_hub_link(edition, lid),
        geo.direction_key(state, edition, geo.link_location(edition, lid)), order[lid]))


def do_build(state: State, edition: Edition, section: str, colour: str) -> State:
    """B-4: the section, an employee, a develop icon, a bonus tile onto the solo board."""
    link, n = edition.sections[section]
    state = evolve(state, built=state.built | {section}, era_supply=state.era_supply - 1,
                   last_builder=_bot(edition))
    state = place(state, edition, link.colour)
    if link.features[n - 1] == "D":
        state = gain_engine_bonus(state, edition, edition.develop_icon, colour)
    if section in state.section_tiles:
        state = evolve(state, section_tiles=state.section_tiles.without(section))
        state = slot_bonus(state, edition, colour)
    return state


def do_upgrade(state: State, edition: Edition, link_id: str) -> State:
    """B-6: flip the link and seat an employee; nothing is paid."""
    state = evolve(state, upgraded=state.upgraded | {link_id})
    return place(state, edition, edition.links[link_id].colour)


def upgrade(state: State, edition: Edition, colour: str) -> Result:
    candidates = upgradable(state, edition, colour)
    if not candidates:
        return state, ()
    link_id = upgrade_choice(state, edition, candidates)
    return do_upgrade(state, edition, link_id), ("upgrade", link_id)


def build_or_upgrade(state: State, edition: Edition, colour: str) -> Result:
    candidates = buildable(state, edition, colour)
    if not candidates:
        return upgrade(state, edition, colour)
    section = build_choice(state, edition, candidates)
    return do_build(state, edition, section, colour), ("build", section)


# ----- build service station (ST-1…ST-5) -----

def station_spaces(state: State, edition: Edition, colour: str) -> list[str]:
    if (not colour_open(state, edition, colour)
            or state.players[_bot(edition)].stations_left <= 0):
        return []
    return [sid for sid, (link, n) in edition.sections.items()
            if link.colour == colour and link.features[n - 1] == "S"
            and sid in state.built and sid not in state.stations]


def station_choice(state: State, edition: Edition, colour: str, candidates: list[str]) -> str:
    order = geo.section_order(edition)
    if colour == data_of(edition).black:  # ST-4: every black space is 0 from the black
        return min(candidates, key=lambda sid: (
            geo.dist_hub_section(edition, sid),
            geo.direction_key(state, edition, geo.section_location(edition, sid)), order[sid]))
    return min(candidates, key=lambda sid: (
        geo.dist_black_section(edition, sid),
        geo.direction_key(state, edition, geo.section_location(edition, sid)), order[sid]))


def station(state: State, edition: Edition, colour: str) -> Result:
    """ST-5: the leftmost station of the solo board, and the bonus printed under it."""
    candidates = station_spaces(state, edition, colour)
    if not candidates:
        return state, ()
    section = station_choice(state, edition, colour, candidates)
    data = data_of(edition)
    player = state.players[data.bot]
    space = data.stations - player.stations_left
    state = evolve(state, stations=state.stations.set(section, data.bot))
    state = state.with_player(evolve(player, stations_left=player.stations_left - 1))
    bonus = data.boards[solo_of(state).board].stations[space]
    return gain(state, edition, bonus, colour), ("station", section)
