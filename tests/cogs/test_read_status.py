"""/status on Discord says what the table still waits for (issue 31, item 13): an undo
request open for answers."""

from __future__ import annotations

from tests.cogs.conftest import ANN, BEN, CEM, Table
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


async def test_a_reclaimed_seat_is_told_to_the_table(table: Table) -> None:
    """The table read that a computer took the seat; the reclaim was told to the
    reclaiming player alone."""
    from tests.cogs.test_seat_votes import stall

    stalled, notice = await stall(table)
    await table.press(ANN, notice.custom_ids[0], components=notice.components)
    before = len(table.recorder.sent)
    await table.slash(stalled, "game reclaim")
    told = [s for s in table.recorder.sent[before:] if s.kind == "message"]
    assert [s.content for s in told] == [f"{stalled[1]} plays their own seat again in game #1."]
    assert f"<@{stalled[0]}>" not in told[0].content


async def test_a_seat_vote_ended_by_the_stalled_players_move_says_so(table: Table) -> None:
    """The stalled player's own move ends the vote on their seat; its buttons went
    without a word."""
    from tests.cogs.test_seat_votes import stall

    stalled, notice = await stall(table)
    asker = next(u for u in (BEN, CEM) if u != stalled)  # not the host: a vote opens
    await table.press(asker, notice.custom_ids[0], components=notice.components)
    before = len(table.recorder.sent)
    await table.slash(stalled, "act", action=(await table.legal())[0])
    told = [s.content for s in table.recorder.sent[before:] if s.kind == "message"]
    assert (f"{stalled[1]} has moved again in game #1: the vote on handing their seat to a "
            "computer is over, and the seat stays theirs.") in told, told
    assert not (await table.game()).settings.get("replaced")
