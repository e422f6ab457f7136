"""An era's end told (RULES §10.2, service.story_era): every DM by its reason, the budget
of the last era too, the route cards, and the era or final round that begins."""

from __future__ import annotations

import re

import pytest
from service_testutil import PLAYERS, SEED, random_game

import rules
from locales import translate
from service import labels as L
from service.story_era import budget_paid, era_ended
from service.story_step import BULLET, Step, step_lines, steps

ED = rules.load_edition()
NAMES = {"ann": "Ann", "ben": "Ben", "cem": "Cem"}
MONEY = re.compile(r"^ {2}· (\w+) (gains|earns|pays) (\d+) DM.* \(now (\d+) DM\)$")


@pytest.fixture(scope="module")
def played() -> list[Step]:
    """Six whole games of random choices: eighteen era ends, some split by a route
    card's promotion."""
    out: list[Step] = []
    for choice in range(1, 7):
        out += steps(rules.new_game(ED, list(PLAYERS), SEED), random_game(choice))
    return out


def _money_lines(step: Step) -> dict[str, list[tuple[int, int]]]:
    """Per player, (signed DM, the "now" figure) of each money line, in order."""
    found: dict[str, list[tuple[int, int]]] = {}
    for line in step_lines(ED, step, NAMES, "en")[1:]:
        if (m := MONEY.match(line)) is not None:
            pid = next(p for p, n in NAMES.items() if n == m.group(1))
            sign = -1 if m.group(2) == "pays" else 1
            found.setdefault(pid, []).append((sign * int(m.group(3)), int(m.group(4))))
    return found


def test_every_dm_a_step_moves_is_told_once_and_the_running_total_adds_up(
        played: list[Step]) -> None:
    for step in played:
        told = _money_lines(step)
        for pid in step.after.order:
            start, end = step.before.players[pid].money, step.after.players[pid].money
            lines = told.get(pid, [])
            assert sum(dm for dm, _ in lines) == end - start, (step.seq, step.notation)
            running = start
            for dm, now in lines:
                running += dm
                assert now == running, (step.seq, step.notation)


def test_the_last_eras_budget_is_told_as_the_budget_not_as_station_income(
        played: list[Step]) -> None:
    """Era 3 changes no era number: its budget read "receives 78 DM income from the
    service station", and the final round began unannounced."""
    last = [s for s in played if s.before.phase == "play" and s.after.phase == "final"]
    assert len(last) == 6 and sum(map(budget_paid, last)) >= 3
    for step in last:
        text = step_lines(ED, step, NAMES, "en")
        assert not any("station income" in line for line in text)
        budget = rules.construction_budget(step.after, ED) if budget_paid(step) else {}
        money = [line for line in text if "construction budget" in line]
        assert len(money) == sum(1 for amount in budget.values() if amount)
        for lang in ("en", "de", "fr"):
            assert step_lines(ED, step, NAMES, lang)[-1] == BULLET + translate(
                "story.final_round", lang, era=3)


def test_a_budget_paid_before_a_route_cards_promotion_is_told_where_it_is_paid(
        played: list[Step]) -> None:
    """A route card's promotion for the player whose turn it is interrupts the era's end
    after the budget: the budget belongs to that step, the new era to a later one (the next,
    or after a second promotion: a route joined by upgraded links gives two)."""
    split = [s for s in played if budget_paid(s) and not era_ended(s)]
    assert split, "the sample games hold no era end split by a route card's promotion"
    for step in split:
        budget = rules.construction_budget(step.after, ED)
        text = "\n".join(step_lines(ED, step, NAMES, "en"))
        for pid, amount in budget.items():
            if amount:
                assert f"{NAMES[pid]} gains {amount} DM construction budget" in text
        assert "— Era" not in text
        after = step
        while True:
            after = next(s for s in played if s.seq == after.seq + 1 and s.before is after.after)
            assert not budget_paid(after)
            assert "construction budget" not in "\n".join(step_lines(ED, after, NAMES, "en"))
            if era_ended(after):
                break
            assert after.notation.startswith("promote"), after.notation


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_route_card_joined_says_so_and_what_it_gives(played: list[Step], lang: str) -> None:
    """RULES §10.2 step 3: 1 promotion and 5 DM the first time the cities are joined; the
    story said nothing, so the promotion that followed came from nowhere."""
    joined = [(i, pid) for i, s in enumerate(played) for pid in s.after.order
              if "complete" in s.after.players[pid].route_rewards
              and "complete" not in s.before.players[pid].route_rewards]
    assert joined
    for i, pid in joined:
        step = played[i]
        card = ED.route_cards[step.after.players[pid].route or ""]
        what = translate("story.and", lang,
                         first=translate("story.tile_what.promote", lang, n=1),
                         then=translate("story.tile_what.money", lang, n=5))
        line = translate("story.route.complete", lang, player=NAMES[pid], what=what,
                         route=f"{L.city(ED, card.a)} – {L.city(ED, card.b)}")
        assert BULLET + line in step_lines(ED, step, NAMES, lang)
        # its 5 DM now, or after the promotion that was its player's decision to take
        paid = translate("story.money.route", lang, player=NAMES[pid], count=5,
                         money=0).split("(")[0]
        assert any(told.startswith(BULLET + paid) for later in played[i:i + 2]
                   for told in step_lines(ED, later, NAMES, lang))


def test_an_upgraded_route_counts_its_promotions_together() -> None:
    """["promote", "promote"] reads "2 promotions", not "a promotion and a promotion"."""
    assert ED.route_reward_upgraded == ("promote", "promote")
    from service.story_era import _what

    assert _what([("promote", 1), ("promote", 1)], "de") == "2 Beförderungen"
    assert _what([("promote", 1), ("money", 5)], "fr") == "une promotion et 5 DM"


def test_the_catch_up_tells_the_final_round_too(played: list[Step]) -> None:
    """"Since your last turn" said when a new era began, and nothing when the last one
    ended: the player did not learn that their next turn is their last."""
    from service.story import since_last_turn

    i = next(i for i, s in enumerate(played)
             if s.before.phase == "play" and s.after.phase == "final")
    other = next(p for p in played[i].after.order if p != played[i].player)
    start = max(j for j in range(i) if played[j].player == other)
    lines = since_last_turn(played[start:i + 1], other, NAMES, "de")
    assert BULLET + translate("story.final_round", "de", era=3) in lines
