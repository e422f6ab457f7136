"""Research (RULES §7.5): locks, prerequisites, the capacity lock and running out of keys."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import IllegalActionError, apply
from rules.flow import settle
from rules.state import Effect, State
from tests.rules.helpers_part2 import ED, at, decision, notations, set_player, turn_of

ALL_LOCKS = ("network2", "trade2", "service2", "finance2", "network3", "trade3", "service3",
             "finance3", "capacity")


def researchable(s: State) -> set[str]:
    return {t.split()[1] for t in notations(s, "ann") if t.startswith("research")}


def test_floor_2_locks_and_capacity_are_open_from_the_start() -> None:
    assert researchable(turn_of()) == {"network2", "trade2", "service2", "finance2",
                                        "capacity"}


def test_research_puts_a_key_on_the_lock_and_the_card_on_the_slot() -> None:
    s = apply(turn_of(), "ann", "research finance2 with red")
    assert s.players["ann"].keys == ("finance2",)
    assert s.players["ann"].slots["research"] == ("red",)
    assert "red" not in s.players["ann"].hand


def test_any_open_colour_may_pay_for_research() -> None:
    offered = {t for t in notations(turn_of(), "ann") if t.startswith("research network2")}
    assert offered == {f"research network2 with {c}"
                       for c in ("black", "red", "green", "orange", "purple", "white")}


@pytest.mark.parametrize("dept", ["network", "trade", "service", "finance"])
def test_floor_3_needs_floor_2_first(dept: str) -> None:
    s = turn_of()
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", f"research {dept}3 with red")
    assert (err.value.code, err.value.params) == (
        "lock_requires", {"lock": f"{dept}3", "requires": f"{dept}2"})
    s = set_player(s, "ann", keys=(f"{dept}2",))
    assert f"{dept}3" in researchable(s)
    assert f"{dept}2" not in researchable(s)


def test_an_open_lock_is_refused() -> None:
    s = set_player(turn_of(), "ann", keys=("trade2",))
    with pytest.raises(IllegalActionError) as err:
        apply(s, "ann", "research trade2 with red")
    assert err.value.code == "lock_open"


def test_the_capacity_lock_asks_for_a_slot() -> None:
    s = apply(turn_of(), "ann", "research capacity with red")
    assert decision(s) == ("slot", "ann")
    s = apply(s, "ann", "slot research")
    assert s.players["ann"].extra_capacity == {"research": 1}
    s = at(s, "ann")
    assert "research trade2 with black" in notations(s, "ann")  # two research cards now


def test_the_research_slot_holds_one_card() -> None:
    s = at(apply(turn_of(), "ann", "research trade2 with red"), "ann")
    assert researchable(s) == set()


def test_an_unlocked_floor_opens_its_promotion() -> None:
    s = turn_of()
    s = set_player(s, "ann", floors=s.players["ann"].floors.set("trade", (1, 0, 0)))
    promote = settle(replace_queue(s, Effect("promote", "ann")), ED)
    assert "promote trade1 trade2" not in notations(promote, "ann")
    promote = settle(replace_queue(set_player(s, "ann", keys=("trade2",)),
                                   Effect("promote", "ann")), ED)
    assert "promote trade1 trade2" in notations(promote, "ann")


def replace_queue(s: State, *effects: Effect) -> State:
    return replace(s, queue=effects)


def test_when_the_keys_run_out_there_is_no_research() -> None:
    s = set_player(turn_of(), "ann", keys=ALL_LOCKS)
    assert len(s.players["ann"].keys) == ED.keys
    assert researchable(s) == set()


def test_a_key_bonus_with_no_lock_left_is_lost() -> None:
    s = set_player(turn_of(), "ann", keys=ALL_LOCKS)
    s = settle(replace_queue(s, Effect("key", "ann")), ED)
    assert decision(s) == ("main", "ann")
    assert s.queue == ()
