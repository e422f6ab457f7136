"""rules.budget_paid (RULES §10.2): the one step of each era's end that pays the
construction budget, whether the last builder's or a route card's promotion interrupts it."""

from __future__ import annotations

import random

from rules import (
    apply,
    budget_paid,
    construction_budget,
    current_player,
    legal_actions,
    load_edition,
    new_game,
)

ED = load_edition()


def test_budget_paid_once_an_era_in_the_step_that_pays_it() -> None:
    split = 0
    for seed in range(8):
        state = new_game(ED, ["ann", "ben", "cem"][: 2 + seed % 2], seed)
        rng = random.Random(seed)
        paid = 0
        while (pid := current_player(state)) is not None:
            action = str(rng.choice(legal_actions(state, pid)))
            after = apply(state, pid, action)
            if budget_paid(state, after):
                paid += 1
                split += after.era == state.era and after.phase == state.phase
                budget = construction_budget(after, ED)
                # route cards may pay more; only the mover of a priced action pays too
                for p in after.order:
                    if p != pid or action.split()[0] in ("promote", "pass"):
                        assert after.players[p].money - state.players[p].money >= budget[p]
            state = after
        assert paid == len(ED.eras), seed
    assert split > 0  # some era's end was split by a route card's promotion
