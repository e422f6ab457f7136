"""One descriptor per kind of action (service.kinds): every kind the rules list has one,
with its catalogue entries in every language, and every reader names kinds the same way
(the prompt's menus, the console's `/legal`, the autocomplete of the turn commands)."""

from __future__ import annotations

import random

import pytest

from locales import SUPPORTED, catalogue
from rules import apply as rules_apply
from rules import current_player, legal_actions, load_edition, new_game
from rules.actions import USAGE
from service.kinds import BUTTON_KINDS, KIND, KIND_ORDER, KINDS, kind_of, offered_by, order_of
from service.labels import grouped, labelled
from tests.service.test_labels import sample_actions

EDITION = load_edition()


def test_every_kind_of_the_notation_has_one_descriptor() -> None:
    heads = {kind.notation.split(" ", 1)[0] for kind in KINDS}
    assert heads == {usage.split(" ", 1)[0] for usage in USAGE.split(" | ")}
    assert len(KIND) == len(KINDS) == len(set(KIND_ORDER))
    assert set(sample_actions()) == set(KIND)


@pytest.mark.parametrize("lang", SUPPORTED)
def test_every_kind_has_its_label_log_and_group_in_every_language(lang: str) -> None:
    known = catalogue(lang)
    missing = [key for kind in KINDS for key in (kind.label, kind.log, kind.group)
               if key not in known]
    assert missing == []


@pytest.mark.parametrize(("kind", "notation"), sorted(sample_actions().items()))
def test_kind_of_an_action_and_of_its_notation_agree(kind: str, notation: str) -> None:
    from rules import parse_action

    assert kind_of(notation) == kind_of(parse_action(notation)) == kind


def test_research_with_a_key_is_its_own_kind_everywhere() -> None:
    """`research <lock>` (a key) and `research <lock> with <card>` (the research slot) were
    one kind on the prompt and two in the console's `/legal`."""
    assert kind_of("research network2") == "key"
    assert kind_of("research network2 with red") == "research"
    assert offered_by("research") == ("research", "key")  # `/research` offers both
    items = labelled(["research network2", "pass"], EDITION, "en")
    assert [item.kind for item in items] == ["key", "pass"]


def test_the_one_word_actions_are_the_buttons() -> None:
    assert set(BUTTON_KINDS) == {"takeback", "grant", "pass"}
    assert all(" " not in KIND[name].notation for name in BUTTON_KINDS)


def test_every_listed_action_of_random_games_has_a_described_kind_in_order() -> None:
    seen: set[str] = set()
    for seed, players in ((1, 2), (2, 3), (3, 1)):
        choose = random.Random(seed)
        state = new_game(EDITION, ["ann", "ben", "cy"][:players], seed=seed,
                         solo_level=3 if players == 1 else None)
        for _ in range(300):
            pid = current_player(state)
            if pid is None:
                break
            listed = legal_actions(state, pid)
            items = labelled(listed, EDITION, "en", state, pid)
            assert all(item.kind == kind_of(item.notation) in KIND for item in items)
            kinds = [kind for kind, _ in grouped(items)]
            assert kinds == sorted(kinds, key=order_of)
            seen.update(kinds)
            state = rules_apply(state, pid, str(choose.choice(listed)))
    assert {"build", "pass"} <= seen
