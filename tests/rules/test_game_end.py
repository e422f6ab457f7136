"""The end of an era and of the game (RULES §10.2–10.3): the final round and its order,
pending promotions before scoring, and a game that is over."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import (
    GameOverError,
    IllegalActionError,
    apply,
    current_player,
    legal_actions,
    pending_decision,
    scores,
)
from rules.state import State
from tests.rules.helpers_part2 import ED, decision, money, notations, set_player, turn_of


def last_section(era: int, builder: str = "ben") -> State:
    """`builder` is about to build the era's last section (o4.2, Würzburg end, no tile)."""
    s = replace(turn_of(builder, era=era), era_supply=1)
    price = ED.era(era).build_cost  # era 3: 10 DM, all a player starts with
    if money(s, builder) < price:
        s = set_player(s, builder, money=price)
    return replace(s, section_tiles=s.section_tiles.without("o4.2"))


def quiet_action(s: State, pid: str) -> str:
    """Something harmless: a grant, take back, or the first action offered."""
    offered = notations(s, pid)
    for word in ("grant", "takeback", "pass"):
        if word in offered:
            return word
    return offered[0]


def turns_until_over(s: State, cap: int = 200) -> list[str]:
    """Play quietly to the end; the players whose turns began, in order."""
    seen: list[tuple[int, str]] = []
    for _ in range(cap):
        d = pending_decision(s)
        if d is None:
            break
        if s.turn is not None and (s.turn.number, s.turn.player) not in seen:
            seen.append((s.turn.number, s.turn.player))
        s = apply(s, d.player, quiet_action(s, d.player))
    assert s.phase == "over"
    return [p for _n, p in seen]


def test_era_1_ends_at_the_end_of_the_turn_of_its_last_section() -> None:
    s = apply(last_section(1), "ben", "build o4.2 with orange")
    assert s.era_supply == 0
    assert decision(s) == ("promote", "ben")  # step 1: the builder's promotion
    assert s.era == 1
    s = apply(s, "ben", "promote seat:black lobby")
    assert (s.era, s.era_supply) == (2, 12)
    assert decision(s) == ("main", "cem")


def test_budget_is_paid_at_the_era_end() -> None:
    s = apply(last_section(1), "ben", "build o4.2 with orange")
    before = {p: money(s, p) for p in s.order}
    s = apply(s, "ben", "promote seat:orange lobby")
    # black office: ann, ben, cem (cem first at setup); the A7 cities on the network
    # (Hamburg, Hannover, Kassel, Bad Hersfeld, Würzburg, Crailsheim: 2 each) = 12, / 3 = 4;
    # orange is empty again after Ben's promotion and pays nothing.
    assert {p: money(s, p) - before[p] for p in s.order} == {"ann": 4, "ben": 4, "cem": 4}


def test_final_round_every_other_player_once_then_the_trigger_player() -> None:
    s = apply(last_section(3), "ben", "build o4.2 with orange")
    s = apply(s, "ben", "promote seat:black lobby")
    assert s.phase == "final"
    assert s.final_turns == ("ann", "ben")
    assert decision(s) == ("main", "cem")
    assert turns_until_over(s) == ["cem", "ann", "ben"]


@pytest.mark.parametrize(("trigger", "order"), [
    ("ann", ["ben", "cem", "ann"]), ("cem", ["ann", "ben", "cem"])])
def test_final_round_order_for_each_trigger(trigger: str, order: list[str]) -> None:
    s = set_player(last_section(3, trigger), trigger, money=20)
    s = apply(s, trigger, "build o4.2 with orange")
    s = apply(s, trigger, "promote seat:black lobby")
    assert turns_until_over(s) == order


def test_no_section_is_built_in_the_final_round() -> None:
    s = apply(last_section(3), "ben", "build o4.2 with orange")
    s = apply(s, "ben", "promote seat:black lobby")
    assert not any(t.startswith("build") for t in notations(s, "cem"))
    with pytest.raises(IllegalActionError) as err:
        apply(s, "cem", "build k2.2 with black")
    assert err.value.code == "supply_empty"


def test_pending_promotions_are_resolved_before_scoring() -> None:
    s = apply(last_section(3), "ben", "build o4.2 with orange")
    s = apply(s, "ben", "promote seat:black lobby")
    s = apply(s, "cem", "grant")
    s = apply(s, "ann", "grant")
    assert s.turn.player == "ben" and s.final_turns == ()
    s = set_player(s, "cem", pending_promotions=1)
    s = apply(s, "ben", "grant")
    assert s.phase == "scoring"
    assert decision(s) == ("promote", "cem")
    before = scores(s)["cem"]
    s = apply(s, "cem", "promote seat:black lobby")
    assert s.phase == "over"
    assert scores(s)["cem"] == before + 2  # one more employee in the lobby
    assert s.players["cem"].pending_promotions == 0


def test_a_finished_game_takes_no_more_actions() -> None:
    s = apply(last_section(3), "ben", "build o4.2 with orange")
    s = apply(s, "ben", "promote seat:black lobby")
    s = apply(apply(apply(s, "cem", "grant"), "ann", "grant"), "ben", "grant")
    assert s.phase == "over"
    assert current_player(s) is None
    assert all(legal_actions(s, p) == [] for p in s.order)
    with pytest.raises(GameOverError):
        apply(s, "ann", "grant")


def test_yellow_opens_with_era_3() -> None:
    s = apply(last_section(2), "ben", "build o4.2 with orange")
    s = apply(s, "ben", "promote seat:black lobby")
    assert s.era == 3
    assert all(p.hand.count("yellow") == 1 for p in s.players.values())
    assert ED.era(3).supply == s.era_supply == 14
