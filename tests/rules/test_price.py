"""`rules.price`: what a main action costs its player, the price `apply` takes (RULES §7.1,
7.2, 7.4), before anything the action sets off pays back."""

from __future__ import annotations

from rules import Play, apply, legal_actions, money, parse_action, price
from tests.rules.helpers import EDITION, drafted, random_states


def test_price_of_each_main_action_is_the_editions() -> None:
    state = drafted()
    era = EDITION.era(state.era)
    link = next(iter(EDITION.links.values()))
    assert price(state, parse_action("build k2.2 with black")) == era.build_cost
    assert (price(state, parse_action(f"upgrade {link.id} with {link.colour}"))
            == EDITION.upgrade_cost(state.era, link))
    assert price(state, parse_action("station k3.1 with black")) == EDITION.station_cost
    assert price(state, parse_action("extra k2.2")) == era.build_cost
    for free in ("research network2 with black", "takeback", "grant", "pass"):
        assert price(state, parse_action(free)) == 0


def test_price_is_what_apply_takes_when_nothing_pays_back() -> None:
    """Over random games, every legal build, upgrade and station whose apply pays nothing
    back (no tile, no development) changes the player's money by exactly its price."""
    checked = 0
    for state in random_states(seed=4, players=3, limit=400):
        pid = state.turn.player if state.turn is not None else None
        if pid is None or state.turn is None or state.turn.step != "main":
            continue
        for action in legal_actions(state, pid):
            if not (isinstance(action, Play) and action.slot in ("build", "upgrade", "station")):
                continue
            after = apply(state, pid, action)
            gained_elsewhere = (after.players[pid].development != state.players[pid].development
                                or after.section_tiles != state.section_tiles)
            if not gained_elsewhere:
                assert money(state, pid) - money(after, pid) == price(state, action), action
                checked += 1
    assert checked > 100
