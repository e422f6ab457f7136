"""The turn as a state machine: pending decisions, `legal_actions` and `apply`.

A state always rests at a decision (or at the game's end): `settle` resolves automatic
effects and skips phases with nothing to decide. What each kind of decision offers and
how it is carried out is one table, `rules.decisions.RULES`.

Check order, as boardgame.io's server does it: is the game running, is it this player's
decision, is the action known, is it legal now.

`legal_actions` and `apply` are the specification: each asks its questions afresh (a new
`Caches` per call). A search asks the same questions through `rules.search`, which hands
in the `Caches` it owns and may skip the checks of an action it was listed.
"""

from __future__ import annotations

from rules.actions import PASS, Action, parse_action
from rules.autobot.hooks import bot_effect
from rules.caches import Caches
from rules.decisions import RULES, Decision, execute, listed, pop, with_step
from rules.effects import AUTOMATIC, era_end_effects, next_turn, passed_round
from rules.errors import GameOverError, NotYourDecisionError, RuleError
from rules.frozen import evolve
from rules.kinds import Kind, Step
from rules.model import Edition
from rules.registry import edition_by_hash
from rules.state import Effect, State, Turn
from rules.trucks import claimable_bonuses, has_moves

__all__ = ["EXPECTED", "Decision", "apply", "apply_unchecked", "legal_actions", "listed_actions",
           "pending_decision", "remembered_decision", "settle"]

# Effects that wait for a player's choice, and the decision each one becomes.
DECISION_OF_EFFECT: dict[str, Kind] = {"promote": "promote", "card": "pick",
                                       "capacity": "slot", "key": "key", "extra": "extra"}
# The steps a turn rests at, and the decision each one is.
DECISION_OF_STEP: dict[Step, Kind] = {"bonus": "bonus", "main": "main", "move": "move",
                                      "autobot": "autobot"}
# Bonuses owed to the Autobot: it resolves them at once, translated (SOLO P-1, TT-1).
BOT_BONUS_KINDS = {"promote", "money", "develop", "card", "key", "capacity", "extra"}
# What each decision accepts, in the notation alone.
EXPECTED = {kind: rule.expected for kind, rule in RULES.items()}


def pending_decision(state: State) -> Decision | None:
    """What the game waits for: a decision, or None when the game is over."""
    return _pending(state, None)


def remembered_decision(state: State, caches: Caches) -> Decision | None:
    """`pending_decision`, remembered in `caches` for the last state asked: a search asks
    it of one state three times (whose turn, what is legal, apply)."""
    last = caches.pending
    if last[0] is state:
        return last[1]
    decision = _pending(state, caches)
    caches.pending = (state, decision)
    return decision


def _pending(state: State, caches: Caches | None) -> Decision | None:
    if state.phase == "over":
        return None
    if state.queue:
        fx = state.queue[0]
        return Decision(DECISION_OF_EFFECT[fx.kind], fx.player, fx.colours, fx.source)
    if state.phase == "draft":
        return Decision("route", _drafter(state))
    turn = state.turn
    assert turn is not None
    if caches is None:
        return Decision(DECISION_OF_STEP[turn.step], turn.player)
    # A decision is immutable: one object per step and player serves every turn of a
    # search, made once (a frozen dataclass's construction cost more than the rest of
    # this function).
    decision = caches.decisions.get((turn.step, turn.player))
    if decision is None:
        decision = caches.decisions[(turn.step, turn.player)] = Decision(
            DECISION_OF_STEP[turn.step], turn.player)
    return decision


def _drafters(state: State) -> tuple[str, ...]:
    """Who drafts a route card: everyone but the Autobot (SOLO S-8)."""
    return state.order[1:] if state.solo is not None else state.order


def _drafter(state: State) -> str:
    """The route draft runs in reverse seat order (RULES §4.7)."""
    return next(p for p in reversed(_drafters(state)) if state.players[p].route is None)


def legal_actions(state: State, player: str) -> list[Action]:
    """Everything `player` may do now; empty when it is not their decision."""
    return listed_actions(state, player, Caches())


def listed_actions(state: State, player: str, caches: Caches) -> list[Action]:
    """`legal_actions`, asked with `caches` (`rules.search`)."""
    decision = remembered_decision(state, caches)
    if decision is None or decision.player != player:
        return []
    edition = edition_by_hash(state.edition_hash)
    actions = listed(state, edition, decision, caches.for_edition(edition))
    if decision.optional:
        actions.append(PASS)
    return actions


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
    caches = Caches().for_edition(edition)
    return settle(execute(state, edition, decision, parsed, caches), edition, caches)


def apply_unchecked(state: State, decision: Decision, action: Action, caches: Caches, *,
                    checked: bool = False) -> State:
    """The state after `decision`'s player takes `action`, which was listed for this state
    and decision: what only a listing's work could refuse is not asked again, unless
    `checked` (`rules.search.SearchContext.apply_listed`)."""
    edition = edition_by_hash(state.edition_hash)
    caches = caches.for_edition(edition)
    return settle(execute(state, edition, decision, action, caches, checked=checked),
                  edition, caches)


# ----- resting at the next decision -----

def _has_options(state: State, edition: Edition, fx: Effect, caches: Caches) -> bool:
    decision = Decision(DECISION_OF_EFFECT[fx.kind], fx.player, fx.colours, fx.source)
    return bool(listed(state, edition, decision, caches))


def settle(state: State, edition: Edition, caches: Caches | None = None) -> State:
    """Resolve automatic effects and skip empty phases until a decision is pending."""
    if caches is None:
        caches = Caches().for_edition(edition)
    while True:
        if state.queue:
            fx = state.queue[0]
            auto = AUTOMATIC.get(fx.kind)
            if (state.solo is not None and fx.player == state.order[0]
                    and fx.kind in BOT_BONUS_KINDS):
                state = bot_effect(pop(state), edition, fx)  # no choice: at once (P-1)
            elif auto is not None:
                state = auto(pop(state), edition, fx)
            elif (fx.kind == "promote" and state.turn is not None
                  and state.phase in ("play", "final")
                  and fx.player != state.turn.player):
                # Owed to someone else: kept until their turn, so nobody waits on them.
                owed = state.players[fx.player]
                state = pop(state).with_player(
                    evolve(owed, pending_promotions=owed.pending_promotions + 1))
            elif _has_options(state, edition, fx, caches):
                return state
            else:
                state = pop(state)  # a bonus nobody can use is lost
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
        advanced = _advance_turn(state, edition, caches)
        if advanced is None:
            return state  # the step waits for its player (RULES §6: empty ones skipped)
        state = advanced


def _advance_turn(state: State, edition: Edition, caches: Caches) -> State | None:
    """One step of the turn machine when no effect is waiting; None when the step waits
    for its player."""
    turn = state.turn
    assert turn is not None
    if turn.step == "start":
        if state.solo is not None and turn.player == state.order[0]:
            return with_step(state, "autobot")  # its whole turn is one action
        player = state.players[turn.player]
        if not player.pending_promotions:
            # Nothing owed: on to phase 1, or past it at once (the state in between
            # would never rest, so it is not made).
            claim = claimable_bonuses(state, edition, turn.player)
            return with_step(state, "bonus" if claim else "main")
        owed = tuple(Effect("promote", turn.player, source="pending")
                     for _ in range(player.pending_promotions))
        state = state.with_player(evolve(player, pending_promotions=0))
        return with_step(evolve(state, queue=owed + state.queue), "bonus")
    if turn.step == "bonus":
        # Phase 1 waits only when there is a bonus to claim (DESIGN §2).
        if claimable_bonuses(state, edition, turn.player):
            return None
        return with_step(state, "main")
    if turn.step == "move":
        if has_moves(state, edition, turn.player, caches):
            return None  # listed when asked: `legal_actions` or a check
        return _end_of_turn(state, edition)  # the "end" step would not rest either
    if turn.step == "end":
        return _end_of_turn(state, edition)
    if turn.step == "era_end":
        return next_turn(state, edition, _first_step)
    return None  # "main" and "autobot" always wait for the player


def _first_step(state: State, edition: Edition, pid: str) -> Step:
    """Where `pid`'s next turn begins: past "start" at once when nothing is owed, as the
    "start" step above would go (the state in between never rests)."""
    if state.solo is not None and pid == state.order[0]:
        return "autobot"
    if state.players[pid].pending_promotions:
        return "start"  # the owed promotions are queued there
    return "bonus" if claimable_bonuses(state, edition, pid) else "main"


def _end_of_turn(state: State, edition: Edition) -> State:
    """The "end" step: the era ends after the turn that emptied its supply, or the next
    player's turn starts. Nothing here reads the step, so a turn may end from "move"."""
    if state.phase == "play" and (state.era_supply <= 0 or passed_round(state, edition)):
        return with_step(evolve(state, queue=era_end_effects(state, edition)), "era_end")
    return next_turn(state, edition, _first_step)
