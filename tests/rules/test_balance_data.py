"""The balance changes of the classic edition (rules/RULES.md, "Balance"), as they play.

Build costs 2/8/10 DM and government grants 4/5/6 DM by era (archived editions: 2/4/6, and
before them 2/3/4 and 6/8/10); the orange depot at Oberhausen and the white one at München.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import apply, money
from tests.rules.helpers import EDITION, at_main, texts, with_built, with_player


@pytest.mark.parametrize(("era", "cost"), [(1, 2), (2, 8), (3, 10)])
def test_balance_build_costs_rise_by_era(game, era, cost):
    s = with_player(replace(at_main(game, "ann"), era=era), "ann", money=20)
    assert money(apply(s, "ann", "build r1.1 with red"), "ann") == 20 - cost


def test_balance_a_section_dearer_than_the_purse_cannot_be_built(game):
    s = with_player(replace(at_main(game, "ann"), era=3), "ann", money=9)
    assert "build r1.1 with red" not in texts(s, "ann")


@pytest.mark.parametrize(("era", "grant"), [(1, 4), (2, 5), (3, 6)])
def test_balance_grants_are_smaller(game, era, grant):
    s = apply(replace(at_main(game, "ann"), era=era), "ann", "grant")
    assert money(s, "ann") == 10 + grant


def test_balance_the_orange_depot_is_at_oberhausen_by_the_dutch_border(game):
    assert (EDITION.depots["d_orange"].node, EDITION.depots["d_orange"].goods) == (
        "oberhausen", ("chemicals",))
    s = with_built(at_main(game, "ann"), "o1.1")  # Arnhem–Oberhausen: on the network
    assert "load d_orange chemicals with orange" in texts(s, "ann")


def test_balance_the_white_depot_is_at_muenchen(game):
    assert (EDITION.depots["d_white"].node, EDITION.depots["d_white"].goods) == (
        "muenchen", ("automotive",))
    s = with_built(at_main(game, "ann"), "w5.1")  # München–Rosenheim: on the network
    assert "load d_white automotive with white" in texts(s, "ann")
