"""Fact 4 (rules/RULES.md, "Cards"): the yellow card carries the extra build.

The yellow basic card every player takes in era 3 carries the extra road-section build, as
the solo deck's yellow card does; so do the six advanced cards with yellow. The app allows
the extra build only on cards with yellow, so the other improved and advanced cards (i16–i20,
a07–a12) no longer carry it; the archived editions keep them as they were.
"""

from __future__ import annotations

from dataclasses import replace

from rules import Decision, apply, pending_decision
from rules.state import State
from tests.rules.helpers_part2 import ED, OLD, built, decision, give, money, notations, turn_of

YELLOW_CARDS = ["yellow", "a01", "a02", "a03", "a04", "a05", "a06"]
ELEVEN = ["i16", "i17", "i18", "i19", "i20", "a07", "a08", "a09", "a10", "a11", "a12"]


def test_the_yellow_card_extra_build_is_on_exactly_the_cards_with_yellow() -> None:
    carrying = [c.id for c in ED.cards.values() if c.extra_build]
    assert carrying == YELLOW_CARDS
    assert all("yellow" in ED.cards[c].colours for c in carrying)


def test_the_yellow_card_extra_build_was_on_the_eleven_in_the_archived_edition() -> None:
    carrying = {c.id for c in OLD.cards.values() if c.extra_build}
    assert carrying == set(ELEVEN + YELLOW_CARDS[1:])


def era3_yellow_turn() -> State:
    """Era 3: Ann holds the yellow basic card; Helmstedt–Magdeburg (y1) is built, so y2.1
    (Magdeburg–Berlin) can be built next, like y10.1 from Bad Hersfeld. No tile on y2.1."""
    s = give(built(turn_of(era=3), "g4.1", "g5.1", "y1.1"), "ann", "yellow")
    s = replace(s, section_tiles=s.section_tiles.without("y2.1"))
    return s.with_player(replace(s.players["ann"], money=20))


def test_the_yellow_card_extra_build_follows_its_main_action() -> None:
    s = apply(era3_yellow_turn(), "ann", "station y1.1 with yellow")
    assert pending_decision(s) == Decision("extra", "ann", ("yellow",), "card")
    # y10.1 too: Bad Hersfeld is on the pre-built A7
    assert set(notations(s, "ann")) == {"extra y2.1", "extra y10.1", "pass"}
    s = apply(s, "ann", "extra y2.1")
    assert "y2.1" in s.built
    assert money(s, "ann") == 20 - 2 - ED.era(3).build_cost  # station, then the build


def test_the_yellow_card_extra_build_is_optional() -> None:
    s = apply(apply(era3_yellow_turn(), "ann", "station y1.1 with yellow"), "ann", "pass")
    assert "y2.1" not in s.built
    assert decision(s) == ("main", "ben")


def test_the_yellow_card_extra_build_is_gone_from_a_single_colour_improved_card() -> None:
    s = give(built(turn_of(), "r1.1"), "ann", "i16")  # red
    s = apply(s, "ann", "station r1.1 with i16")
    assert decision(s) == ("main", "ben")  # no extra build offered


def test_the_yellow_card_archived_edition_has_no_extra_build_on_yellow() -> None:
    s = give(built(turn_of(era=3, edition=OLD), "g4.1", "g5.1", "y1.1"), "ann", "yellow")
    s = apply(s, "ann", "station y1.1 with yellow")
    assert decision(s) == ("main", "ben")
