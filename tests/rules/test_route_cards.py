"""Route cards (RULES §10.2 step 3, §11): rewards for joining the card's two cities."""

from __future__ import annotations

from rules import apply
from rules.state import Effect, State
from tests.rules.helpers_part2 import (
    at,
    built,
    decision,
    money,
    set_player,
    settle_with,
    turn_of,
    upgraded,
)

# Hamburg–München: the pre-built A7 to Crailsheim, then k8 to Ulm and w4 to München.
PATH_SECTIONS = ("k8.1", "k8.2", "w4.1", "w4.2")
PATH_LINKS = ("k3", "k4", "k5", "k6", "k7", "k8", "w4")


def routed(holder: str = "ann", *, joined: bool = True, rewards: tuple[str, ...] = ()) -> State:
    s = turn_of()
    for pid in s.order:
        s = set_player(s, pid, route=None, route_rewards=())
    s = set_player(s, holder, route="hamburg-muenchen", route_rewards=rewards)
    return built(s, *PATH_SECTIONS) if joined else built(s, *PATH_SECTIONS[:-1])


def score(s: State) -> State:
    return settle_with(s, Effect("routes"))


def test_first_join_by_complete_links_gives_a_promotion_and_5_dm() -> None:
    s = score(routed())
    assert s.players["ann"].route_rewards == ("complete",)
    assert decision(s) == ("promote", "ann")  # the edition lists: promote, money 5
    s = apply(s, "ann", "promote seat:black lobby")
    assert money(s, "ann") == 15
    assert s.players["ann"].lobby == 1
    assert decision(s) == ("main", "ann")


def test_no_reward_while_the_cities_are_not_joined() -> None:
    s = score(routed(joined=False))
    assert money(s, "ann") == 10
    assert s.players["ann"].route_rewards == ()
    assert decision(s) == ("main", "ann")


def test_the_complete_reward_is_given_once() -> None:
    s = score(routed(rewards=("complete",)))
    assert money(s, "ann") == 10
    assert decision(s) == ("main", "ann")


def test_first_join_by_upgraded_links_only_gives_two_promotions() -> None:
    s = score(upgraded(routed(rewards=("complete",)), *PATH_LINKS))
    assert s.players["ann"].route_rewards == ("complete", "upgraded")
    assert money(s, "ann") == 10
    assert decision(s) == ("promote", "ann")
    assert [fx.kind for fx in s.queue] == ["promote", "promote"]


def test_both_goals_at_once_give_both_rewards() -> None:
    s = score(upgraded(routed(), *PATH_LINKS))
    assert s.players["ann"].route_rewards == ("complete", "upgraded")
    assert [fx.kind for fx in s.queue] == ["promote", "money", "promote", "promote"]


def test_a_path_not_wholly_upgraded_earns_only_the_complete_reward() -> None:
    s = score(upgraded(routed(), *PATH_LINKS[:-1]))
    assert s.players["ann"].route_rewards == ("complete",)


def test_the_upgraded_reward_is_given_once() -> None:
    s = score(upgraded(routed(rewards=("complete", "upgraded")), *PATH_LINKS))
    assert decision(s) == ("main", "ann")
    assert s.queue == ()


def test_a_non_active_players_promotion_waits_as_pending() -> None:
    s = score(routed("ben"))
    assert money(s, "ben") == 15
    assert s.players["ben"].pending_promotions == 1
    assert decision(s) == ("main", "ann")  # nobody waits on Ben
    s = settle_with(at(s, "ben", "start"))  # Ben's next turn begins
    assert decision(s) == ("promote", "ben")
    assert s.players["ben"].pending_promotions == 0
