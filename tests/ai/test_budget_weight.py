"""The projection of the construction budgets still to come (issue 15: a what-if of the
balance bench's eighth round, at half share in the default weights since the ninth): it
raises a Finance player's value by what the era ends still to come would pay them, more
at a larger share, and counts nothing once the last one has paid."""

from __future__ import annotations

from dataclasses import replace

from ai.evaluate import DEFAULT, player_value
from rules import Edition, State, construction_budget, load_edition
from tests.ai.conftest import first_position


def _with_finance(state: State, pid: str, floors: tuple[int, ...]) -> State:
    player = state.players[pid]
    return state.with_player(replace(player, floors=player.floors.set("finance", floors)))


def _paid(phase: str = "play") -> tuple[Edition, State, str]:
    """A 2-player position of this phase and the player the budget would pay most."""
    edition = load_edition()

    def wanted(state: State) -> bool:
        return state.phase == phase and max(construction_budget(state, edition).values()) > 0

    state = first_position(2, 40, wanted)
    due = construction_budget(state, edition)
    return edition, state, max(due, key=due.__getitem__)


def test_the_default_weights_count_half_the_budgets_to_come() -> None:
    assert DEFAULT.budget == 0.5
    edition, state, paid = _paid()
    state = _with_finance(state, paid, (1, 0, 0))
    none = player_value(state, edition, paid, replace(DEFAULT, budget=0.0))
    half = player_value(state, edition, paid)
    full = player_value(state, edition, paid, replace(DEFAULT, budget=1.0))
    assert none < half < full


def test_the_budgets_to_come_raise_a_finance_players_value() -> None:
    edition, state, paid = _paid()
    counted = replace(DEFAULT, budget=1.0)
    uncounted = replace(DEFAULT, budget=0.0)
    one = _with_finance(state, paid, (1, 0, 0))
    gain_one = (player_value(one, edition, paid, counted)
                - player_value(one, edition, paid, uncounted))
    assert gain_one > 0
    # two employees on the Finance department's first floor gain more from it
    two = _with_finance(state, paid, (2, 0, 0))
    gain_two = (player_value(two, edition, paid, counted)
                - player_value(two, edition, paid, uncounted))
    assert gain_two > gain_one


def test_after_the_last_budget_nothing_is_counted() -> None:
    edition, state, paid = _paid("final")  # the last era's budget is paid (RULES §10.3)
    state = _with_finance(state, paid, (1, 0, 0))
    assert (player_value(state, edition, paid, replace(DEFAULT, budget=1.0))
            == player_value(state, edition, paid, replace(DEFAULT, budget=0.0)))
