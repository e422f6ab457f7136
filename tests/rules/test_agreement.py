"""`legal_actions` and `apply` agree exactly (DESIGN §2).

Random games are played; at sampled states every listed action must apply, and random
strings and near-misses of listed actions (another section, card, colour, truck, player…)
must raise a `RuleError` and leave the state as it was.
"""

from __future__ import annotations

import random
from dataclasses import fields, replace

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import (
    NotYourDecisionError,
    RuleError,
    State,
    apply,
    current_player,
    legal_actions,
    new_game,
)
from rules.actions import Action, Move, Play, Promote, Simple
from tests.rules.helpers import EDITION, NAMES, drafted

SECTIONS = sorted(EDITION.sections)
POOLS: dict[str, list[str]] = {
    "section": SECTIONS,
    "link": sorted(EDITION.links),
    "depot": sorted(EDITION.depots),
    "goods": list(EDITION.goods),
    "lock": sorted(EDITION.locks),
    "card": sorted(EDITION.cards),
    "colour": [*EDITION.colours, "*", "pink"],
    "slot": [*EDITION.slots, "garage"],
    "country": [*EDITION.countries, "uk"],
    "route": sorted(EDITION.route_cards),
    "place": ["lobby", *(f"seat:{c}" for c in EDITION.colours),
              *(f"{d}{f}" for d in EDITION.departments for f in range(0, EDITION.floors + 2))],
}
TARGET_POOL = {"build": "section", "station": "section", "upgrade": "link", "load": "depot",
               "research": "lock"}
FIELD_POOL = {"Route": {"card": "route"}, "Bonus": {"country": "country"},
              "Extra": {"section": "section"}, "Pick": {"card": "card"},
              "Slot": {"slot": "slot"}, "Key": {"lock": "lock"},
              "Promote": {"source": "place", "target": "place"}}
OTHER_KINDS = ["takeback", "grant", "pass", "research capacity", "move 1 k3.1", "pick i01",
               "slot build", "bonus dk", "extra k2.2", "route hamburg-muenchen",
               "promote lobby network1", "build k2.2 with black", "upgrade k3 with black"]
JUNK = ["", "   ", "build", "fly away", "move x", "build r2.1 with", "x" * 500,
        "upgrade k3 with black:red", "load d_red with red", "promote seat: lobby"]


def mutants(action: Action, rng: random.Random) -> list[Action | str]:
    """Plausible near-misses of a listed action."""
    out: list[Action | str] = []
    if isinstance(action, Play):
        out.append(replace(action, target=rng.choice(POOLS[TARGET_POOL[action.slot]])))
        out.append(replace(action, target=rng.choice(SECTIONS + POOLS["link"])))
        out.append(replace(action, card=rng.choice(POOLS["card"])))
        out.append(replace(action, colour=rng.choice([None, *POOLS["colour"]])))
        out.append(replace(action, slot=rng.choice(list(TARGET_POOL))))
        out.append(replace(action, goods=rng.choice([None, *POOLS["goods"]])))
    elif isinstance(action, Move):
        path = list(action.path)
        if path:
            path[rng.randrange(len(path))] = rng.choice(SECTIONS)
            out.append(replace(action, path=tuple(path)))
            out.append(replace(action, path=action.path[:-1] + action.path[-1:] * 2))
        out.append(replace(action, truck=rng.choice([0, 1, 2, 3])))
        out.append(replace(action, deliver=not action.deliver))
        out.append(replace(action, path=(*action.path, rng.choice(SECTIONS))))
    elif isinstance(action, Simple):
        pass
    else:
        for name in FIELD_POOL.get(type(action).__name__, {}):
            pool = POOLS[FIELD_POOL[type(action).__name__][name]]
            out.append(replace(action, **{name: rng.choice(pool)}))
    if isinstance(action, Promote):
        out.append(replace(action, source=action.target, target=action.source))
    out.append(rng.choice(OTHER_KINDS))
    return out


def check_state(state: State, rng: random.Random) -> int:
    """Every agreement property at one state; returns how many actions were tried."""
    pid = current_player(state)
    assert pid is not None
    before = state.to_json()
    listed = legal_actions(state, pid)
    assert listed, "a pending decision must offer something"
    assert len(set(listed)) == len(listed), "an action is listed twice"
    texts = {str(a) for a in listed}
    for i, action in enumerate(listed):
        after = apply(state, pid, action)
        assert isinstance(after, State)
        if i % 5 == 0:
            assert apply(state, pid, str(action)) == after  # the text and the object agree
    tried = len(listed)
    candidates: list[Action | str] = list(JUNK)
    for action in rng.sample(listed, min(len(listed), 8)):
        candidates.extend(mutants(action, rng))
    for candidate in candidates:
        if str(candidate) in texts:
            continue
        try:
            apply(state, pid, candidate)
        except RuleError:
            pass
        else:
            raise AssertionError(f"{candidate!s} is not listed for {pid} but was applied")
        tried += 1
    for other in state.order:
        if other != pid:
            assert legal_actions(state, other) == []
            try:
                apply(state, other, listed[0])
            except NotYourDecisionError as err:
                assert err.code == "not_your_turn"
            else:
                raise AssertionError(f"{other} acted in {pid}'s place")
    try:
        apply(state, "zoe", listed[0])
    except RuleError as err:
        assert err.code == "unknown_player"
    else:
        raise AssertionError("a stranger acted")
    assert state.to_json() == before
    return tried


def play_and_check(seed: int, players: int, rng: random.Random, every: int) -> None:
    state = new_game(EDITION, list(NAMES[:players]), seed=seed)
    checked = 0
    for step in range(3000):
        pid = current_player(state)
        if pid is None:
            break
        if step % every == 0 or len(legal_actions(state, pid)) == 1:
            checked += bool(check_state(state, rng))
        state = apply(state, pid, rng.choice(legal_actions(state, pid)))
    else:
        raise AssertionError("the game never ended")
    assert state.phase == "over"
    assert checked > 5


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), rnd=st.randoms())
def test_legal_actions_and_apply_agree_throughout_random_games(seed, players, rnd):
    play_and_check(seed, players, random.Random(rnd.random()), every=11)


GAME = drafted(3, seed=1)


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=60))
def test_random_text_is_refused_without_change(text):
    game = GAME
    pid = current_player(game)
    before = game.to_json()
    if text.strip().lower() in {str(a) for a in legal_actions(game, pid)}:
        return
    try:
        apply(game, pid, text)
    except RuleError:
        pass
    else:
        raise AssertionError(f"{text!r} was applied")
    assert game.to_json() == before


def test_a_finished_game_refuses_everything():
    rng = random.Random(5)
    state = new_game(EDITION, ["ann", "ben"], seed=5)
    while (pid := current_player(state)) is not None:
        state = apply(state, pid, rng.choice(legal_actions(state, pid)))
    assert state.phase == "over"
    assert all(legal_actions(state, p) == [] for p in state.order)
    for pid in state.order:
        try:
            apply(state, pid, "pass")
        except RuleError as err:
            assert err.code == "game_over"
        else:
            raise AssertionError("a finished game took an action")


def test_mutants_cover_every_field_of_a_play():
    rng = random.Random(1)
    play = Play("build", "r1.1", "red")
    changed: set[str] = set()
    for _ in range(50):
        for m in mutants(play, rng):
            if isinstance(m, Play):
                changed |= {f.name for f in fields(Play) if getattr(m, f.name) != getattr(
                    play, f.name)}
    assert changed == {"slot", "target", "card", "colour", "goods"}
