"""Discord's length limits hold in every language (issue 13): button labels 80, select
options 100, placeholders 150, autocomplete names 100, command names 32 and descriptions
100, messages 2000."""

from __future__ import annotations

import json
import random
import re
from importlib import resources

import discord
import pytest

from cogs.prompts import prompt_view
from locales import catalogue, placeholders, translate
from rules import apply, current_player, legal_actions, load_edition, new_game
from service.labels import labelled

EDITION = load_edition()
LANGS = ("en", "de", "fr")


def _lists(seed: int) -> list[tuple[list[str], object, str]]:
    rng = random.Random(seed)
    state = new_game(EDITION, ["ann", "ben", "cem"], seed=seed)
    out = []
    while (pid := current_player(state)) is not None:
        options = legal_actions(state, pid)
        out.append(([str(o) for o in options], state, pid))
        state = apply(state, pid, rng.choice(options))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_buttons_and_menus_of_a_whole_game_fit(lang: str) -> None:
    longest = 0
    for notations, state, pid in _lists(5)[::3]:
        items = labelled(notations, EDITION, lang, state, pid)
        labels = [i.label for i in items]
        longest = max(longest, *map(len, labels))
        view = prompt_view(1, 1, items, lang)
        assert view is not None
        for item in view.children:
            if isinstance(item, discord.ui.Button):
                assert item.label and len(item.label) <= 80
                assert item.label in labels or item.label.endswith("…")
            if isinstance(item, discord.ui.Select):
                assert len(item.placeholder or "") <= 150
                assert all(len(o.label) <= 100 for o in item.options)
                assert all(o.label in labels or o.label.endswith("…") for o in item.options)
    assert longest > 20  # real labels, not notation stubs


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_command_names_and_descriptions_fit(lang: str) -> None:
    words = json.loads(resources.files("locales").joinpath("commands.json").read_text("utf-8"))
    for key, text in words[lang].items():
        limit = 100 if key.endswith(".desc") else 32
        assert 0 < len(text) <= limit, (key, text)


@pytest.mark.parametrize("lang", LANGS)
def test_messages_and_button_words_fit(lang: str) -> None:
    for code, template in catalogue(lang).items():
        text = translate(code, lang, **{p: "Q" * 20 for p in placeholders(template)})
        assert len(text) <= 2000, code
    for code in ("discord.undo_yes", "discord.undo_no", "discord.abandon_yes",
                 "discord.abandon_no"):
        assert len(translate(code, lang)) <= 80


ID = re.compile(r"\b[a-z]{1,3}\d{1,2}\.\d\b|\bd_[a-z_]+|seat:|\bi\d\d\b")


@pytest.mark.parametrize("locale", ["de", "fr", "en-US"])
async def test_autocomplete_choices_fit_and_speak_the_language(table, locale: str) -> None:
    from tests.cogs.conftest import ANN, BEN

    await table.new_game(ANN, BEN)
    seen = 0
    for _ in range(30):
        player = await table.current()
        for typed in ("", "ham", "2"):
            choices = await table.complete(player, "act", "action", action=typed,
                                           locale=locale)
            assert len(choices) <= 25
            for choice in choices:
                assert 0 < len(choice["name"]) <= 100 and 0 < len(choice["value"]) <= 100
                assert not ID.search(choice["name"]), choice["name"]
            seen += len(choices)
        first = (await table.complete(player, "act", "action", action="", locale=locale))[0]
        await table.slash(player, "act", action=first["value"])
    assert seen > 100
