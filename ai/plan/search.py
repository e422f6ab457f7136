"""Plan search: each candidate played on through the next turns of everyone, in sampled worlds.

A decision is judged in three stages, each on fewer candidates:

1. every legal action is applied and the position evaluated (ai.evaluate);
2. the best `width` (and the best of each kind: a load shows its worth only with the truck
   move after it) are played to the end of the player's own turn, greedily;
3. the best `plans` of those are played on for `horizon` more turns of this player: the
   others answer greedily (the Autobot plays its one legal action), and this player's
   later turns are chosen by the turn policy (`turn_policy`: stages 1 and 2 with a small
   width). The position reached is evaluated; with `worlds` > 1 the hidden orders are
   redrawn for each world and the values averaged. Every candidate meets the same worlds
   and the same random draws (common random numbers), so their values differ by the action.

This is what lets a load be judged by the delivery the next turn's card makes, a road by
the truck that will use it, and money by what the last turns turn it into.

Work, not time, bounds a decision: every stage has a count, and the same bot shown the same
position (the public part of it) answers the same (ai.view.position_rng).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from ai.evaluate import DEFAULT, Weights, evaluate
from ai.view import determinise, position_rng
from rules import Action, Edition, RuleError, SearchContext, State, edition_of


@dataclass(frozen=True)
class PlanBudget:
    sample: int | None = None  # stage 1: actions looked at (None: all), drawn by the seed
    width: int = 8  # stage 2: candidates played to the end of the turn
    plans: int = 4  # stage 3: candidates played on for `horizon` more own turns
    horizon: int = 1  # own turns after this one
    worlds: int = 1  # hidden-order draws per candidate in stage 3
    follow: int = 12  # actions looked at per follow-up choice (promotion, move...)
    policy_width: int = 3  # the turn policy's stage 2 width (its later turns)
    reply_follow: int | None = 8  # actions the others look at per choice
    noise: float = 0.05  # random points per judgement: ties, and weaker levels' mistakes
    # Accepted from callers of the old clock budget (ai.search.Budget) and never read: a
    # decision is bounded by the counts above, so it is a pure function of state and seed.
    seconds: float | None = None


Ranked = tuple[float, int, Action, State]


@dataclass(frozen=True)
class Option:
    """A candidate as the search judged it, and the plan behind its value."""

    action: Action
    value: float  # projected points ahead of the others
    stage: int  # 1: the position right after it; 2: its turn played out; 3: turns more
    rest: tuple[Action, ...] = ()  # the rest of this turn, as played in stage 2
    later: tuple[tuple[Action, ...], ...] = ()  # the player's next turns, in stage 3


class PlanBot:
    """A `Bot` (rules/bots.py): `choose(state, player) -> Action`."""

    def __init__(self, budget: PlanBudget, seed: int = 0, weights: Weights = DEFAULT,
                 name: str = "") -> None:
        self.budget = budget
        self.seed = seed
        self.weights = weights
        self.name = name

    def __repr__(self) -> str:
        return f"PlanBot({self.name or self.budget!r}, seed={self.seed})"

    def choose(self, state: State, player: str) -> Action:
        context = SearchContext()
        actions = _actions(state, player, context)
        if len(actions) == 1:
            return actions[0]
        return self.rank(state, player, actions, context)[0][0]

    def rank(self, state: State, player: str, actions: list[Action] | None = None,
             context: SearchContext | None = None) -> list[tuple[Action, float]]:
        """The actions looked at, best first, each with its value (projected points ahead
        of the others) from the deepest stage it reached."""
        return [(o.action, o.value) for o in self.plan(state, player, actions, context)]

    def plan(self, state: State, player: str, actions: list[Action] | None = None,
             context: SearchContext | None = None) -> list[Option]:
        """The actions looked at, best first, each with its value and, from stages 2 and
        3, the plan it was judged with (for `/hint`).

        A candidate a deeper stage judged comes before every one it did not: the values
        are not increasing down the list (a shallower judgement that came out higher is
        lowered to the deeper one above it), so a list shown to a player never offers a
        move below one its own projection ranks lower."""
        context = context if context is not None else SearchContext()
        if actions is None:
            actions = _actions(state, player, context)
        budget = self.budget
        rng = position_rng(self.seed, state, player)
        edition = edition_of(state)
        world = determinise(state, rng)
        if budget.sample is not None and len(actions) > budget.sample:
            actions = rng.sample(actions, budget.sample)
        ranked = self._stage_one(world, edition, player, actions, rng, context)
        options = {i: Option(action, value, 1) for value, i, action, _s in ranked}
        if budget.width > 0 and len(ranked) > 1:
            refined = []
            for _v, i, action, after in _with_kinds(ranked, budget.width):
                rest: list[Action] = []
                done = self._finish_turn(after, edition, player, rng, context, trace=rest)
                value = self._judge(done, edition, player, rng)
                refined.append((value, i, action, done))
                options[i] = Option(action, value, 2, tuple(rest))
            refined.sort(key=_order)
            seen = {entry[1] for entry in refined}
            ranked = refined + [e for e in ranked if e[1] not in seen]
            # stage 3 takes only candidates stage 2 played to the end of the turn
            if budget.plans > 0 and budget.horizon > 0:
                ranked = self._stage_three(state, edition, player, ranked, options, rng,
                                           context)
        out, ceiling = [], float("inf")
        for _v, i, _a, _s in ranked:
            option = options[i]
            if option.value > ceiling:
                option = dataclasses.replace(option, value=ceiling)
            ceiling = option.value
            out.append(option)
        return out

    def _stage_three(self, state: State, edition: Edition, player: str, ranked: list[Ranked],
                     options: dict[int, Option], rng: random.Random,
                     context: SearchContext) -> list[Ranked]:
        budget = self.budget
        worlds = [rng.getrandbits(64) for _ in range(budget.worlds)]
        deep = []
        for _v, i, action, done in ranked[:budget.plans]:
            total = 0.0
            later: list[list[Action]] = []
            for w, world_seed in enumerate(worlds):
                wrng = random.Random(world_seed)
                if w > 0:  # another world: the hidden orders drawn again
                    alt = context.apply_listed(determinise(state, wrng), player, action)
                    done = self._finish_turn(alt, edition, player, wrng, context)
                total += self._play_on(done, edition, player, wrng, context,
                                       later if w == 0 else [])
            value = total / len(worlds)
            deep.append((value, i, action, done))
            options[i] = dataclasses.replace(options[i], value=value, stage=3,
                                             later=tuple(tuple(t) for t in later))
        deep.sort(key=_order)
        return deep + ranked[len(deep):]

    # ----- the stages -----

    def _stage_one(self, world: State, edition: Edition, player: str, actions: list[Action],
                   rng: random.Random, context: SearchContext) -> list[Ranked]:
        ranked = []
        for i, action in enumerate(actions):
            after = context.apply_listed(world, player, action)
            ranked.append((self._judge(after, edition, player, rng), i, action, after))
        ranked.sort(key=_order)
        return ranked

    def _play_on(self, state: State, edition: Edition, player: str, rng: random.Random,
                 context: SearchContext, trace: list[list[Action]]) -> float:
        """The value after `horizon` more turns of `player` (the others' in between); each
        of those turns' actions is added to `trace`."""
        for _turn in range(self.budget.horizon):
            state = self._others_play(state, edition, player, rng, context)
            decision = context.pending_decision(state)
            if decision is None:
                break
            trace.append([])
            state = self._policy_turn(state, edition, player, rng, context, trace[-1])
        state = self._others_play(state, edition, player, rng, context)
        return evaluate(state, edition, player, self.weights)

    def _policy_turn(self, state: State, edition: Edition, player: str, rng: random.Random,
                     context: SearchContext, trace: list[Action]) -> State:
        """One turn of `player` by the turn policy: its first choice judged to the end of
        the turn among the best `policy_width` (and each kind's best), the rest greedily.
        The actions taken are added to `trace`."""
        actions = context.legal_actions(state, player)
        if len(actions) == 1:
            trace.append(actions[0])
            state = context.apply_listed(state, player, actions[0])
            return self._finish_turn(state, edition, player, rng, context, trace=trace)
        ranked = self._stage_one(state, edition, player, actions, rng, context)
        best: tuple[float, State, list[Action]] | None = None
        for _v, _i, action, after in _with_kinds(ranked, self.budget.policy_width):
            steps = [action]
            done = self._finish_turn(after, edition, player, rng, context, trace=steps)
            value = self._judge(done, edition, player, rng)
            if best is None or value > best[0]:
                best = (value, done, steps)
        assert best is not None
        trace.extend(best[2])
        return best[1]

    # ----- greedy play -----

    def _judge(self, state: State, edition: Edition, player: str, rng: random.Random) -> float:
        return evaluate(state, edition, player, self.weights) + rng.random() * self.budget.noise

    def _greedy(self, state: State, edition: Edition, who: str, rng: random.Random,
                follow: int | None, context: SearchContext | None = None) -> Action:
        context = context if context is not None else SearchContext()
        actions = context.legal_actions(state, who)
        if len(actions) == 1:
            return actions[0]
        if follow is not None and len(actions) > follow:
            # a delivery is always looked at: a sample of the truck's paths may miss it
            sure = [a for a in actions if getattr(a, "deliver", False)]
            actions = sure + rng.sample(actions, follow)
        best, best_value = actions[0], float("-inf")
        for action in actions:
            value = evaluate(context.apply_listed(state, who, action), edition, who,
                             self.weights) + rng.random() * 0.05
            if value > best_value:
                best, best_value = action, value
        return best

    def _finish_turn(self, state: State, edition: Edition, player: str, rng: random.Random,
                     context: SearchContext, limit: int = 12,
                     trace: list[Action] | None = None) -> State:
        for _ in range(limit):
            decision = context.pending_decision(state)
            if decision is None or decision.player != player:
                break
            choice = self._greedy(state, edition, player, rng, self.budget.follow, context)
            if trace is not None:
                trace.append(choice)
            state = context.apply_listed(state, player, choice)
        return state

    def _others_play(self, state: State, edition: Edition, player: str, rng: random.Random,
                     context: SearchContext, limit: int = 40) -> State:
        for _ in range(limit):
            decision = context.pending_decision(state)
            if decision is None or decision.player == player:
                break
            who = decision.player
            choice = self._greedy(state, edition, who, rng, self.budget.reply_follow, context)
            state = context.apply_listed(state, who, choice)
        return state


def _actions(state: State, player: str, context: SearchContext) -> list[Action]:
    actions = context.legal_actions(state, player)
    if not actions:
        decision = context.pending_decision(state)
        raise RuleError("not_your_turn", current=decision.player if decision else "",
                        player=player)
    return actions


def _with_kinds(ranked: list[Ranked], width: int) -> list[Ranked]:
    """The best `width`, and the best of every other kind of action (load, station...)."""
    chosen = ranked[:width]
    seen = {_kind(entry[2]) for entry in chosen}
    for entry in ranked[width:]:
        kind = _kind(entry[2])
        if kind not in seen:
            seen.add(kind)
            chosen.append(entry)
    return chosen


def _kind(action: Action) -> str:
    return str(action).split(" ", 1)[0]


def _order(entry: Ranked) -> tuple[float, int]:
    return -entry[0], entry[1]
