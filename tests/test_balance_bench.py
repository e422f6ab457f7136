"""bench/balance.py (issue 15): one seeded game per kind, and the report built from them."""

from __future__ import annotations

from dataclasses import replace

from ai import PlanBot
from bench.balance import (
    BiasedGreedy,
    Game,
    Job,
    RoadGreedy,
    _factory,
    _road_distance,
    ai_deliverer,
    ai_normal,
    ai_strong,
    border_links,
    greedy,
    misses,
    play,
    report,
    road,
)
from rules import load_edition, new_game
from rules.bots import GreedyBot


def test_the_default_bot_factory_is_greedy_plain_or_biased() -> None:
    assert type(greedy(1, None)) is GreedyBot
    biased = greedy(1, "trade")
    assert isinstance(biased, BiasedGreedy) and biased.department == "trade"


def test_a_balance_game_is_seeded_and_ends() -> None:
    edition = load_edition()
    job = Job(players=2, seed=7, bias="service", biased_seat=1, bot="bench.balance:greedy",
              edition="")
    game = play(job)
    assert play(job).actions == game.actions  # same seed, same game
    # GreedyBot, broke in era 3 here, ends it by a round of passes (rules/RULES.md)
    assert not game.stalled and game.sections <= sum(era.supply for era in edition.eras)
    assert game.biased == "ben"
    assert set(game.deliveries) == {"ann", "ben"}
    assert game.top in edition.departments
    assert set(game.borders) <= set(border_links(edition))
    assert set(game.measures) == {"ann", "ben"}
    assert all(set(m) == set(edition.departments) for m in game.measures.values())
    assert 0 <= game.loaded <= 2 * edition.trucks
    plain = replace(game, bias=None, biased=None)  # the same figures, counted as plain
    lines = report([game, plain], edition, 2)
    assert lines[0] == "### 2 players: 1 plain games, 1 with a biased seat"
    assert any(line.startswith("- biased seat's win rate") and "service" in line
               for line in lines)
    seats = sorted(m["network"] for m in game.measures.values())
    assert f"network {(seats[0] + seats[1]) / 2:.1f}" in next(
        line for line in lines if line.startswith("- each player's measures"))
    # where the points came from: the same breakdown the winner is scored by
    assert set(game.points) == set(game.staff) == {"ann", "ben"}
    assert all(set(pts) == {"lobby", *edition.departments} for pts in game.points.values())
    assert all(pts["lobby"] % edition.lobby_points == 0 for pts in game.points.values())
    for pid, staff in game.staff.items():
        # a department without employees scores nothing, whatever its measure
        assert all(game.points[pid][d] == 0 for d in edition.departments if not staff[d])
    lobby = sum(pts["lobby"] for pts in game.points.values()) / 2
    staffed = 100 * sum(1 for s in game.staff.values() if s["trade"]) / 2
    line = next(line for line in lines if line.startswith("- points a player, mean:"))
    assert f"lobby {lobby:.1f}" in line and f"trade {staffed:.0f} %" in line
    supply = sum(era.supply for era in edition.eras)
    full, short = replace(game, sections=supply), replace(plain, sections=supply - 3)
    counted = report([full, short], edition, 2)
    assert any("ended an era before its supply was built: 1 of 2" in line for line in counted)


def test_the_road_what_if_counts_distance_over_built_sections_only() -> None:
    edition = load_edition()
    state = new_game(edition, ["ann", "ben"], seed=1)
    assert isinstance(road(1, None), RoadGreedy)
    assert _road_distance(state, edition) == {}  # no border link is built at the start
    built = replace(state, built=state.built | {"k2.1", "k2.2", "k1.1"})  # to Denmark
    distance = _road_distance(built, edition)
    assert (distance["k1.1"], distance["k2.1"], distance["k2.2"]) == (0, 1, 2)
    assert distance["d_black_n"] == 3  # Hamburg: k2.2, k2.1, k1.1


def test_the_ai_factory_is_the_normal_level_unclocked_and_biased_on_request() -> None:
    plain, biased = ai_normal(4, None), ai_normal(4, "finance")
    assert isinstance(plain, PlanBot) and isinstance(biased, PlanBot)
    assert plain.budget.seconds is None and plain.budget.width == 6  # seeded: no clock
    assert plain.weights.favour == "" and biased.weights.favour == "finance"
    assert biased.weights.favour_weight > 1.0
    job = Job(players=2, seed=5, bias="finance", biased_seat=0, bot="bench.balance:ai_normal",
              edition="")
    game, again = play(job), play(job)
    assert (again.actions, again.money, again.winners) == (game.actions, game.money,
                                                           game.winners)  # seeded
    assert game.sections == sum(era.supply for era in load_edition().eras)


def test_the_strong_factory_is_the_strong_level_unclocked_with_the_same_weights() -> None:
    from ai import LEVELS

    plain, biased = ai_strong(3, None), ai_strong(3, "service")
    assert isinstance(plain, PlanBot) and isinstance(biased, PlanBot)
    assert plain.budget.seconds is None  # seeded: no clock
    assert replace(plain.budget, seconds=LEVELS["strong"].seconds) == LEVELS["strong"]
    assert plain.weights == ai_normal(3, None).weights
    assert biased.weights.favour == "service"


def test_the_deliverer_what_if_differs_from_the_ai_in_the_truck_weight_only() -> None:
    plain, what_if = ai_normal(2, "trade"), ai_deliverer(2, "trade")
    assert isinstance(plain, PlanBot) and isinstance(what_if, PlanBot)
    assert what_if.weights.truck < plain.weights.truck
    assert replace(what_if.weights, truck=plain.weights.truck) == plain.weights
    assert what_if.budget == plain.budget


def test_the_restated_targets_name_each_miss_and_nothing_when_all_hold() -> None:
    """Issue 34 item 3: biased seats within 0.5–2× their fair share (Trade too), a
    Trade-biased seat at 2 players reaching a median of 4 countries, deliveries ≥ 2, money
    ≤ 80 DM, eras lasting their supplies, no stall; the winner's category has no target."""
    edition = load_edition()
    supply = sum(era.supply for era in edition.eras)
    measures = {d: 0 for d in edition.departments}

    def game(bias: str | None, won: bool, countries: int = 5, delivered: int = 3,
             money: int = 50, sections: int = supply) -> Game:
        return Game(players=2, bias=bias, actions=200, deliveries={"ann": delivered,
                    "ben": delivered}, money={"ann": money, "ben": money},
                    winners=["ann" if won else "ben"], biased="ann" if bias else None,
                    top="network", borders=[], sections=sections, stalled=False,
                    seconds=1.0, measures={p: {**measures, "trade": countries}
                                           for p in ("ann", "ben")},
                    loaded=0, points={}, staff={})

    even = [game(None, True)] + [game(d, won) for d in edition.departments
                                 for won in (True, False)]
    assert misses(even, edition, 2) == []
    assert report(even, edition, 2)[-1] == "- every target holds"
    # Trade never wins and reaches 2 countries; finance always wins (2× fair share is the
    # limit, so 1.0 at 2 players still holds); poor deliveries, rich players, a short era
    worse = ([game(None, True, delivered=1, money=90, sections=supply - 1)]
             + [game("trade", False, countries=2, money=90) for _ in range(2)]
             + [game("finance", True, money=90) for _ in range(2)])
    assert misses(worse, edition, 2) == [
        "trade-biased seat wins 0.00 (within 0.25–1.00)",
        "trade-biased seat reaches a median of 2.0 countries (at least 4)",
        "median deliveries 1.0 (at least 2)",
        "median final money 90 DM (at most 80)",
        "1 games with an era ended before its supply was built"]
    assert report(worse, edition, 2)[-1].startswith("- **targets missed: trade-biased")
    # at 3 players the countries target does not apply
    assert not any("countries" in m for m in misses(
        [replace(g, players=3) for g in worse], edition, 3))
    assert all("no target" in line for line in report(even, edition, 2)
               if "winner's largest category" in line)


def test_the_player_is_a_parameter_with_short_names() -> None:
    assert _factory("greedy") is greedy and _factory("normal") is ai_normal
    assert _factory("bench.balance:road") is road
