"""An era's end told (RULES §10.2): the construction budget each player is paid, the route
cards whose cities the network now joins, the next era or the final round.

The era's end is a run of effects (promotion, budget, route cards, next era) that a
decision can interrupt: the last builder's promotion comes first, and a route card's
promotion stops the run again before the next era begins. So the step that pays the
budget is not always the step whose era changes (rules.budget_paid tells).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import rules
from locales import translate
from service import labels as L

if TYPE_CHECKING:
    from .story_step import Step

def era_ended(step: Step) -> bool:
    """The step began the next era or the final round."""
    before, after = step.before, step.after
    return after.era != before.era or (before.phase == "play" and after.phase == "final")


def budget_paid(step: Step) -> bool:
    """The construction budget was paid during this step (rules.budget_paid)."""
    return rules.budget_paid(step.before, step.after)


def era_money(step: Step) -> dict[str, tuple[int, int]]:
    """Per player who gained any: (construction budget, route cards' DM) paid in this step."""
    budget = (rules.construction_budget(step.after, rules.edition_of(step.before))
              if budget_paid(step) else {})
    bot = rules.autobot_seat(step.before)
    out = {}
    for pid in step.after.order:
        paid = 0 if pid == bot else budget.get(pid, 0)  # the Autobot is paid nothing (EE-2)
        route = _route_money(step, pid)
        if paid or route:
            out[pid] = (paid, route)
    return out


def _route_money(step: Step, pid: str) -> int:
    """The route cards' DM paid to `pid` in this step: a goal's money waits in the queue
    behind its promotion when that is a decision, and is paid in a later step."""
    def waiting(state: rules.State) -> int:
        return sum(fx.amount for fx in state.queue
                   if fx.kind == "money" and fx.source == "route" and fx.player == pid)

    reached = sum(amount for _, bonuses in _goals_reached(step, pid)
                  for kind, amount in map(rules.parse_bonus, bonuses) if kind == "money")
    return waiting(step.before) + reached - waiting(step.after)


def _goals_reached(step: Step, pid: str) -> list[tuple[str, tuple[str, ...]]]:
    """(goal, its bonuses) for each route-card goal `pid` reached in this step (RULES §11)."""
    ed = rules.edition_of(step.before)
    old = step.before.players[pid].route_rewards
    rewards = {"complete": ed.route_reward_complete, "upgraded": ed.route_reward_upgraded}
    return [(goal, rewards[goal]) for goal in step.after.players[pid].route_rewards
            if goal not in old]


def route_lines(step: Step, names: Mapping[str, str], lang: str) -> list[str]:
    """A route card whose two cities the network joins, and what that gives."""
    ed = rules.edition_of(step.before)
    out = []
    for pid in step.after.order:
        card = step.after.players[pid].route
        if card is None:
            continue
        for goal, bonuses in _goals_reached(step, pid):
            out.append(translate(f"story.route.{goal}", lang, player=names.get(pid, pid),
                                 route=L.route_ends(ed, card),
                                 what=_what([rules.parse_bonus(b) for b in bonuses], lang)))
    return out


def _what(bonuses: list[tuple[str, int]], lang: str) -> str:
    """"5 DM and a promotion", "2 promotions": the same kinds counted together."""
    counted: dict[str, int] = {}
    for kind, amount in bonuses:
        counted[kind] = counted.get(kind, 0) + amount
    parts = [translate("story.reward.promotions", lang, count=n) if kind == "promote" and n > 1
             else translate(f"story.tile_what.{kind}", lang, n=n)
             for kind, n in counted.items()]
    text = parts[-1]
    for part in reversed(parts[:-1]):
        text = translate("story.and", lang, first=part, then=text)
    return text


def era_lines(step: Step, lang: str) -> list[str]:
    """Why an era ended early, and which era or round begins."""
    before, after = step.before, step.after
    lines = []
    if budget_paid(step):
        left = before.era_supply - (len(after.built) - len(before.built))
        if left > 0:  # a round of passes ended it (rules/RULES.md): say why, or it looks a bug
            lines.append(translate("story.era_passed", lang, era=before.era, count=left))
    if after.era != before.era:
        lines.append(translate("story.era", lang, era=after.era))
    elif era_ended(step):
        lines.append(translate("story.final_round", lang, era=before.era))
    return lines
