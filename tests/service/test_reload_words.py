"""The words of a load that brings a truck back from the map (RULES §7.3, `[trucks] load =
"reload"`): the label of the choice and the log's sentence name the truck, in every
language."""

from __future__ import annotations

import pytest

from rules import parse_action
from rules.model import Edition
from service.labels import action_label
from service.log import _sentence


@pytest.mark.parametrize(("lang", "words"), [("en", "truck 2"), ("de", "Lkw 2"),
                                             ("fr", "camion 2")])
def test_reload_labels_and_log_say_which_truck_comes_back(reloading: Edition, lang: str,
                                                         words: str) -> None:
    action = parse_action("load d_black_s automotive 2 with black")
    assert words in action_label(action, reloading, lang)
    assert words in _sentence(action, "Ann", lang, reloading)
