"""bench/match_kit.py, the harness of bench/ai_vs_autobot.py and bench/ai_bench.py (issue
33 item 4): its figures agree with the rules' own accounts of the same games."""

from __future__ import annotations

import pytest

import bench.match_kit as kit
from rules import Move, apply, legal_actions, load_edition, new_game, pending_decision, scores
from rules.bots import GreedyBot


def _solo_game(seed: int, level: int = 1) -> tuple[kit.SeatRecord, object]:
    state = new_game(load_edition(), ["ann"], seed=seed, solo_level=level)
    records = kit.play_game(state, {"ann": GreedyBot(seed=seed)}, {"ann": "greedy"})
    return records["ann"], state


def _replay(seed: int, level: int) -> tuple[object, int, int]:
    """The same solo game played again without the harness: its end state, the moves that
    delivered (the rules' Move with deliver) and the take-backs."""
    state = new_game(load_edition(), ["ann"], seed=seed, solo_level=level)
    greedy = GreedyBot(seed=seed)
    deliveries = takebacks = 0
    while (decision := pending_decision(state)) is not None:
        who = decision.player
        options = legal_actions(state, who)
        # as the harness: a forced move asks no bot (the bot's generator stays in step)
        action = greedy.choose(state, who) if len(options) > 1 else options[0]
        if who == "ann":
            deliveries += isinstance(action, Move) and action.deliver
            takebacks += str(action) == "takeback"
        state = apply(state, who, action)
    return state, deliveries, takebacks


@pytest.mark.parametrize("seed", [33002, 33005])
def test_deliveries_and_countries_are_those_the_rules_score(seed: int) -> None:
    record, _start = _solo_game(seed)
    end, deliveries, takebacks = _replay(seed, 1)
    ann = end.players["ann"]  # type: ignore[attr-defined]
    assert record.deliveries == deliveries
    assert record.takebacks == takebacks
    # Trade scores distinct countries (RULES §10.4): the log's countries are the rules'.
    assert record.delivered_to == set(ann.delivered)
    assert record.countries == len(ann.delivered) <= record.deliveries
    assert record.money == ann.money
    assert record.loaded == sum(1 for t in ann.trucks if t is not None)
    points = scores(end)  # type: ignore[arg-type]
    assert (record.points, record.margin) == (points["ann"], points["ann"] - points["autobot"])


def test_a_game_with_deliveries_is_among_the_checked_ones() -> None:
    # The agreement above means something only if the greedy player delivers there.
    assert any(_solo_game(seed)[0].deliveries > 0 for seed in (33002, 33005))


def test_a_solo_draw_is_no_win_and_a_shared_win_is_shared(monkeypatch) -> None:
    # SOLO F-2: the human wins with strictly more points (or the tie-breaks); equal on
    # everything is a draw, which is not a win. At 2+ players a shared win counts its share.
    monkeypatch.setattr(kit, "winners", lambda state: list(state.order))
    solo, _ = _solo_game(33001)
    assert solo.share == 0.0
    state = new_game(load_edition(), ["ann", "ben"], seed=5)
    shared = kit.play_game(state, {p: GreedyBot(seed=i) for i, p in enumerate(state.order)},
                           {"ann": "greedy"})
    assert shared["ann"].share == 0.5


def test_the_interval_is_wilsons() -> None:
    # 8 wins of 60: the 95 % Wilson score interval is 6.9 %-24.2 %.
    lo, hi = kit.wilson(8, 60)
    assert (round(lo, 3), round(hi, 3)) == (0.069, 0.242)
    assert kit.wilson(0, 50)[0] == 0.0 and kit.wilson(50, 50)[1] == 1.0


def test_cpu_is_measured_only_for_decisions_with_a_choice() -> None:
    record, _ = _solo_game(33003)
    assert 0 < len(record.cpu) < record.actions
    assert all(c >= 0 for c in record.cpu)
