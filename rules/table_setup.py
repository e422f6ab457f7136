"""Setting up a new game for the table (RULES §4): what every game starts from, the solo
game too (SOLO S-1 builds on the setup for two)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.errors import RuleError
from rules.flow import settle
from rules.frozen import FrozenDict, evolve
from rules.model import Edition
from rules.offices import place_employee
from rules.registry import register_edition
from rules.rng import below, seed_state, shuffled
from rules.state import Player, State


def _open_at_setup(edition: Edition, colour: str) -> bool:
    """Every autobahn but the East, and the East too when it opens in era 1 (no era start
    would ever open it then)."""
    return colour != edition.east_colour or edition.east_opens_era <= 1


def _bonus_spaces(edition: Edition) -> list[str]:
    """The `B` spaces filled at setup (RULES §4.2); the East's wait for its era."""
    return [sid for sid, (link, n) in edition.sections.items()
            if _open_at_setup(edition, link.colour) and link.features[n - 1] == "B"]


def _new_player(edition: Edition, pid: str, board: int) -> Player:
    hand = tuple(c.id for c in edition.basic_cards() if _open_at_setup(edition, c.colours[0]))
    return Player(
        id=pid, money=edition.starting_money, supply=edition.employees, lobby=0,
        floors=FrozenDict({d: (0,) * edition.floors for d in edition.departments}),
        granted=0, grant_eras=(), hand=hand,
        slots=FrozenDict({s: () for s in edition.slots}), extra_capacity=FrozenDict(),
        keys=(), development=0, board=board, deliveries=FrozenDict(), delivered=(),
        trucks=(None,) * edition.trucks, stations_left=edition.stations, route=None,
        route_rewards=(), pending_promotions=0,
    )


def table_game(edition: Edition, players: Sequence[str], seed: int) -> State:
    """A new game for `players` (in seat order), everything random drawn from `seed`,
    waiting for the first decision: the route draft."""
    ids = list(players)
    if not edition.players_min <= len(ids) <= edition.players_max:
        raise RuleError("player_count", count=len(ids), low=edition.players_min,
                        high=edition.players_max)
    if len(set(ids)) != len(ids) or not all(isinstance(p, str) and p for p in ids):
        raise RuleError("player_ids", players=", ".join(map(str, ids)))
    register_edition(edition)
    rng = seed_state(seed)
    # 2. the bonus-tile bag: one tile on each western B space and beside each country
    rng, bag = shuffled(rng, edition.bonus_tiles)
    spaces = _bonus_spaces(edition)
    section_tiles = dict(zip(spaces, bag, strict=False))
    bag = bag[len(section_tiles):]
    country_tiles = dict(zip(edition.countries, bag, strict=False))
    bag = bag[len(country_tiles):]
    # 3. the card display
    rng, improved = shuffled(rng, [c.id for c in edition.deck("improved")])
    rng, advanced = shuffled(rng, [c.id for c in edition.deck("advanced")])
    # 4. delivery boards, a different one each
    rng, boards = shuffled(rng, range(1, edition.delivery_board_count + 1))
    # 5. the start player; play proceeds in seat order from there
    rng, start = below(rng, len(ids))
    order = tuple(ids[start:] + ids[:start])
    # 7. the route draft: players + `routes_revealed_extra` cards revealed
    rng, routes = shuffled(rng, list(edition.route_cards))
    prebuilt = frozenset(sid for link in edition.links.values() if link.prebuilt
                         for sid in link.section_ids())
    state = State(
        edition=edition.name, edition_hash=edition.hash, seed=seed, rng=rng, order=order,
        players=FrozenDict({pid: _new_player(edition, pid, boards[i])
                            for i, pid in enumerate(ids)}),
        phase="draft", era=1, era_supply=edition.era(1).supply, built=prebuilt,
        upgraded=frozenset(), offices=FrozenDict({c: () for c in edition.colours}),
        stations=FrozenDict(), goods=FrozenDict(dict.fromkeys(edition.goods,
                                                              edition.goods_per_type)),
        section_tiles=FrozenDict(section_tiles), country_tiles=FrozenDict(country_tiles),
        bag=bag, display=improved[:edition.display_size],
        deck=improved[edition.display_size:], advanced_deck=advanced,
        routes_offered=routes[:len(ids) + edition.routes_revealed_extra], turn=None, queue=(),
        last_builder=None, final_turns=(), reveals=0,
    )
    # 6. in seat order, one employee each on the start office
    for pid in order:
        state, _owes = place_employee(state, edition, pid, edition.start_office)
    return settle(evolve(state), edition)
