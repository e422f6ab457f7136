"""The turn card's Undo button and the closing of old cards, through the real bot."""

from __future__ import annotations

import random

from table import Table

DE = "de"


def undo_button(table: Table) -> str:
    (found,) = [c for c in table.turn_messages()[-1].custom_ids if c.startswith("ab:back:")]
    return found


async def test_the_mover_undoes_by_the_card_with_the_others_consent(table: Table) -> None:
    await table.open_game()
    decision = await table.play_until_turn_passes(random.Random(5))
    mover = decision.user
    card = table.turn_messages()[-1]
    table.check_card(card)
    button = undo_button(table)
    assert button.endswith(f":{mover.id}")
    count = table.game()["action_count"]
    # someone else: the polite answer in their language, and nothing changes
    other = next(u for u in table.users if u != mover)
    reply = await table.done(await table.fd.press_button(other, button, card, locale=DE))
    assert "Knopf" in reply["content"] and "/rückgängig" in reply["content"], reply
    assert table.game()["action_count"] == count
    # the mover: the turn has passed, so the others are asked, as with /undo
    reply = await table.done(await table.fd.press_button(mover, button, card))
    post = await table.fd.wait_for(lambda _: next(
        (m for m in reversed(table.fd.world.channel_messages(table.place))
         if any(c.startswith("ab:undo:") for c in m.custom_ids)), None), 15)
    yes = next(c for c in post.custom_ids if c.endswith(":yes"))
    cards = len(table.turn_messages())
    for user in table.users:
        if user != mover:
            await table.done(await table.fd.press_button(user, yes, post))
    await table.wait_turn_messages(cards + 1)
    assert table.game()["action_count"] < count  # taken back
    latest = table.turn_messages()[-1]
    table.check_card(latest)
    assert table.edits_of(card) and card.custom_ids == []  # the undone card lost its buttons
    assert len(table.edits_of(card)) == 1
    # the card after the undo offers no Undo to anyone: nobody has just moved
    assert not [c for c in latest.custom_ids if c.startswith("ab:back:")]


async def test_a_card_left_open_answers_a_stale_press_politely(table: Table) -> None:
    """Discord refused the edit that closes a card: its buttons stay, and a press on
    them is told the board has changed, with nothing changed."""
    await table.open_game()
    await table.play_until_turn_passes(random.Random(7))
    card = table.turn_messages()[-1]
    table.fd.faults.server_error("PATCH /channels/{channel_id}/messages/{message_id}",
                                 status=403)
    await table.play_until_turn_passes(random.Random(8), weights=(1, 0, 0))
    assert table.turn_messages()[-1] is not card and card.custom_ids  # left open
    count = table.game()["action_count"]
    old = next(c for c in card.custom_ids if c.startswith("ab:act:"))
    reply = await table.done(await table.fd.press_button(table.current(), old, card,
                                                         locale="en-US"))
    assert "changed" in reply["content"], reply
    assert table.game()["action_count"] == count
