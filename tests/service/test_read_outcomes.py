"""Outcomes said, not left for the player to guess (issue 31, item 13): a delivery that
earns nothing, what a delivery bonus gives before it is picked, what research opened, and
a delivery from where the truck stands in the log."""

from __future__ import annotations

import pytest

import rules
from locales import translate
from rules.state import DeliveryRowState
from service import labels as L
from service.hints import hint_reason
from service.labels import labelled
from service.log import line
from service.story import BULLET, steps
from service.story_step import step_lines
from tests.rules.helpers_part2 import turn_of
from tests.rules.test_delivery import at_kolding
from tests.service.test_choice_labels import at_wuerzburg

ED = rules.load_edition()
NAMES = {"ann": "Ann", "ben": "Ben", "cem": "Cem"}


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Ann delivers to Denmark: that row of the delivery board is full, so this delivery "
           "earns nothing"),
    ("de", "Lieferung von Ann nach Dänemark: Diese Reihe der Lieferleiste ist voll, die "
           "Lieferung bringt nichts"),
    ("fr", "Livraison d’Ann au Danemark\u202f: cette ligne de son plateau de livraison est "
           "pleine, la livraison ne rapporte rien"),
])
def test_a_delivery_that_earns_nothing_says_so(lang: str, said: str) -> None:
    """RULES §8: preferred goods with the goods icon and the DM space taken earn nothing;
    the story said nothing at all, as if the move had failed."""
    full = at_kolding("appliances", spaces=DeliveryRowState(goods="unused", dm=True))
    step = steps(full, [("ann", "move 1 deliver")])[0]
    assert rules.money(step.after, "ann") == rules.money(full, "ann")
    assert BULLET + said in step_lines(ED, step, NAMES, lang)
    paid = steps(at_kolding("chemicals"), [("ann", "move 1 deliver")])[0]
    assert not any("earns nothing" in x for x in step_lines(ED, paid, NAMES, "en"))


def test_a_delivery_bonus_says_what_it_gives_before_it_is_picked() -> None:
    """The choice named the country only; what the row's bonus gives was a surprise."""
    state = at_kolding("appliances")
    row = ED.delivery_row(state.players["ann"].board, "dk")
    kind, n = rules.parse_bonus(row.bonus)
    for lang in ("en", "de", "fr"):
        what = translate(f"story.tile_what.{kind}", lang, n=n)
        label = L.action_label("bonus dk", ED, lang, state, "ann")
        assert label == translate("label.bonus_what", lang,
                                  country=L.country_name(ED, "dk", lang), what=what)
        assert label.endswith(" — " + what)
    # without the state (an old log line) it still names the country
    assert L.action_label("bonus dk", ED, "en") == "Delivery bonus: Denmark"


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_research_says_what_it_opened(lang: str) -> None:
    state = turn_of("ann", "main")
    research = [a for a in map(str, rules.legal_actions(state, "ann"))
                if a.startswith("research ")]
    floor = next(a for a in research if not a.split()[1].startswith("capacity"))
    step = steps(state, [("ann", floor)])[0]
    lock = floor.split()[1]
    assert BULLET + translate("story.research_floor", lang, player="Ann",
                              floor=L.lock_name(ED, lock, lang)) in step_lines(
        ED, step, NAMES, lang)
    capacity = next((a for a in research if a.split()[1] == "capacity"), None)
    if capacity is not None:
        step = steps(state, [("ann", capacity)])[0]
        assert BULLET + translate("story.research_capacity", lang, player="Ann") in \
            step_lines(ED, step, NAMES, lang)


def test_a_delivery_from_where_the_truck_stands_reads_as_one_in_the_log() -> None:
    """`move 1 deliver` has no path: the log read 'über - und liefert'."""
    assert line(7, "Ann", "move 1 deliver", "de") == \
        "7. Ann liefert mit Lkw 1 von seinem Standort aus"
    assert " - " not in line(7, "Ann", "move 1 deliver", "fr")


def test_a_hint_names_its_move_as_legal_does_fee_included() -> None:
    """/legal says what a truck's move pays at others' stations; the hint's label dropped
    it, so the suggestion could not be found in the list."""
    state, notation = at_wuerzburg(), "move 1 k7.1 o5.1"
    listed = {i.notation: i.label for i in labelled(
        rules.legal_actions(state, "ann"), ED, "de", state, "ann", NAMES)}
    label, _ = hint_reason(state, "ann", notation, 0.0, NAMES, "de")
    assert label.endswith(" · 1 DM an Ben") and label == listed[notation]
