"""Automatic effects: money, the development track, and the end of an era (RULES §9–10)."""

from __future__ import annotations

from collections.abc import Callable

from rules.frozen import evolve
from rules.kinds import Step
from rules.model import Edition
from rules.network import autobahn_cities, city_values, joined
from rules.play import bonus_effects, prepend
from rules.state import Effect, State, Turn


def gain_money(state: State, edition: Edition, effect: Effect) -> State:
    player = state.players[effect.player]
    return state.with_player(evolve(player, money=player.money + effect.amount))


def develop(state: State, edition: Edition, effect: Effect) -> State:
    """Advance the development token; each space entered gives its bonus (RULES §9.5)."""
    player = state.players[effect.player]
    last = len(edition.development_track) - 1
    effects: list[Effect] = []
    position = player.development
    for _ in range(effect.amount):
        if position >= last:
            break  # steps past the end are lost
        position += 1
        bonus = edition.development_track[position]
        if bonus:
            effects.extend(bonus_effects(bonus, effect.player, "development"))
    state = state.with_player(evolve(player, development=position))
    return prepend(state, effects)


def construction_budget(state: State, edition: Edition) -> dict[str, int]:
    """What each player earns from the offices at an era's end (seed ruling, p. 14).

    Per office with at least one occupied seat: the values of the autobahn's cities that
    are on the network (trading cities included) are summed, divided by the office's
    employees rounding down, and paid once per employee to each employee's owner.
    """
    income = dict.fromkeys(state.order, 0)
    values = city_values(state, edition)  # the cities on the network
    for colour, seats in state.offices.items():
        if not seats:
            continue
        total = sum(values.get(node, 0) for node in autobahn_cities(edition, colour))
        share = total // len(seats)
        for pid in seats:
            income[pid] += share
    return income


def pay_budget(state: State, edition: Edition, effect: Effect) -> State:
    for pid, amount in construction_budget(state, edition).items():
        # The Autobot is a shareholder in the division but is paid nothing (SOLO EE-2).
        if amount and not (state.solo is not None and pid == state.order[0]):
            player = state.players[pid]
            state = state.with_player(evolve(player, money=player.money + amount))
    return state


def score_routes(state: State, edition: Edition, effect: Effect) -> State:
    """Route cards (RULES §10.2 step 3): rewarded the first time each goal is reached."""
    effects: list[Effect] = []
    for pid in state.order:
        player = state.players[pid]
        if player.route is None:
            continue
        route = edition.route_cards[player.route]
        earned = list(player.route_rewards)
        goals = (("complete", False, edition.route_reward_complete),
                 ("upgraded", True, edition.route_reward_upgraded))
        for name, upgraded_only, rewards in goals:
            if name not in earned and joined(state, edition, route.a, route.b,
                                             upgraded_only=upgraded_only):
                earned.append(name)
                for bonus in rewards:
                    effects.extend(bonus_effects(bonus, pid, "route"))
        if len(earned) != len(player.route_rewards):
            state = state.with_player(evolve(player, route_rewards=tuple(earned)))
    return prepend(state, effects)


def draw_tile(state: State) -> tuple[State, str | None]:
    if not state.bag:
        return state, None
    tile = state.bag[0]
    return evolve(state, bag=state.bag[1:], reveals=state.reveals + 1), tile


def refill_countries(state: State, edition: Edition) -> State:
    """Every country without a tile gets one from the bag; an empty bag places nothing."""
    for country in edition.countries:
        if country not in state.country_tiles:
            state, tile = draw_tile(state)
            if tile is None:
                break
            state = evolve(state, country_tiles=state.country_tiles.set(country, tile))
    return state


def east_bonus_spaces(edition: Edition) -> tuple[str, ...]:
    return tuple(sid for sid, (link, n) in edition.sections.items()
                 if link.colour == edition.east_colour and link.features[n - 1] == "B")


def open_east(state: State, edition: Edition) -> State:
    """The era-3 changes of RULES §10.2 step 4 that concern the East and the cards."""
    for section in east_bonus_spaces(edition):
        state, tile = draw_tile(state)
        if tile is None:
            break
        state = evolve(state, section_tiles=state.section_tiles.set(section, tile))
    east_cards = tuple(c.id for c in edition.basic_cards() if c.colours == (edition.east_colour,))
    # The Autobot has no hand (SOLO S-12): it gets the era-3 colour card instead (C-2).
    for pid in state.order[1:] if state.solo is not None else state.order:
        player = state.players[pid]
        state = state.with_player(evolve(player, hand=player.hand + east_cards))
    return state


def switch_to_advanced(state: State, edition: Edition) -> State:
    size = edition.display_size
    deck = state.advanced_deck
    return evolve(state, display=deck[:size], deck=deck[size:], advanced_deck=(),
                   reveals=state.reveals + 1)


def next_era(state: State, edition: Edition, effect: Effect) -> State:
    era = state.era + 1
    state = evolve(state, era=era, era_supply=edition.era(era).supply, last_builder=None,
                   passes=0)
    if era == edition.east_opens_era:
        state = open_east(state, edition)
    if era == len(edition.eras):
        state = switch_to_advanced(state, edition)
    state = refill_countries(state, edition)
    if state.solo is not None:
        from rules.autobot import hooks

        state = hooks.on_next_era(state, edition)
    return state


def start_final_round(state: State, edition: Edition, effect: Effect) -> State:
    """After the last era: every other player once more, the trigger player last."""
    assert state.turn is not None
    trigger = effect.player
    i = state.order.index(trigger)
    others = state.order[i + 1:] + state.order[:i]
    return evolve(state, phase="final", final_turns=(*others, trigger))


def passed_round(state: State, edition: Edition) -> bool:
    """Every player passed their main action, one after the other: nobody can act (no
    money to build, nothing to play a card on), and nothing would ever change again, so
    the era ends (Edition.era_end). The Autobot always acts: a solo game never needs it."""
    return (edition.era_end == "supply_or_passes" and state.solo is None
            and state.passes >= len(state.order))


def era_end_effects(state: State, edition: Edition) -> tuple[Effect, ...]:
    """RULES §10.2: promotion, construction budget, route cards, then the next era."""
    acting = state.turn.player if state.turn else state.order[0]
    last = state.era >= len(edition.eras)
    # An era ended by a round of passes (passed_round): nobody built its last section,
    # so nobody is promoted for it; the player whose pass ended it takes the final turn.
    built_out = state.era_supply <= 0 or not passed_round(state, edition)
    builder = (state.last_builder or acting) if built_out else acting
    solo: tuple[Effect, ...] = ()
    if state.solo is not None:
        from rules.autobot import hooks

        solo = hooks.era_end_extra(state, edition)  # the Autobot's extra promotions
    return (
        *((Effect("promote", builder, source="era_end"),) if built_out else ()),
        *solo,
        Effect("budget", source="era_end"),
        Effect("routes", source="era_end"),
        Effect("final", builder) if last else Effect("next_era"),
    )


_AFTER_BUDGET = frozenset({"routes", "next_era", "final"})  # era_end_effects' later ones


def budget_paid(before: State, after: State) -> bool:
    """Whether the construction budget was paid between two states one decision apart.

    An era's end (era_end_effects) runs promotion, budget, route cards, next era; the
    last builder's promotion comes before the budget and a route card's promotion after
    it, each a decision of its own, so the budget is not always paid in the step whose era
    changes. What is queued before and after the step tells."""
    waiting_before = {fx.kind for fx in before.queue}
    waiting_after = {fx.kind for fx in after.queue}
    if "budget" in waiting_after:
        return False  # still behind the last builder's promotion
    if "budget" in waiting_before:
        return True
    if waiting_before & _AFTER_BUDGET:
        return False  # paid in an earlier step; a route card's promotion came between
    return (after.era != before.era or (before.phase == "play" and after.phase == "final")
            or bool(waiting_after & _AFTER_BUDGET))


def begin_scoring(state: State, edition: Edition) -> State:
    """Pending promotions are resolved, in seat order, before the final scoring."""
    effects = tuple(Effect("promote", pid, source="pending")
                    for pid in state.order
                    for _ in range(state.players[pid].pending_promotions))
    for pid in state.order:
        state = state.with_player(evolve(state.players[pid], pending_promotions=0))
    return evolve(state, phase="scoring", turn=None, queue=effects + state.queue)


def next_turn(state: State, edition: Edition,
              first_step: Callable[[State, Edition, str], Step] | None = None) -> State:
    """The next player's turn. `first_step` names the step the turn begins at, when it
    can tell that "start" would not rest (the turn machine's, rules.flow)."""
    assert state.turn is not None
    number = state.turn.number + 1
    if state.phase == "final":
        if not state.final_turns:
            return begin_scoring(state, edition)
        pid, rest = state.final_turns[0], state.final_turns[1:]
        step = "start" if first_step is None else first_step(state, edition, pid)
        return evolve(state, final_turns=rest, turn=Turn(pid, step, number=number))
    i = state.order.index(state.turn.player)
    pid = state.order[(i + 1) % len(state.order)]
    step = "start" if first_step is None else first_step(state, edition, pid)
    return evolve(state, turn=Turn(pid, step, number=number))


AUTOMATIC: dict[str, Callable[[State, Edition, Effect], State]] = {
    "money": gain_money,
    "develop": develop,
    "budget": pay_budget,
    "routes": score_routes,
    "next_era": next_era,
    "final": start_final_round,
}
