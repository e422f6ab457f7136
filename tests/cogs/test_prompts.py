"""The turn card's buttons and menus play what they say: each carries its action's place
in the legal list, also when choices a label cannot tell apart are offered once."""

from __future__ import annotations

import discord
import pytest

from cogs.prompts import prompt_rows
from rules import legal_actions, load_edition
from service.labels import labelled
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
