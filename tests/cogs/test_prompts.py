"""The turn card's buttons and menus play what they say: each carries its action's place
in the legal list, also when choices a label cannot tell apart are offered once."""

from __future__ import annotations

import discord
import pytest

from cogs.prompts import prompt_rows
from rules import legal_actions, load_edition
from service.labels import Labelled, labelled
from tests.service.test_choice_labels import at_hannover

EDITION = load_edition()


@pytest.mark.parametrize("owner", [None, "ann"])  # five choices: buttons; six: a menu
def test_every_button_and_option_plays_the_action_it_names(owner: str | None) -> None:
    state = at_hannover(owner)  # detours to where the direct paths go: fewer choices
    legal = [str(a) for a in legal_actions(state, "ann")]
    items = labelled(legal, EDITION, "en", state, "ann")
    assert len(items) < len(legal)
    pressed: dict[int, str] = {}
    for row in prompt_rows(1, 1, items, "en"):
        for item in row:
            if isinstance(item.item, discord.ui.Button):
                pressed[int(item.item.custom_id.rsplit(":", 1)[1])] = item.item.label or ""
            elif isinstance(item.item, discord.ui.Select):
                pressed.update({int(o.value): o.label for o in item.item.options})
    assert len(pressed) == len(items)
    for index, shown in pressed.items():  # a press plays legal[index] (cogs.turns)
        # the label, and what the path pays at the stations on its way (service.labels)
        assert labelled([legal[index]], EDITION, "en", state, "ann")[0].label == shown
    assert any(isinstance(i.item, discord.ui.Select) for row in prompt_rows(1, 1, items, "en")
               for i in row) == (owner is not None)


def _many_moves() -> list[Labelled]:
    """A move decision with more choices than one menu holds: 40 moves of two trucks."""
    legal = [f"move {1 + n // 20} k{n}.1" for n in range(40)] + ["pass"]
    return [Labelled(i, notation, f"Truck move {i:02d}", notation.split()[0], "")
            for i, notation in enumerate(legal)]


@pytest.mark.parametrize(("lang", "second"), [("en", "truck moves (26–40 of 40)"),
                                              ("de", "Lkw-Fahrten (26–40 von 40)"),
                                              ("fr", "Déplacements de camion (26–40 sur 40)")])
def test_a_kind_with_more_than_25_choices_fills_the_spare_menus(lang: str, second: str) -> None:
    items = _many_moves()
    rows = prompt_rows(1, 1, items, lang)
    menus = [i.item for row in rows for i in row if isinstance(i.item, discord.ui.Select)]
    assert len(menus) == 2
    assert [len(m.options) for m in menus] == [25, 15]
    assert menus[1].placeholder == second
    assert len({m.custom_id for m in menus}) == 2  # a message's ids differ
    offered = [int(o.value) for m in menus for o in m.options]
    assert offered == list(range(40))  # every move, once, each by its place in the list


def test_one_menu_a_kind_comes_first_when_the_kinds_fill_the_rows() -> None:
    from cogs.prompts import _menus

    assert _menus([("build", 30), ("load", 3), ("station", 4), ("research", 9)]) == [
        ("build", 0, 1), ("load", 0, 1), ("station", 0, 1), ("research", 0, 1)]
    assert _menus([("build", 60), ("load", 30)]) == [
        ("build", 0, 3), ("build", 1, 3), ("build", 2, 3), ("load", 0, 1)]
