"""One table of decisions: for each kind, what it offers and how an answer is carried out.

Like Rally the Troops' named states, each `Rule` holds a decision's legal actions, its
executor, what `pass` does when the decision may be declined, and the notation it
expects. The legality of an action is decided by the `*_problem` functions both the
listing and the executor use, so `legal_actions` and `apply` cannot disagree.

An executor is told whether to check (`checked`): `rules.apply` always checks; the search's
fast path (`rules.search.SearchContext.apply_listed`) promises an action it was listed for
this very state, and the checks that cost a listing's work (a main action, a truck's move,
a promotion) are skipped then. The promise is the caller's, as with python-chess's `push`
beside `push_uci`; nothing here tells a listed action by its identity.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules import candidates
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
    is_pass,
)
from rules.autobot.turn import autobot_turn
from rules.caches import Caches
from rules.errors import IllegalActionError, RuleError
from rules.frozen import evolve
from rules.kinds import Kind, Step
from rules.main_action import legal_main, main_play_problem
from rules.model import Edition
from rules.network import open_colours
from rules.offices import promote, promotion_options
from rules.play import (
    build_problem,
    do_build,
    do_grant,
    do_play,
    do_research,
    do_takeback,
    grant_problem,
    research_problem,
    takeback_problem,
)
from rules.state import State
from rules.trucks import claim_bonus, claimable_bonuses, do_move, legal_moves, move_problem


@dataclass(frozen=True, slots=True)
class Decision:
    """What the game is waiting for: `kind` of choice by `player`."""

    kind: Kind
    player: str
    colours: tuple[str, ...] = ()  # for an extra build: the autobahns it may use
    source: str = ""

    @property
    def optional(self) -> bool:
        return RULES[self.kind].declined is not None


Legal = Callable[[State, Edition, Decision, Caches], list[Action]]
Execute = Callable[[State, Edition, Decision, Action, Caches, bool], State]


@dataclass(frozen=True, slots=True)
class Rule:
    """One kind of decision. `execute` carries out an action of the decision or raises the
    reason it is not allowed (unless told the action was listed: `checked` false);
    `declined` is the state after `pass`, for a decision that may
    be declined; `expected` is the notation it accepts (it reaches players in their own
    language, and the notation is the one part of a message that is never translated)."""

    kind: Kind
    legal: Legal
    execute: Execute
    expected: str
    declined: Callable[[State], State] | None = None


# ----- small state steps -----

def pop(state: State) -> State:
    """The state with the head of the queue resolved."""
    return evolve(state, queue=state.queue[1:])


def with_step(state: State, step: Step) -> State:
    assert state.turn is not None
    return evolve(state, turn=evolve(state.turn, step=step))


def refuse(decision: Decision, action: Action) -> RuleError:
    """The refusal of an action this decision does not take."""
    expected = RULES[decision.kind].expected
    if action == PASS:
        return IllegalActionError("pass_not_allowed", expected=expected)
    return IllegalActionError("wrong_decision", player=decision.player, expected=expected,
                              kind=str(action))


def extra_colours(state: State, edition: Edition, decision: Decision) -> tuple[str, ...]:
    return decision.colours or open_colours(state, edition)


def listed(state: State, edition: Edition, decision: Decision, caches: Caches) -> list[Action]:
    """The decision's legal actions, remembered in `caches` for the last state asked:
    `settle` asks whether a decision has options, and `legal_actions` then asks the same
    of the same state."""
    last = caches.listing
    # The same decision is mostly the very object (pending_decision remembers it), and
    # comparing a dataclass field by field is a Python-level call.
    if last[0] is state and (last[1] is decision or last[1] == decision):
        return list(last[2])
    actions = RULES[decision.kind].legal(state, edition, decision, caches)
    caches.listing = (state, decision, tuple(actions))
    return actions


# ----- the decisions, one pair of functions each -----

def _legal_route(state: State, edition: Edition, d: Decision,
                 caches: Caches) -> list[Action]:
    return [Route(c) for c in state.routes_offered]


def _route(state: State, edition: Edition, d: Decision, action: Action,
           caches: Caches, checked: bool) -> State:
    if not isinstance(action, Route):
        raise refuse(d, action)
    if action.card not in state.routes_offered:
        raise IllegalActionError("unknown_route", route=action.card)
    offered = tuple(c for c in state.routes_offered if c != action.card)
    player = evolve(state.players[d.player], route=action.card)
    return evolve(state.with_player(player), routes_offered=offered)


def _legal_bonus(state: State, edition: Edition, d: Decision,
                 caches: Caches) -> list[Action]:
    return [Bonus(c) for c in claimable_bonuses(state, edition, d.player)]


def _bonus(state: State, edition: Edition, d: Decision, action: Action,
           caches: Caches, checked: bool) -> State:
    if not isinstance(action, Bonus):
        raise refuse(d, action)
    if action.country not in claimable_bonuses(state, edition, d.player):
        raise IllegalActionError("bonus_unavailable", country=action.country)
    # One claim per turn (RULES §9.3): phase 1 is over once a bonus is claimed.
    return claim_bonus(with_step(state, "main"), edition, d.player, action.country)


def _legal_main(state: State, edition: Edition, d: Decision,
                caches: Caches) -> list[Action]:
    return legal_main(state, edition, d.player, caches)


def _main(state: State, edition: Edition, d: Decision, action: Action,
          caches: Caches, checked: bool) -> State:
    pid = d.player
    if is_pass(action) and listed(state, edition, d, caches) == [PASS]:
        return with_step(evolve(state, passes=state.passes + 1), "end")
    if state.passes:
        state = evolve(state, passes=0)  # somebody acted: the round of passes is broken
    if isinstance(action, Play):
        problem = main_play_problem(state, edition, pid, action, caches) if checked else None
        if problem is None:
            return do_play(state, edition, pid, action)  # on to "move"
        raise problem
    if action == TAKEBACK:
        problem = takeback_problem(state, pid)
        if problem is None:
            return do_takeback(with_step(state, "end"), edition, pid)
        raise problem
    if action == GRANT:
        problem = grant_problem(state, pid)
        if problem is None:
            return do_grant(with_step(state, "end"), edition, pid)
        raise problem
    raise refuse(d, action)


def _legal_move(state: State, edition: Edition, d: Decision,
                caches: Caches) -> list[Action]:
    return list(legal_moves(state, edition, d.player, caches))


def _move(state: State, edition: Edition, d: Decision, action: Action,
          caches: Caches, checked: bool) -> State:
    if not isinstance(action, Move):
        raise refuse(d, action)
    if checked:
        problem = move_problem(state, edition, d.player, action)
        if problem is not None:
            raise problem
    return do_move(state, edition, d.player, action)


def _legal_promote(state: State, edition: Edition, d: Decision,
                   caches: Caches) -> list[Action]:
    return list(promotion_options(state, edition, d.player))


def _promote(state: State, edition: Edition, d: Decision, action: Action,
             caches: Caches, checked: bool) -> State:
    if not isinstance(action, Promote):
        raise refuse(d, action)
    if checked and action not in promotion_options(state, edition, d.player):
        raise IllegalActionError("promotion_illegal", source=action.source,
                                 target=action.target)
    return promote(pop(state), edition, d.player, action)


def _legal_pick(state: State, edition: Edition, d: Decision,
                caches: Caches) -> list[Action]:
    return [Pick(c) for c in state.display]


def _pick(state: State, edition: Edition, d: Decision, action: Action,
          caches: Caches, checked: bool) -> State:
    """Take a card from the display; the display refills from its deck."""
    if not isinstance(action, Pick):
        raise refuse(d, action)
    if action.card not in state.display:
        raise IllegalActionError("card_not_in_display", card=action.card)
    state = pop(state)
    player = state.players[d.player]
    display = tuple(c for c in state.display if c != action.card)
    deck = state.deck
    reveals = state.reveals
    if deck:
        display, deck, reveals = (*display, deck[0]), deck[1:], reveals + 1
    state = evolve(state, display=display, deck=deck, reveals=reveals)
    return state.with_player(evolve(player, hand=(*player.hand, action.card)))


def _legal_slot(state: State, edition: Edition, d: Decision,
                caches: Caches) -> list[Action]:
    return [Slot(slot) for slot in edition.slots]


def _slot(state: State, edition: Edition, d: Decision, action: Action,
          caches: Caches, checked: bool) -> State:
    if not isinstance(action, Slot):
        raise refuse(d, action)
    if action.slot not in edition.slots:
        raise IllegalActionError("unknown_slot", slot=action.slot)
    player = state.players[d.player]
    extra = player.extra_capacity.set(action.slot,
                                      player.extra_capacity.get(action.slot, 0) + 1)
    return pop(state).with_player(evolve(player, extra_capacity=extra))


def _legal_key(state: State, edition: Edition, d: Decision,
               caches: Caches) -> list[Action]:
    return [Key(lock) for lock in edition.locks
            if research_problem(state, edition, d.player, lock) is None]


def _key(state: State, edition: Edition, d: Decision, action: Action,
         caches: Caches, checked: bool) -> State:
    if not isinstance(action, Key):
        raise refuse(d, action)
    problem = research_problem(state, edition, d.player, action.lock)
    if problem is not None:
        raise problem
    return do_research(pop(state), edition, d.player, action.lock)


def _legal_extra(state: State, edition: Edition, d: Decision,
                 caches: Caches) -> list[Action]:
    colours = extra_colours(state, edition, d)
    return [Extra(sid) for sid, _ in candidates.frontier(state, edition, colours, caches)
            if build_problem(state, edition, d.player, sid, colours) is None]


def _extra(state: State, edition: Edition, d: Decision, action: Action,
           caches: Caches, checked: bool) -> State:
    if not isinstance(action, Extra):
        raise refuse(d, action)
    problem = build_problem(state, edition, d.player, action.section,
                            extra_colours(state, edition, d))
    if problem is not None:
        raise problem
    return do_build(pop(state), edition, d.player, action.section)


def _legal_autobot(state: State, edition: Edition, d: Decision,
                   caches: Caches) -> list[Action]:
    return [AutobotTurn(autobot_turn(state, edition)[1])]


def _autobot(state: State, edition: Edition, d: Decision, action: Action,
             caches: Caches, checked: bool) -> State:
    if not isinstance(action, AutobotTurn):
        raise refuse(d, action)
    after, words = autobot_turn(state, edition)
    if action.words != words:
        raise IllegalActionError("autobot_turn_differs", expected=" ".join(words),
                                 given=" ".join(action.words))
    return with_step(after, "end")


RULES: dict[Kind, Rule] = {rule.kind: rule for rule in (
    Rule("route", _legal_route, _route, "route <card>"),
    Rule("bonus", _legal_bonus, _bonus, "bonus <country> | pass",
         declined=lambda s: with_step(s, "main")),
    Rule("main", _legal_main, _main, "<slot> <target> with <card> | takeback | grant"),
    Rule("move", _legal_move, _move, "move <truck> <section>... [deliver] | pass",
         declined=lambda s: with_step(s, "end")),
    Rule("promote", _legal_promote, _promote, "promote <from> <to>"),
    Rule("pick", _legal_pick, _pick, "pick <card>"),
    Rule("slot", _legal_slot, _slot, "slot <slot>"),
    Rule("key", _legal_key, _key, "research <lock>"),
    Rule("extra", _legal_extra, _extra, "extra <section> | pass", declined=pop),
    Rule("autobot", _legal_autobot, _autobot, "autobot <turn>"),
)}


def execute(state: State, edition: Edition, decision: Decision, action: Action,
            caches: Caches, *, checked: bool = True) -> State:
    """Carry out `action` for `decision`, or raise the reason it is not allowed; with
    `checked` false, `action` is one `listed` for this state, and what only a listing's
    work could refuse is not asked again."""
    rule = RULES[decision.kind]
    if rule.declined is not None and is_pass(action):
        return rule.declined(state)
    return rule.execute(state, edition, decision, action, caches, checked)
