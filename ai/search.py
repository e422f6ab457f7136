"""The computer player: a shallow search over whole turns, ending in an evaluation.

A decision is judged in up to three stages, each on fewer candidates than the one before:

1. every legal action (or a sample of them) is applied and the position evaluated;
2. the best `width` are played on to the end of the player's turn (its follow-up choices
   made greedily: the promotion, the card, the truck move...), since a card is worth what
   the rest of the turn makes of it;
3. the best `replies` of those are played on through the other players' turns, each of them
   answering with the action best for themselves by the same evaluation, until the player
   decides again, in `worlds` determinisations of the hidden orders. Every candidate meets
   the same worlds and random draws: with independent draws, luck outweighed the small
   differences between good candidates and this stage lost to `normal`.

Every simulation runs in a world whose hidden orders were redrawn by the bot (ai.view), so it
never sees the real bag or decks. It runs on the rules' fast path (`rules.search`): one
`SearchContext` per decision holds what the rules remember between the positions looked
at, and the actions applied are those the rules listed (a world differs from the real
position only in hidden orders, which no listing reads). A clock limit stops a stage early,
keeping the best found; only then can the same bot shown the same position answer
differently (with `seconds=None` it is a pure function of its seed and the public position).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ai.evaluate import DEFAULT, Weights, evaluate
from ai.plan.search import Option
from ai.view import determinise, position_rng
from rules import (
    Action,
    Edition,
    RuleError,
    SearchContext,
    State,
    edition_of,
)


@dataclass(frozen=True)
class Budget:
    sample: int | None = None  # actions looked at in stage 1 (None: all)
    width: int = 0  # stage 2
    replies: int = 0  # stage 3
    worlds: int = 1  # determinisations in stage 3
    follow: int = 12  # actions looked at for each follow-up choice of the player's turn
    reply_follow: int | None = None  # and for each choice of the others in stage 3
    noise: float = 0.05  # random points added to each judgement (ties, and easy's mistakes)
    # stage 2 also plays on the best action of each kind (load, station, ...) outside the
    # `width` best: a load shows its worth only with the truck's move after it
    kinds: bool = False
    seconds: float | None = None  # clock limit per decision; None: budgets only


class SearchBot:
    """A `Bot` (rules/bots.py): `choose(state, player) -> Action`."""

    def __init__(self, budget: Budget, seed: int = 0, weights: Weights = DEFAULT,
                 name: str = "") -> None:
        self.budget = budget
        self.seed = seed
        self.weights = weights
        self.name = name

    def __repr__(self) -> str:
        return f"SearchBot({self.name or self.budget!r}, seed={self.seed})"

    def choose(self, state: State, player: str) -> Action:
        context = SearchContext()
        actions = self._actions(state, player, context)
        if len(actions) == 1:
            return actions[0]  # forced: no thinking, no time
        return self.rank(state, player, actions, context)[0][0]

    def rank(self, state: State, player: str, actions: list[Action] | None = None,
             context: SearchContext | None = None) -> list[tuple[Action, float]]:
        """The actions looked at, best first, each with its value (projected points ahead
        of the others) from the deepest stage it reached; for hints and for tests."""
        context = context if context is not None else SearchContext()
        if actions is None:
            actions = self._actions(state, player, context)
        started = time.perf_counter()
        budget = self.budget
        rng = position_rng(self.seed, state, player)
        edition = edition_of(state)
        world = determinise(state, rng)

        def out_of_time() -> bool:
            return (budget.seconds is not None
                    and time.perf_counter() - started > budget.seconds)

        candidates = list(actions)
        if budget.sample is not None and len(candidates) > budget.sample:
            candidates = rng.sample(candidates, budget.sample)
        # Stage 1: the position right after each action.
        ranked: list[tuple[float, int, Action, State]] = []
        for i, action in enumerate(candidates):
            after = context.apply_listed(world, player, action)
            ranked.append((self._judge(after, edition, player, rng), i, action, after))
            if out_of_time() and len(ranked) >= 2:
                break
        ranked.sort(key=_order)
        # Stage 2: to the end of the player's turn.
        if budget.width > 0 and len(ranked) > 1 and not out_of_time():
            refined = []
            for _value, i, action, after in _stage_two(ranked, budget):
                done = self._finish_turn(after, edition, player, rng, context)
                refined.append((self._judge(done, edition, player, rng), i, action, done))
                if out_of_time():
                    break
            refined.sort(key=_order)
            done_ = {entry[1] for entry in refined}
            ranked = refined + [entry for entry in ranked if entry[1] not in done_]
        # Stage 3: through the others' turns, in several possible worlds.
        if budget.replies > 0 and len(ranked) > 1 and not out_of_time():
            # Every candidate meets the same worlds and the same random draws (common
            # random numbers), so their values differ by the action, not by luck.
            worlds = [rng.getrandbits(64) for _ in range(budget.worlds)]
            deep = []
            for _value, i, action, done in ranked[:budget.replies]:
                values = []
                for w, world_seed in enumerate(worlds):
                    if w > 0 and out_of_time():
                        break
                    wrng = random.Random(world_seed)
                    if w > 0:  # another world: the hidden orders drawn again
                        alt = context.apply_listed(determinise(state, wrng), player, action)
                        done = self._finish_turn(alt, edition, player, wrng, context)
                    after = self._others_play(done, edition, player, wrng, context)
                    values.append(evaluate(after, edition, player, self.weights))
                deep.append((sum(values) / len(values), i, action, done))
                if out_of_time():
                    break
            if len(deep) >= 2:
                deep.sort(key=_order)
                ranked = deep + ranked[len(deep):]
        return [(action, value) for value, _i, action, _s in ranked]

    def plan(self, state: State, player: str) -> list[Option]:
        """`rank` as options of the planner's kind (ai.plan.Option), without a plan: this
        player looks no further than its own turn."""
        return [Option(action, value, 1) for action, value in self.rank(state, player)]

    # ----- helpers -----

    def _actions(self, state: State, player: str, context: SearchContext) -> list[Action]:
        actions = context.legal_actions(state, player)
        if not actions:
            decision = context.pending_decision(state)
            raise RuleError("not_your_turn", current=decision.player if decision else "",
                            player=player)
        return actions

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
            sure = [a for a in actions if str(a).endswith(" deliver")]
            actions = sure + rng.sample(actions, follow)
        best, best_value = actions[0], float("-inf")
        for action in actions:
            value = evaluate(context.apply_listed(state, who, action), edition, who,
                             self.weights)
            value += rng.random() * 0.05
            if value > best_value:
                best, best_value = action, value
        return best

    def _finish_turn(self, state: State, edition: Edition, player: str,
                     rng: random.Random, context: SearchContext, limit: int = 12) -> State:
        for _ in range(limit):
            decision = context.pending_decision(state)
            if decision is None or decision.player != player:
                break
            choice = self._greedy(state, edition, player, rng, self.budget.follow, context)
            state = context.apply_listed(state, player, choice)
        return state

    def _others_play(self, state: State, edition: Edition, player: str,
                     rng: random.Random, context: SearchContext, limit: int = 40) -> State:
        for _ in range(limit):
            decision = context.pending_decision(state)
            if decision is None or decision.player == player:
                break
            who = decision.player
            choice = self._greedy(state, edition, who, rng, self.budget.reply_follow, context)
            state = context.apply_listed(state, who, choice)
        return state


def _stage_two(ranked: list[tuple[float, int, Action, State]],
               budget: Budget) -> list[tuple[float, int, Action, State]]:
    chosen = ranked[:budget.width]
    if budget.kinds:
        seen = {str(entry[2]).split(" ", 1)[0] for entry in chosen}
        for entry in ranked[budget.width:]:
            kind = str(entry[2]).split(" ", 1)[0]
            if kind not in seen:
                seen.add(kind)
                chosen.append(entry)
    return chosen


def _order(entry: tuple[float, int, Action, State]) -> tuple[float, int]:
    return -entry[0], entry[1]
