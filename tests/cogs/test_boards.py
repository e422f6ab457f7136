"""/board, /status, /log, /rules, /export, /replay and the error handler."""

from __future__ import annotations

import json
import logging

import discord
import pytest

from tests.cogs.conftest import ANN, BEN, CEM, PNG, Table
from tests.cogs.harness import OTHER_CHANNEL_ID


async def play(table: Table, moves: int) -> None:
    for _ in range(moves):
        await table.slash(await table.current(), "act", action=(await table.legal())[0])


async def test_board_now_at_a_move_and_by_view(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await play(table, 2)
    version = (await table.game()).version
    for options in ({}, {"at_move": 1}, {"at_move": 0, "view": "map"}, {"view": "players"}):
        await table.slash(CEM, "board", **options)  # anyone may look
        reply = table.recorder.last_reply()
        assert reply.ephemeral and reply.files == [("board.png", PNG)]
    await table.slash(CEM, "board", at_move=99)
    assert "99" in table.reply_text() and not table.recorder.last_reply().files
    await table.slash(CEM, "board", view="<@everyone>")
    assert "@everyone" not in table.reply_text()
    assert (await table.game()).version == version


async def test_board_by_id_from_another_channel_and_unknown_ids(table: Table) -> None:
    table.cache_guild()  # whether CEM may see #autobahn, where game 1 is played
    await table.new_game(ANN, BEN)
    await table.slash(CEM, "board", game=1, channel=OTHER_CHANNEL_ID)
    assert table.recorder.last_reply().files
    await table.slash(CEM, "board", game=424242)
    assert "no game 424242" in table.reply_text()
    await table.slash(CEM, "board", channel=OTHER_CHANNEL_ID)
    assert "No game" in table.reply_text()


async def test_a_game_of_another_server_is_not_shown(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await table.store.create_game(host_id="x", edition="classic", edition_hash="h", seed=1,
                                  guild_id=1, channel_id=2)
    await table.slash(CEM, "status", game=2)
    assert "no game 2" in table.reply_text()


async def test_status_and_log(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await play(table, 2)
    await table.slash(CEM, "status")
    text = table.reply_text()
    assert "ann" in text and "ben" in text and "DM" in text
    await table.slash(CEM, "log")
    text = table.reply_text()
    assert "1." in text and "2." in text and "Route card" in text
    assert "[" not in text  # the notation is engine words: only for whoever asks
    await table.slash(CEM, "log", notation=True)
    assert "  [route " in table.reply_text()


async def test_status_of_a_solo_game_gives_the_autobots_points_not_its_money(
        table: Table) -> None:
    """Before, /status listed the human alone: the Autobot's score, the one a solo player
    plays against, was not there."""
    await table.slash(ANN, "game new", level=3, thread=False)
    await table.slash(ANN, "game start")
    await table.slash(ANN, "act", action=(await table.legal())[0])
    await table.slash(ANN, "status", locale="de")
    lines = table.reply_text().splitlines()
    bot = [line for line in lines if "Autobot (Stufe 3)" in line]
    assert len(bot) == 1 and bot[0].endswith("Punkte") and "DM" not in bot[0], lines
    assert any("ann" in line and "DM" in line for line in lines), lines


async def test_status_names_computer_seats_in_the_players_language(table: Table) -> None:
    await table.slash(ANN, "game new", players=3, bots=2, bot_level="strong", thread=False)
    await table.slash(ANN, "game start")
    await table.slash(ANN, "status", locale="de")
    text = table.reply_text()
    assert "Computer 1 (stark)" in text and "Computer 2 (stark)" in text, text


async def test_status_of_a_lobby_and_in_german(table: Table) -> None:
    await table.new_game(ANN, BEN, start=False)
    await table.slash(CEM, "status", locale="de")
    assert "wartet" in table.reply_text() or "Partie" in table.reply_text()


async def test_rules_attach_the_rules_text(table: Table) -> None:
    await table.slash(CEM, "rules", locale="fr")
    reply = table.recorder.last_reply()
    assert reply.files and reply.files[0][0] == "RULES.md" and "plateau" in reply.content


async def test_export_is_the_game_record(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await play(table, 2)
    await table.slash(CEM, "export")
    name, data = table.recorder.last_reply().files[0]
    record = json.loads(data)
    assert name == "autobahn-1.json" and len(record["actions"]) == 2


async def test_replay_is_an_animated_gif(table: Table) -> None:
    await table.new_game(ANN, BEN)
    await play(table, 3)
    await table.slash(CEM, "replay")
    name, data = table.recorder.last_reply().files[0]
    assert name == "autobahn-1.gif" and data[:6] in (b"GIF87a", b"GIF89a")


async def test_an_unexpected_error_shows_a_reference_not_a_traceback(
        table: Table, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    await table.new_game(ANN, BEN)

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("secret internals /etc/passwd")

    monkeypatch.setattr(table.service, "log", broken)
    with caplog.at_level(logging.ERROR, logger="autobahn.discord.errors"):
        await table.slash(CEM, "log")
    text = table.reply_text()
    assert "reference" in text and "secret" not in text and "Traceback" not in text
    ref = text.split("reference ")[1].split(")")[0]
    assert any(ref in r.getMessage() and r.exc_info for r in caplog.records)
    assert "game=1" in caplog.records[-1].getMessage()


@pytest.mark.parametrize("code", [10062, 40060])
async def test_an_interaction_discord_refuses_to_acknowledge_is_a_warning_not_our_error(
        table: Table, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch,
        code: int) -> None:
    # 10062: the interaction expired before we answered; 40060: Discord delivered it twice
    # and the other copy answered. Nobody waits for a reply, and nothing is our bug.
    await table.new_game(ANN, BEN)

    class Response:
        status, reason = (404 if code == 10062 else 400), "refused"

    async def refused(*args: object, **kwargs: object) -> None:
        raise discord.HTTPException(Response(), {"code": code, "message": "refused"})

    monkeypatch.setattr(table.service, "log", refused)
    table.recorder.clear()
    with caplog.at_level(logging.WARNING, logger="autobahn.discord.errors"):
        await table.slash(CEM, "log")
    assert table.recorder.replies() == []
    assert [r.levelno for r in caplog.records] == [logging.WARNING]
    assert f"code {code}" in caplog.records[0].getMessage()


async def test_replays_beyond_the_limit_are_refused_in_the_players_language(
        table: Table) -> None:
    from service.animation import REPLAYS_PER_WINDOW

    await table.new_game(ANN, BEN)
    for _ in range(REPLAYS_PER_WINDOW):
        await table.slash(CEM, "replay", locale="de")
        assert table.recorder.last_reply().files
    await table.slash(CEM, "replay", locale="de")
    text = table.reply_text()
    assert not table.recorder.last_reply().files
    assert "Wiederholungen" in text and "Something" not in text
