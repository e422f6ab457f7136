"""Whole random games for 2–4 players (DESIGN §8): never stuck, every listed action applies,
and the invariants hold after every action. The invariants are recomputed here from the
edition and the raw state, not through the engine's own helpers where it can be avoided."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import (
    State,
    apply,
    city_value,
    current_player,
    employees,
    legal_actions,
    load_edition,
    new_game,
)
from rules.actions import PASS
from rules.bots import RandomBot
from rules.model import Edition
from rules.registry import edition_by_hash
from rules.rng import below, seed_state

ED = load_edition()
GOLDEN = Path(__file__).parent.parent / "golden"
NAMES = ("ann", "ben", "cem", "dan")
ACTION_CAP = 1500  # a random game takes about 250-350 actions
ALTERNATIVES = 2  # other listed actions tried (and discarded) at each decision
PREBUILT = sum(link.sections for link in ED.links.values() if link.prebuilt)


def expected_city_value(s: State, node: str, ed: Edition = ED) -> int:
    complete: set[str] = set()
    dual: set[str] = set()
    for link in ed.links.values():
        if node not in (link.a, link.b):
            continue
        if all(f"{link.id}.{n}" in s.built for n in range(1, len(link.features) + 1)):
            complete.add(link.colour)
        if link.id in s.upgraded:
            dual.add(link.colour)
    return 2 * len(complete) + 2 * len(dual)


def check_invariants(s: State, ed: Edition = ED, unbuilt: int = 0) -> None:
    """`unbuilt`: sections left in the supplies of eras that a round of passes ended
    (rules/RULES.md, "A round of passes ends the era")."""
    for pid in s.order:
        assert sum(employees(s, pid).values()) == 25, (pid, employees(s, pid))
        assert s.players[pid].money >= 0, pid
        for truck in s.players[pid].trucks:
            if truck is not None:
                assert truck.goods in ed.goods
                assert truck.position in ed.sections or truck.position in ed.depots
    for goods in ed.goods:
        on_map = sum(1 for p in s.players.values() for t in p.trucks
                     if t is not None and t.goods == goods)
        assert s.goods[goods] + on_map == 4, goods
    for node in ed.nodes:
        assert city_value(s, node) == expected_city_value(s, node, ed), node
    finished = sum(ed.era(e).supply for e in range(1, s.era))
    assert len(s.built) - PREBUILT == (finished - unbuilt + ed.era(s.era).supply
                                       - s.era_supply)
    assert 0 <= s.era_supply <= ed.era(s.era).supply
    assert State.from_json(s.to_json()) == s


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]))
def test_random_games_end_and_keep_the_invariants(seed: int, players: int) -> None:
    s = new_game(ED, list(NAMES[:players]), seed=seed)
    bot = RandomBot(seed)
    rng = seed_state(seed)
    unbuilt = 0
    check_invariants(s)
    for _ in range(ACTION_CAP):
        if s.phase == "over":
            break
        pid = current_player(s)
        assert pid is not None
        actions = legal_actions(s, pid)
        assert actions, (pid, s.turn)
        for _alt in range(min(ALTERNATIVES, len(actions) - 1)):
            rng, i = below(rng, len(actions))
            apply(s, pid, actions[i])  # every listed action is accepted
        action = bot.choose(s, pid)
        assert action in actions
        before = s
        s = apply(s, pid, action)
        if (s.era, s.phase) != (before.era, before.phase) and before.phase == "play":
            # The era ended on this action: by its last section, or by a round of passes
            # with sections left (the round's last pass, or a decision the era end asked
            # for after it, such as a route card's promotion).
            left = before.era_supply - (len(s.built) - len(before.built))
            assert left == 0 or before.passes >= players - (action == PASS)
            if s.era != before.era:  # the last era's leftovers stay in its supply
                unbuilt += left
        check_invariants(s, unbuilt=unbuilt)
    assert s.phase == "over", f"not over after {ACTION_CAP} actions"
    assert current_player(s) is None
    assert s.era == 3


@pytest.mark.parametrize("name", ["greedy_2p", "greedy_3p", "greedy_4p"])
def test_golden_games_keep_the_invariants_through_their_deliveries(name: str) -> None:
    # Random play almost never reaches a border; the golden games deliver several times,
    # so the invariants are checked through deliveries, bonus claims and pharma too.
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    ed = edition_by_hash(record["edition_hash"])  # each record keeps the rules it was played by
    s = new_game(ed, record["players"], seed=record["seed"])
    deliveries = 0
    for pid, text in record["actions"]:
        assert current_player(s) == pid
        s = apply(s, pid, text)
        deliveries += text.endswith(" deliver")
        check_invariants(s, ed)
    assert s.phase == "over"
    assert deliveries >= 3
