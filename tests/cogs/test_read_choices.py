"""One language for a choice's name wherever a player compares it (issue 31, item 9; the
rule is in the README): the game's, as on the turn card's buttons. A French player in a
German game reads the hint's reason in French and its choice as the button says it."""

from __future__ import annotations

from service.computer import Thinker
from tests.cogs.conftest import ANN, BEN, Table
from tests.cogs.harness import walk
from tests.cogs.test_cards import end_turn

FAST = {"sample": 2, "width": 0, "follow": 1, "seconds": None, "noise": 0.0}


async def test_hint_and_suggestions_name_choices_as_the_buttons_do(table: Table) -> None:
    table.service.use_thinker(Thinker(processes=False, budget=FAST, hint_budget=FAST))
    await table.new_game(ANN, BEN, language="de")
    await end_turn(table)
    player = await table.current()
    german = {i.label for i in (await table.service.labelled(1, str(player[0]), "de")).items}
    french = {i.label for i in (await table.service.labelled(1, str(player[0]), "fr")).items}
    assert german.isdisjoint(french)
    (card,) = table.posts()
    on_card = {c.get("label") for c in walk(card.components)}
    on_card |= {o.get("label") for c in walk(card.components) for o in c.get("options", [])}
    assert german & on_card  # the card's choices speak the game's language

    await table.slash(player, "hint", locale="fr")
    said = table.reply_text()
    assert said.startswith("Suggestion\u202f: "), said  # the reader's words around it
    assert any(said.startswith(f"Suggestion\u202f: {label}") for label in german), said
    assert not any(label in said for label in french)

    offered = await table.complete(player, "act", "action", action="", locale="fr")
    assert offered and all(c["name"] in german for c in offered)
