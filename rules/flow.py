"""The turn as a state machine: pending decisions, `legal_actions` and `apply`.

A state always rests at a decision (or at the game's end): `settle` resolves automatic
effects and skips phases with nothing to decide. Each kind of decision has one function
listing its legal actions and one carrying an action out; the legality of an action is
decided by the `*_problem` functions both of them use.

Check order, as boardgame.io's server does it: is the game running, is it this player's
decision, is the action known, is it legal now.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from rules.actions import (
    GRANT,
    PASS,
    TAKEBACK,
    Action,
    AutobotTurn,
    Bonus,
    Extra,
    Key,
    Move,
    Pick,
    Play,
    Promote,
    Route,
    Slot,
    parse_action,
)
from rules.effects import AUTOMATIC, era_end_effects, next_turn
from rules.errors import (
    GameOverError,
    IllegalActionError,
    NotYourDecisionError,
    RuleError,
)
from rules.frozen import evolve
from rules.model import Edition
from rules.network import open_colours
from rules.offices import promote, promotion_options
from rules.play import (
    build_problem,
    card_colours,
    card_problem,
    do_build,
    do_grant,
    do_play,
    do_research,
    do_takeback,
    grant_problem,
    needs_colour_choice,
    play_problem,
    research_problem,
    takeback_problem,
    target_problem,
)
from rules.registry import edition_by_hash
from rules.state import Effect, State, Turn
from rules.trucks import claim_bonus, claimable_bonuses, do_move, legal_moves, move_problem

# Effects that wait for a player's choice, and the decision each one becomes.
DECISION_OF_EFFECT = {"promote": "promote", "card": "pick", "capacity": "slot",
                      "key": "key", "extra": "extra"}
OPTIONAL = {"bonus", "move", "extra"}  # decisions that `pass` may decline
# Bonuses owed to the Autobot: it resolves them at once, translated (SOLO P-1, TT-1).
BOT_BONUS_KINDS = {"promote", "money", "develop", "card", "key", "capacity", "extra"}


@dataclass(frozen=True, slots=True)
class Decision:
    """What the game is waiting for: `kind` of choice by `player`."""

    kind: str  # route, bonus, main, move, promote, pick, slot, key, extra
    player: str
    colours: tuple[str, ...] = ()  # for an extra build: the autobahns it may use
    source: str = ""

    @property
    def optional(self) -> bool:
        return self.kind in OPTIONAL


def pending_decision(state: State) -> Decision | None:
    if state.phase == "over":
        return None
    if state.queue:
        fx = state.queue[0]
        return Decision(DECISION_OF_EFFECT[fx.kind], fx.player, fx.colours, fx.source)
    if state.phase == "draft":
        return Decision("route", _drafter(state))
    assert state.turn is not None
    return Decision(state.turn.step, state.turn.player)


def _drafters(state: State) -> tuple[str, ...]:
    """Who drafts a route card: everyone but the Autobot (SOLO S-8)."""
    return state.order[1:] if state.solo is not None else state.order


def _drafter(state: State) -> str:
    """The route draft runs in reverse seat order (RULES §4.7)."""
    return next(p for p in reversed(_drafters(state)) if state.players[p].route is None)


# ----- legal actions per decision -----

@lru_cache(maxsize=8)
def _by_colour(edition: Edition) -> dict[tuple[str, str], tuple[tuple[str, str | None], ...]]:
    """Candidate targets per (slot, colour), before the state is consulted."""
    out: dict[tuple[str, str], list[tuple[str, str | None]]] = {}
    for colour in edition.colours:
        for sid, (link, n) in edition.sections.items():
            if link.colour == colour:
                out.setdefault(("build", colour), []).append((sid, None))
                if link.features[n - 1] == "S":
                    out.setdefault(("station", colour), []).append((sid, None))
        for link in edition.links.values():
            if link.colour == colour:
                out.setdefault(("upgrade", colour), []).append((link.id, None))
        for depot in edition.depots.values():
            if depot.colour == colour:
                out.setdefault(("load", colour), []).extend((depot.id, g) for g in depot.goods)
        out[("research", colour)] = [(lock, None) for lock in edition.locks]
    return {k: tuple(v) for k, v in out.items()}


def extra_colours(state: State, edition: Edition, decision: Decision) -> tuple[str, ...]:
    return decision.colours or open_colours(state, edition)


def _legal_main(state: State, edition: Edition, pid: str, d: Decision) -> list[Action]:
    candidates = _by_colour(edition)
    targets: dict[tuple[str, str], list[tuple[str, str | None]]] = {}
    actions: list[Action] = []
    player = state.players[pid]
    for card in player.hand:
        choice = needs_colour_choice(edition, card)
        for colour in card_colours(state, edition, card):
            named = colour if choice else None
            for slot in edition.slots:
                # The same checks `apply` makes: the card, its colour, the slot's room.
                if card_problem(state, edition, pid, Play(slot, "", card, named)) is not None:
                    continue
                key = (slot, colour)
                if key not in targets:
                    # Play(...) directly: dataclasses.replace was the hot spot here.
                    targets[key] = [
                        (t, g) for t, g in candidates.get(key, ())
                        if target_problem(state, edition, pid, Play(slot, t, card, named, g),
                                          colour) is None]
                actions.extend(Play(slot, t, card, named, g) for t, g in targets[key])
    if takeback_problem(state, pid) is None:
        actions.append(TAKEBACK)
    if grant_problem(state, pid) is None:
        actions.append(GRANT)
    return actions or [PASS]


def _legal_extra(state: State, edition: Edition, pid: str, d: Decision) -> list[Action]:
    colours = extra_colours(state, edition, d)
    return [Extra(sid) for sid in edition.sections
            if build_problem(state, edition, pid, sid, colours) is None]


def _legal_key(state: State, edition: Edition, pid: str, d: Decision) -> list[Action]:
    return [Key(lock) for lock in edition.locks
            if research_problem(state, edition, pid, lock) is None]


def _legal_autobot(state: State, edition: Edition, pid: str, d: Decision) -> list[Action]:
    from rules.autobot.turn import autobot_turn

    return [AutobotTurn(autobot_turn(state, edition)[1])]


LEGAL: dict[str, Callable[[State, Edition, str, Decision], list[Action]]] = {
    "autobot": _legal_autobot,
    "route": lambda s, e, p, d: [Route(c) for c in s.routes_offered],
    "bonus": lambda s, e, p, d: [Bonus(c) for c in claimable_bonuses(s, e, p)],
    "main": _legal_main,
    "move": lambda s, e, p, d: list(legal_moves(s, e, p)),
    "promote": lambda s, e, p, d: list(promotion_options(s, e, p)),
    "pick": lambda s, e, p, d: [Pick(c) for c in s.display],
    "slot": lambda s, e, p, d: [Slot(slot) for slot in e.slots],
    "key": _legal_key,
    "extra": _legal_extra,
}


def legal_actions(state: State, player: str) -> list[Action]:
    """Everything `player` may do now; empty when it is not their decision."""
    decision = pending_decision(state)
    if decision is None or decision.player != player:
        return []
    edition = edition_by_hash(state.edition_hash)
    actions = LEGAL[decision.kind](state, edition, player, decision)
    if decision.optional:
        actions.append(PASS)
    return actions


# ----- carrying out an action -----

# What each decision accepts, in the notation alone: `expected` reaches players in their
# own language, and the notation is the one part of a message that is never translated.
EXPECTED = {"route": "route <card>", "bonus": "bonus <country> | pass",
            "main": "<slot> <target> with <card> | takeback | grant",
            "move": "move <truck> <section>... [deliver] | pass",
            "promote": "promote <from> <to>", "pick": "pick <card>",
            "slot": "slot <slot>", "key": "research <lock>",
            "extra": "extra <section> | pass", "autobot": "autobot <turn>"}


def _refuse(decision: Decision, action: Action) -> RuleError:
    expected = EXPECTED[decision.kind]
    if action == PASS:
        return IllegalActionError("pass_not_allowed", expected=expected)
    return IllegalActionError("wrong_decision", player=decision.player, expected=expected,
                              kind=str(action))


def _pop(state: State) -> State:
    return evolve(state, queue=state.queue[1:])


def _with_step(state: State, step: str) -> State:
    assert state.turn is not None
    return evolve(state, turn=evolve(state.turn, step=step))


def _execute(state: State, edition: Edition, pid: str, d: Decision, action: Action) -> State:
    """Carry out `action` for decision `d`, or raise the reason it is not allowed."""
    kind = d.kind
    if action == PASS and d.optional:
        return _pop(state) if kind == "extra" else _with_step(
            state, "main" if kind == "bonus" else "end")
    if kind == "main":
        return _execute_main(state, edition, pid, action, d)
    if kind == "autobot" and isinstance(action, AutobotTurn):
        from rules.autobot.turn import autobot_turn

        after, words = autobot_turn(state, edition)
        if action.words != words:
            raise IllegalActionError("autobot_turn_differs", expected=" ".join(words),
                                     given=" ".join(action.words))
        return _with_step(after, "end")
    problem: RuleError | None = _refuse(d, action)
    if kind == "route" and isinstance(action, Route):
        if action.card in state.routes_offered:
            offered = tuple(c for c in state.routes_offered if c != action.card)
            player = evolve(state.players[pid], route=action.card)
            return evolve(state.with_player(player), routes_offered=offered)
        problem = IllegalActionError("unknown_route", route=action.card)
    elif kind == "bonus" and isinstance(action, Bonus):
        if action.country in claimable_bonuses(state, edition, pid):
            # One claim per turn (RULES §9.3): phase 1 is over once a bonus is claimed.
            return claim_bonus(_with_step(state, "main"), edition, pid, action.country)
        problem = IllegalActionError("bonus_unavailable", country=action.country)
    elif kind == "move" and isinstance(action, Move):
        problem = move_problem(state, edition, pid, action)
        if problem is None:
            return do_move(_with_step(state, "end"), edition, pid, action)
    elif kind == "promote" and isinstance(action, Promote):
        if action in promotion_options(state, edition, pid):
            return promote(_pop(state), edition, pid, action)
        problem = IllegalActionError("promotion_illegal", source=action.source,
                                     target=action.target)
    elif kind == "pick" and isinstance(action, Pick):
        if action.card in state.display:
            return _pick(_pop(state), pid, action.card)
        problem = IllegalActionError("card_not_in_display", card=action.card)
    elif kind == "slot" and isinstance(action, Slot):
        if action.slot in edition.slots:
            player = state.players[pid]
            extra = player.extra_capacity.set(action.slot,
                                              player.extra_capacity.get(action.slot, 0) + 1)
            return _pop(state).with_player(evolve(player, extra_capacity=extra))
        problem = IllegalActionError("unknown_slot", slot=action.slot)
    elif kind == "key" and isinstance(action, Key):
        problem = research_problem(state, edition, pid, action.lock)
        if problem is None:
            return do_research(_pop(state), edition, pid, action.lock)
    elif kind == "extra" and isinstance(action, Extra):
        problem = build_problem(state, edition, pid, action.section,
                                extra_colours(state, edition, d))
        if problem is None:
            return do_build(_pop(state), edition, pid, action.section)
    # Each branch returned where its check found no problem, so one is set here.
    assert problem is not None
    raise problem


def _execute_main(state: State, edition: Edition, pid: str, action: Action,
                  d: Decision) -> State:
    if isinstance(action, Play):
        problem = play_problem(state, edition, pid, action)
        if problem is None:
            return do_play(_with_step(state, "move"), edition, pid, action)
        raise problem
    if action == TAKEBACK:
        problem = takeback_problem(state, pid)
        if problem is None:
            return do_takeback(_with_step(state, "end"), edition, pid)
        raise problem
    if action == GRANT:
        problem = grant_problem(state, pid)
        if problem is None:
            return do_grant(_with_step(state, "end"), edition, pid)
        raise problem
    if action == PASS and _legal_main(state, edition, pid, d) == [PASS]:
        return _with_step(state, "end")
    raise _refuse(d, action)


def _pick(state: State, pid: str, card: str) -> State:
    """Take a card from the display; the display refills from its deck."""
    player = state.players[pid]
    display = tuple(c for c in state.display if c != card)
    deck = state.deck
    reveals = state.reveals
    if deck:
        display, deck, reveals = (*display, deck[0]), deck[1:], reveals + 1
    state = evolve(state, display=display, deck=deck, reveals=reveals)
    return state.with_player(evolve(player, hand=(*player.hand, card)))


def apply(state: State, player: str, action: str | Action) -> State:
    """The state after `player` takes `action`; raises a `RuleError` and changes nothing
    when the action is not allowed."""
    if state.phase == "over":
        raise GameOverError()
    if player not in state.players:
        raise RuleError("unknown_player", player=player)
    decision = pending_decision(state)
    assert decision is not None
    if decision.player != player:
        raise NotYourDecisionError(current=decision.player, player=player)
    parsed = parse_action(action)
    edition = edition_by_hash(state.edition_hash)
    return settle(_execute(state, edition, player, decision, parsed), edition)


# ----- resting at the next decision -----

def _has_options(state: State, edition: Edition, fx: Effect) -> bool:
    decision = Decision(DECISION_OF_EFFECT[fx.kind], fx.player, fx.colours, fx.source)
    return bool(LEGAL[decision.kind](state, edition, fx.player, decision))


def settle(state: State, edition: Edition) -> State:
    """Resolve automatic effects and skip empty phases until a decision is pending."""
    while True:
        if state.queue:
            fx = state.queue[0]
            auto = AUTOMATIC.get(fx.kind)
            if (state.solo is not None and fx.player == state.order[0]
                    and fx.kind in BOT_BONUS_KINDS):
                from rules.autobot.hooks import bot_effect

                state = bot_effect(_pop(state), edition, fx)  # no choice: at once (P-1)
            elif auto is not None:
                state = auto(_pop(state), edition, fx)
            elif (fx.kind == "promote" and state.turn is not None
                  and state.phase in ("play", "final") and fx.player != state.turn.player):
                # Owed to someone else: kept until their turn, so nobody waits on them.
                owed = state.players[fx.player]
                state = _pop(state).with_player(
                    evolve(owed, pending_promotions=owed.pending_promotions + 1))
            elif _has_options(state, edition, fx):
                return state
            else:
                state = _pop(state)  # a bonus nobody can use is lost
            continue
        if state.phase == "draft":
            if all(state.players[p].route is not None for p in _drafters(state)):
                state = evolve(state, phase="play", turn=Turn(state.order[0], "start"))
                continue
            return state
        if state.phase == "scoring":
            return evolve(state, phase="over")
        if state.phase == "over":
            return state
        advanced = _advance_turn(state, edition)
        if advanced is state:
            return state  # a step that waits for its player (RULES §6: empty phases skipped)
        state = advanced


def _advance_turn(state: State, edition: Edition) -> State:
    """One step of the turn machine when no effect is waiting."""
    turn = state.turn
    assert turn is not None
    if turn.step == "start":
        if state.solo is not None and turn.player == state.order[0]:
            return _with_step(state, "autobot")  # its whole turn is one action
        player = state.players[turn.player]
        owed = tuple(Effect("promote", turn.player, source="pending")
                     for _ in range(player.pending_promotions))
        state = state.with_player(evolve(player, pending_promotions=0))
        return _with_step(evolve(state, queue=owed + state.queue), "bonus")
    if turn.step == "bonus":
        # Phase 1 waits only when there is a bonus to claim (DESIGN §2).
        if claimable_bonuses(state, edition, turn.player):
            return state
        return _with_step(state, "main")
    if turn.step == "move":
        if legal_moves(state, edition, turn.player):
            return state
        return _with_step(state, "end")
    if turn.step == "end":
        if state.phase == "play" and state.era_supply <= 0:
            return _with_step(evolve(state, queue=era_end_effects(state, edition)), "era_end")
        return next_turn(state, edition)
    if turn.step == "era_end":
        return next_turn(state, edition)
    return state  # "main" always waits for the player
