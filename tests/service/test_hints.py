"""/hint's reason (issue 16): one line in the player's language saying what the move does
and gains, taken from the turn story's consequences of the move, never from hidden order."""

from __future__ import annotations

import dataclasses
import random

import pytest
from service_testutil import PLAYERS, SEED, random_game

import rules
from locales import translate
from rules import State
from service.hints import hint_reason
from service.story import BULLET, Step, step_lines

NAMES = {p: p.title() for p in PLAYERS}


def positions(count: int = 60, every: int = 3) -> list[State]:
    """States of a random game, every few moves."""
    state = rules.new_game(rules.load_edition(), list(PLAYERS), SEED)
    found = []
    for i, (player, notation) in enumerate(random_game(3)):
        if i % every == 0:
            found.append(state)
        state = rules.apply(state, player, notation)
        if len(found) >= count:
            break
    return found


def reshuffled(state: State, seed: int) -> State:
    """The same table with the hidden orders (bag, decks) changed."""
    rng = random.Random(seed)

    def shuffled(items: tuple[str, ...]) -> tuple[str, ...]:
        out = list(items)
        rng.shuffle(out)
        return tuple(out)

    return dataclasses.replace(state, bag=shuffled(state.bag), deck=shuffled(state.deck),
                               advanced_deck=shuffled(state.advanced_deck))


def text(phrase: object, lang: str) -> str:
    return translate(str(phrase), lang, **phrase.params)  # type: ignore[attr-defined]


def test_the_reason_tells_the_moves_consequences_in_the_players_language() -> None:
    told = 0
    for state in positions():
        player = rules.current_player(state)
        assert player is not None
        for action in rules.legal_actions(state, player)[:8]:
            notation = str(action)
            after = rules.apply(state, player, notation)
            if after.reveals != state.reveals:
                continue  # told only as far as hidden order cannot change it: below
            story = [line.removeprefix(BULLET) for line in step_lines(
                rules.edition_of(state), Step(player, notation, state, after), NAMES, "de")[1:]]
            label, reason = hint_reason(state, player, notation, 3.0, NAMES, "de")
            said = text(reason, "de")
            assert said.startswith(f"Vorschlag: {label}")
            if story:
                told += 1
                assert str(reason) == "hint.reason"
                assert all(line in said for line in story[:4]), (said, story)
            gained = rules.scores(after)[player] - rules.scores(state)[player]
            if gained > 0:
                assert f"+{gained} Punkt" in said
            if not story and not gained:
                assert str(reason) == "hint.quiet" and "Vorsprung 3 Punkte" in said
    assert told > 20  # most moves change something: the reason says what


def test_a_paid_build_says_what_it_costs() -> None:
    for state in positions():
        player = rules.current_player(state)
        assert player is not None
        for action in rules.legal_actions(state, player):
            notation = str(action)
            after = rules.apply(state, player, notation)
            paid = state.players[player].money - after.players[player].money
            if paid > 0 and after.reveals == state.reveals:
                _, reason = hint_reason(state, player, notation, 0.0, NAMES, "en")
                assert f"{NAMES[player]} pays {paid} DM" in text(reason, "en")
                _, raison = hint_reason(state, player, notation, 0.0, NAMES, "fr")
                assert "DM" in text(raison, "fr") and " pays " not in text(raison, "fr")
                return
    raise AssertionError("no paid move in the sampled positions")


def test_the_reason_never_depends_on_hidden_order() -> None:
    """The same table with another bag and deck order: the same reason for every move,
    also for the moves that draw from them."""
    revealing = 0
    for n, state in enumerate(positions(200, every=1)):
        player = rules.current_player(state)
        assert player is not None
        other = reshuffled(state, n)
        offered = {str(a) for a in rules.legal_actions(other, player)}
        for action in rules.legal_actions(state, player):
            notation = str(action)
            reveals = rules.apply(state, player, notation).reveals != state.reveals
            if notation not in offered or not (reveals or n % 10 == 0):
                continue
            revealing += reveals
            assert (hint_reason(state, player, notation, 1.0, NAMES, "en")
                    == hint_reason(other, player, notation, 1.0, NAMES, "en")), notation
    assert revealing > 0  # the check covered moves that reveal something


@pytest.mark.parametrize(("lead", "said"), [(-2.6, "Rückstand 3 Punkte"),
                                            (0.8, "Vorsprung 1 Punkt")])
def test_a_quiet_hint_says_lead_or_trail_in_words(lead: float, said: str) -> None:
    """"erwarteter Vorsprung -3 Punkte" read as a lead of minus three."""
    state = next(iter(positions()))
    player = rules.current_player(state)
    assert player is not None
    quiet = next((str(a) for a in rules.legal_actions(state, player)
                  if str(hint_reason(state, player, str(a), 0.0, NAMES, "de")[1])
                  == "hint.quiet"), None)
    assert quiet is not None
    _, reason = hint_reason(state, player, quiet, lead, NAMES, "de")
    assert said in text(reason, "de") and "-" not in text(reason, "de").split("(")[-1]
