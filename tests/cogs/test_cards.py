"""The turn card (issue 14): each turn one Components V2 message — the turn told, the
board, the prompt and the mover's Undo — and the previous card closed with one edit."""

from __future__ import annotations

import pytest

from tests.cogs.conftest import ANN, BEN, Table
from tests.cogs.harness import IS_COMPONENTS_V2, Sent, walk


def kinds(sent: Sent) -> list[int]:
    return [c["type"] for c in walk(sent.components)]


def edits(table: Table) -> list[str]:
    """The ids of the messages edited, in order."""
    return [s.path.rsplit("/", 1)[-1] for s in table.recorder.of("message_edit")]


async def posted_id(table: Table) -> str:
    return str((await table.game()).board_message_id)


async def end_turn(table: Table) -> tuple[int, str]:
    """The current player takes a draft pick (a turn of one action); returns them."""
    player = await table.current()
    await table.slash(player, "act", action=(await table.legal())[0])
    return player


async def test_a_turn_is_one_v2_message_with_text_board_and_buttons(table: Table) -> None:
    await table.new_game(ANN, BEN)
    mover = await end_turn(table)
    (post,) = table.posts()
    assert post.v2 and not post.body.get("content") and not post.body.get("embeds")
    assert kinds(post)[:3] == [17, 10, 12]  # a container: the text, then the board
    container = post.components[0]
    text = container["components"][0]["content"]
    assert f"<@{(await table.game()).current_player}>" in text and len(text) <= 4000
    gallery = container["components"][1]
    assert gallery["items"][0]["media"]["url"] == "attachment://board.png"
    assert post.files and post.files[0][0] == "board.png"
    rows = [c for c in container["components"] if c["type"] == 1]
    version = (await table.game()).version
    assert any(i.get("custom_id", "").startswith(f"ab:act:1:{version}:")
               for i in walk(rows))
    undo = [i for i in walk(rows) if i.get("custom_id", "").startswith("ab:back:")]
    assert [u["custom_id"] for u in undo] == [f"ab:back:1:{version}:{mover[0]}"]
    assert len(walk(post.components)) <= 40


async def test_the_next_turn_closes_the_previous_card_with_one_edit(table: Table) -> None:
    await table.new_game(ANN, BEN)
    start = await posted_id(table)
    await end_turn(table)
    assert edits(table) == [start]  # the start card lost its buttons
    first, first_id = table.posts()[-1], await posted_id(table)
    await end_turn(table)
    assert edits(table) == [start, first_id]  # one edit, not one per button
    edit = table.recorder.of("message_edit")[-1]
    assert edit.v2 and not edit.custom_ids  # the same card without its rows
    assert [c["type"] for c in walk(edit.components)] == [17, 10, 12]
    assert walk(edit.components)[1]["content"] == walk(first.components)[1]["content"]
    assert walk(edit.components)[2]["items"][0]["media"]["url"] == "attachment://board.png"
    third = await posted_id(table)
    await end_turn(table)
    assert edits(table) == [start, first_id, third]  # each card once
    # a stale press on a closed card still gets the polite answer
    old = next(c for c in first.custom_ids if c.startswith("ab:act:"))
    await table.press(await table.current(), old)
    assert "changed" in table.reply_text()


async def test_a_card_already_closed_is_not_edited_again(table: Table) -> None:
    """A post made again for the same version (the owed-post check after a crash that
    lost the record of the send) finds the stored card closed and leaves it alone."""
    from cogs.posting import announce, of_turn_post

    await table.new_game(ANN, BEN)
    await end_turn(table)
    await end_turn(table)
    assert len(edits(table)) == 2
    game = await table.game()
    latest = await posted_id(table)
    for _ in range(2):
        post = await table.service.turn_post(game.id)
        assert await announce(table.bot, game.id, of_turn_post(post)) is not None
    # the stored card was closed by the first repeat only (Discord's nonce answers the
    # repeated send with the first message, so there is no new card to close)
    assert edits(table)[2:] == [latest]


async def test_undo_on_the_card_is_for_the_mover_only(table: Table) -> None:
    await table.new_game(ANN, BEN)
    mover = await end_turn(table)
    game = await table.game()
    undo = f"ab:back:1:{game.version}:{mover[0]}"
    other = BEN if mover == ANN else ANN
    await table.press(other, undo, locale="de")
    answer = table.recorder.last_reply()
    assert answer.ephemeral and "Knopf" in answer.content and "/rückgängig" in answer.content
    assert (await table.game()).version == game.version
    # the mover's press: the same rules as /undo (the turn passed: the other must agree)
    await table.press(mover, undo)
    assert "agree" in table.reply_text().lower() or "consent" in table.reply_text().lower()
    request = table.posts()[-1]
    assert f"<@{other[0]}>" in request.content and any(
        c.startswith("ab:undo:") for c in request.custom_ids)


async def test_a_stale_undo_button_changes_nothing(table: Table) -> None:
    await table.new_game(ANN, BEN)
    mover = await end_turn(table)
    version = (await table.game()).version
    await end_turn(table)
    now = (await table.game()).version
    await table.press(mover, f"ab:back:1:{version}:{mover[0]}")
    assert "changed" in table.reply_text()
    assert (await table.game()).version == now


async def test_in_a_solo_game_the_card_undo_takes_the_move_back(table: Table) -> None:
    await table.slash(ANN, "game new", level=3, thread=False)
    await table.slash(ANN, "game start")
    table.recorder.clear()
    while not table.posts():
        await table.slash(ANN, "act", action=(await table.legal())[0])
    game = await table.game()
    undo = next(c for c in table.posts()[-1].custom_ids if c.startswith("ab:back:"))
    assert undo == f"ab:back:1:{game.version}:{ANN[0]}"
    await table.press(ANN, undo)
    after = await table.game()
    assert after.version == game.version + 1 and after.action_count < game.action_count
    assert "took back" in table.posts()[-1].content
    assert table.posts()[-1].body["flags"] & IS_COMPONENTS_V2


async def test_a_long_turn_is_told_up_to_the_card_limit(table: Table,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A card holds 4000 characters of text, twice a classic message: a long turn keeps
    more of its story, and the card never passes Discord's limit."""
    await table.new_game(ANN, BEN)

    async def long_story(game_id: int, lang: str | None = None) -> tuple[str, ...]:
        return tuple(f"line {i}: " + "x" * 200 for i in range(40))

    monkeypatch.setattr(table.service, "turn_story", long_story)
    await end_turn(table)
    post = table.posts()[-1]
    text = walk(post.components)[1]["content"]
    assert 2000 < len(text) <= 4000 and "line 10:" in text
    assert f"<@{(await table.game()).current_player}>" in text  # the mention survives
    shown = sum(len(c.get("content", "")) for c in walk(post.components) if c["type"] == 10)
    assert shown <= 4000
