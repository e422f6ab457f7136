"""/status on Discord says what the table still waits for (issue 31, item 13): an undo
request open for answers."""

from __future__ import annotations

from tests.cogs.conftest import ANN, BEN, Table
from tests.cogs.test_cards import end_turn


async def test_status_shows_the_undo_vote_still_open(table: Table) -> None:
    await table.new_game(ANN, BEN)
    mover = await end_turn(table)
    other = BEN if mover == ANN else ANN
    await table.slash(mover, "undo")
    await table.slash(other, "status", locale="fr")
    said = table.reply_text()
    line = next(x for x in said.splitlines() if x.startswith("Vote en cours"))
    assert line.startswith(f"Vote en cours\u202f: {mover[1]} demande d’annuler 1 coup\u202f; "
                           "pas encore de réponse d")
    assert line.endswith(f"{other[1]}."), line
    await table.slash(other, "status", locale="de")
    assert f"Offene Abstimmung: {mover[1]} möchte 1 Aktion zurücknehmen" in table.reply_text()
