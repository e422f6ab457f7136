"""Golden replays: complete GreedyBot games recorded in tests/golden/ (made by
make_golden.py) replay to the pinned final scores and winners. The pins were taken once from
runs checked for plausibility (44 sections built = 8 pre-built + 10 + 12 + 14, scores in the
tens, winners with the most employees up the administration). A rules change that moves
them must be deliberate: regenerate, check, and update the pins here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules import State, parse_action, scores, winners
from rules.replay import ReplayError, dumps, main, replay

GOLDEN = Path(__file__).parent.parent / "golden"

PINNED = {
    "greedy_2p.json": (194, {"ann": 54, "ben": 106}, ["ben"]),
    "greedy_3p.json": (191, {"ann": 40, "ben": 27, "cem": 52}, ["cem"]),
    "greedy_4p.json": (219, {"ann": 21, "ben": 55, "cem": 14, "dan": 28}, ["ben"]),
}


def load(name: str) -> dict:
    return json.loads((GOLDEN / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(PINNED))
def test_golden_game_replays_to_its_pinned_result(name: str) -> None:
    count, points, best = PINNED[name]
    record = load(name)
    assert len(record["actions"]) == count
    final = replay(record)
    assert final.phase == "over"
    assert scores(final) == points
    assert winners(final) == best


@pytest.mark.parametrize("name", sorted(PINNED))
def test_golden_log_round_trips(name: str) -> None:
    record = load(name)
    text = (GOLDEN / name).read_text(encoding="utf-8")
    assert dumps(record) == text  # the file is exactly what the tool writes
    for _player, notation in record["actions"]:
        assert str(parse_action(notation)) == notation  # canonical notation
    final = replay(record)
    assert State.from_json(final.to_json()) == final


def test_replay_names_the_first_bad_action() -> None:
    record = load("greedy_2p.json")
    record["actions"][40] = [record["actions"][40][0], "fly to the moon"]
    with pytest.raises(ReplayError) as err:
        replay(record)
    assert err.value.index == 40
    assert err.value.cause is not None and err.value.cause.code == "unknown_action"


def test_replay_refuses_an_action_by_the_wrong_player() -> None:
    record = load("greedy_3p.json")
    player, text = record["actions"][10]
    other = next(p for p in record["players"] if p != player)
    record["actions"][10] = [other, text]
    with pytest.raises(ReplayError) as err:
        replay(record)
    assert err.value.index == 10
    assert err.value.cause.code == "not_your_turn"


def test_replay_refuses_another_edition() -> None:
    record = load("greedy_2p.json")
    record["edition_hash"] = "0" * 64
    with pytest.raises(ReplayError) as err:
        replay(record)
    assert err.value.index is None


def test_replay_upto_stops_early() -> None:
    record = load("greedy_2p.json")
    assert replay(record, upto=2).phase == "play"  # the two route picks
    assert replay(record, upto=1).phase == "draft"


def test_cli_prints_scores_and_winners(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(GOLDEN / "greedy_4p.json")]) == 0
    out = capsys.readouterr().out
    assert out == ("219 actions replayed\n"
                   "scores: ben 55, dan 28, ann 21, cem 14\nwinners: ben\n")


def test_cli_prints_the_first_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = load("greedy_2p.json")
    record["actions"][5] = [record["actions"][5][0], "upgrade k9 with black"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record), encoding="utf-8")
    assert main([str(bad)]) == 1
    assert capsys.readouterr().err.startswith("error: action 5: ")
