"""bench/balance.py as issue 33 item 5 runs it: another player in the biased seat only,
some departments only, and the countries each kind of seat reached."""

from __future__ import annotations

from dataclasses import replace

import pytest

import bench.balance as balance
from ai.plan import PlanBot
from bench.balance import Job, _factory, play, report
from rules import load_edition
from rules.bots import GreedyBot


def test_a_level_spec_is_that_level_of_ai_unclocked_and_biased_by_its_weights() -> None:
    plain = _factory("level:normal")(3, None)
    assert isinstance(plain, PlanBot) and plain.budget.seconds is None
    assert plain.weights.favour != "trade"
    biased = _factory("level:normal")(3, "trade")
    assert isinstance(biased, PlanBot)
    assert (biased.weights.favour, biased.weights.favour_weight) == ("trade", balance.FAVOUR)


def test_a_player_without_weights_cannot_be_biased_by_a_level_spec(monkeypatch) -> None:
    import ai

    monkeypatch.setattr(ai, "bot", lambda level, seed=0, **kw: GreedyBot(seed))
    with pytest.raises(SystemExit, match="no evaluation weights"):
        _factory("level:planner")(1, "trade")


def test_the_biased_seat_gets_its_own_player_and_the_others_keep_theirs(monkeypatch) -> None:
    made: list[tuple[str, str | None]] = []

    def spy(name):
        def make(seed: int, bias: str | None) -> GreedyBot:
            made.append((name, bias))
            return GreedyBot(seed)
        return make

    monkeypatch.setattr(balance, "_factory", spy)
    job = Job(players=3, seed=7, bias="trade", biased_seat=2, bot="plain", edition="",
              biased_bot="planner")
    game = play(job)
    assert sorted(made, key=str) == [("plain", None), ("plain", None), ("planner", "trade")]
    assert game.biased == "cem"
    # the countries are the rules' Trade measure of each player
    assert game.countries == {p: m["trade"] for p, m in game.measures.items()}


def test_the_report_gives_countries_by_seat_and_wins_with_an_interval() -> None:
    edition = load_edition()
    game = play(Job(players=2, seed=7, bias="trade", biased_seat=1,
                    bot="bench.balance:greedy", edition=""))
    game = replace(game, countries={"ann": 1, "ben": 4}, winners=["ben"])
    plain = replace(game, bias=None, biased=None, countries={"ann": 2, "ben": 3})
    lines = report([game, plain], edition, 2)
    line = next(x for x in lines if x.startswith("- distinct countries reached per player"))
    assert "plain seats median 2.5" in line and "trade-biased seat median 4" in line
    rate = next(x for x in lines if x.startswith("- biased seat's win rate"))
    assert "trade 1.00 (1 of 1, 0.21-1.00)" in rate
    # biased games only (--plain 0) still report
    assert any(x.startswith("- distinct countries") for x in report([game], edition, 2))
