"""The opt-in department bias of the evaluation (issue 15, the balance bench)."""

from __future__ import annotations

from dataclasses import replace

from ai.evaluate import DEFAULT, Weights, evaluate, player_value
from rules import Edition, State, load_edition, new_game


def _promoted(dept: str) -> tuple[Edition, State]:
    edition = load_edition()
    state = new_game(edition, ["ann", "ben"], seed=3)
    ann = state.players["ann"]
    floors = {**ann.floors, dept: (1, *ann.floors[dept][1:])}
    state = replace(state, players={**state.players, "ann": replace(ann, floors=floors)})
    return edition, state


def test_the_default_weights_favour_no_department() -> None:
    assert DEFAULT.favour == "" and DEFAULT.favour_weight == 1.0
    edition, state = _promoted("network")
    neutral = Weights(favour="network", favour_weight=1.0)
    assert player_value(state, edition, "ann", neutral) == player_value(state, edition, "ann")


def test_a_favoured_department_counts_more_for_the_player_only() -> None:
    edition, state = _promoted("trade")
    favour = Weights(favour="trade", favour_weight=2.0)
    assert player_value(state, edition, "ann", favour) > player_value(state, edition, "ann")
    # the rivals are judged without the bias: ben's value is the same either way
    assert (player_value(state, edition, "ben", favour, favoured=False)
            == player_value(state, edition, "ben"))
    assert evaluate(state, edition, "ann", favour) > evaluate(state, edition, "ann")
    other = Weights(favour="finance", favour_weight=2.0)
    assert (player_value(state, edition, "ann", other) - player_value(state, edition, "ann")
            < player_value(state, edition, "ann", favour) - player_value(state, edition, "ann"))
