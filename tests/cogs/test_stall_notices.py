"""Old stall notices (issue 30 item 10): a notice's button belongs to the stall it
announced. When that stall ends — the stalled player moves, the seat is handed to a
computer (and maybe taken back) — its button comes off, and a press of it (a notice still
on screen, or pressed from an old client) changes nothing and says so in the presser's
language. Before, the host pressed a game's first notice much later and a present player's
seat went to a computer at once."""

from __future__ import annotations

from typing import Any

from tests.cogs.conftest import ANN, Table
from tests.cogs.test_seat_votes import stall

OUT_OF_DATE = {"en-US": "This notice is out of date",
               "de": "Dieser Hinweis ist überholt",
               "fr": "Cet avis n’est plus valable"}


async def stall_posts(table: Table) -> tuple[list[Any], set[int]]:
    """The remembered stall notices, and the ids of those whose button was taken off."""
    events = await table.store.list_events(1)
    posts = [e for e in events if e.kind == "vote_post" and "stall" in e.detail]
    closed = {e.detail["post"] for e in events if e.kind == "vote_post_closed"}
    return posts, closed


async def test_a_notice_dies_when_its_player_moves_and_a_later_press_changes_nothing(
        table: Table) -> None:
    stalled, notice = await stall(table)
    (post,), closed = await stall_posts(table)
    assert post.id not in closed  # the stall holds: the button is live
    # The stalled player comes back and moves: the stall is over, its button comes off.
    await table.slash(stalled, "act", action=(await table.legal())[0])
    _, closed = await stall_posts(table)
    assert post.id in closed
    # Later, the old notice is pressed anyway (by the host): nothing changes.
    for locale, said in OUT_OF_DATE.items():
        before = await table.game()
        await table.press(ANN, notice.custom_ids[0], components=notice.components,
                          locale=locale)
        assert said in table.reply_text(), table.reply_text()
        after = await table.game()
        assert not after.settings.get("replaced")
        assert after.version == before.version


async def test_a_notice_dies_when_the_seat_is_handed_over_and_stays_dead_after_a_reclaim(
        table: Table) -> None:
    stalled, notice = await stall(table)
    # The host's press hands the seat over at once: this stall has ended.
    await table.press(ANN, notice.custom_ids[0], components=notice.components)
    game = await table.game()
    assert str(stalled[0]) in game.settings["replaced"]
    (post,), closed = await stall_posts(table)
    assert post.id in closed
    await table.bot.service.computers_idle()
    # The player takes the seat back; the old notice must not hand it over again.
    await table.slash(stalled, "game reclaim")
    assert not (await table.game()).settings.get("replaced")
    await table.press(ANN, notice.custom_ids[0], components=notice.components, locale="de")
    assert OUT_OF_DATE["de"] in table.reply_text(), table.reply_text()
    assert not (await table.game()).settings.get("replaced")


async def test_a_notice_posted_before_notices_named_their_stall_is_refused(
        table: Table) -> None:
    _, notice = await stall(table)
    old_id = notice.custom_ids[0].rsplit(":", 1)[0]  # "ab:cpu:<game>:<player>"
    await table.press(ANN, old_id, locale="fr")  # a message carrying the old button
    assert OUT_OF_DATE["fr"] in table.reply_text(), table.reply_text()
    assert not (await table.game()).settings.get("replaced")
