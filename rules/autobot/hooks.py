"""Where the base game meets the Autobot: small calls from `rules.flow`, `rules.effects`,
`rules.trucks` and `rules.setup`, each a no-op outside a solo game."""

from __future__ import annotations

from rules.autobot.bonuses import develop, gain, gain_engine_bonus
from rules.autobot.decks import data_of, era3_card, solo_of
from rules.autobot.employees import promote
from rules.autobot.tasks import retarget
from rules.model import Edition
from rules.state import Effect, State


def is_bot(state: State, pid: str) -> bool:
    return state.solo is not None and pid == _bot_id(state)


def _bot_id(state: State) -> str:
    # The bot is always the start player (S-7), first in seat order.
    return state.order[0]


def humans(state: State) -> tuple[str, ...]:
    """The players who decide for themselves (all of them outside a solo game)."""
    if state.solo is None:
        return state.order
    return state.order[1:]


def bot_effect(state: State, edition: Edition, effect: Effect) -> State:
    """An effect of the base game owed to the Autobot, resolved at once (P-1, TT-1)."""
    colour = solo_of(state).colour
    if effect.kind == "promote":
        return promote(state, edition)
    if effect.kind == "develop":
        return develop(state, edition, effect.amount, colour)
    if effect.kind == "money":
        return state  # S-9: the bot never receives money
    if effect.kind == "extra":
        return gain(state, edition, "road", colour)
    bonus = {"card": "card", "key": "key", "capacity": "capacity"}.get(effect.kind)
    return gain_engine_bonus(state, edition, bonus, colour) if bonus else state


def era_end_extra(state: State, edition: Edition) -> tuple[Effect, ...]:
    """EE-2 step 2: the level's extra promotions for the ending era."""
    if state.solo is None:
        return ()
    level = data_of(edition).level(state.solo.level)
    count = level.era_promotions[min(state.era, len(level.era_promotions)) - 1]
    return tuple(Effect("promote", _bot_id(state), source="era_extra") for _ in range(count))


def on_next_era(state: State, edition: Edition) -> State:
    """C-2: the yellow card tops the colour pile when its era begins."""
    if state.solo is None or state.era != data_of(edition).era3_era:
        return state
    return era3_card(state)


def bot_station_passed(state: State, edition: Edition) -> State:
    """TR-5: a human truck entering a bot station earns nothing; the bot develops at the
    levels that say so."""
    steps = data_of(edition).level(solo_of(state).level).human_truck_develop
    return develop(state, edition, steps, solo_of(state).colour) if steps else state


def after_delivery(state: State, edition: Edition, pid: str, country: str, goods: str) -> State:
    """L-7: a human's pharmaceuticals retarget a bot truck heading there."""
    if state.solo is None or is_bot(state, pid) or goods != edition.pharma_goods:
        return state
    return retarget(state, edition, country)
