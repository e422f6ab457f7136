"""Computer players through Discord (issue 16): ann opens a game with two computer seats
and plays it to the end; the computers' turns are played by the bot itself, posted like any
turn, and never mention anyone but ann; the record and /log say which seats were computers.
Then a stalled seat handed to a computer by the others' vote from the stall notice, the
computer playing it unpinged, and the player reclaiming it."""

from __future__ import annotations

import asyncio
import json
import re
import time
from typing import Any

import pytest
from fake_discord import User
from table import Table

from locales import translate
from store import GameStore, ReminderSettings
from tests.patience import scaled

ANN_DECISIONS = 400  # more than a whole game asks of one seat


async def wait_for_ann(table: Table, timeout: float = 60.0) -> None:
    ann = str(table.users[0].id)
    end = time.monotonic() + scaled(timeout)
    while time.monotonic() < end:
        game = table.game()
        if game["status"] != "running" or game["current_player"] == ann:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"the computers did not hand back: {dict(table.game())}")


@pytest.mark.slow
async def test_one_human_and_two_computers_through_discord(table: Table) -> None:
    ann = table.users[0]
    before = set(table.fd.world.channels)
    await table.run(ann, "game new", {"players": 3, "bots": 2, "bot_level": "easy",
                                      "name": "cpu", "thread": True})
    new = [c for cid, c in table.fd.world.channels.items() if cid not in before]
    table.place = new[0] if new else table.fd.world.channel
    (row,) = [g for g in table.store.games() if g["status"] == "lobby"]
    table.game_id = int(row["id"])
    await table.run(ann, "game start")
    hinted = False
    for _ in range(ANN_DECISIONS):
        await wait_for_ann(table)
        if table.game()["status"] != "running":
            break
        if not hinted:
            answer = await table.run(ann, "hint")
            assert answer.get("content", "").startswith("Vorschlag: ")  # ann reads German
            hinted = True
        options = await table.choices(ann, "act")
        await table.run(ann, "act", {"action": str(options[0]["value"])})
    await wait_for_ann(table)
    game = table.game()
    assert game["status"] == "finished", dict(game)  # a whole game, to its end
    ended = translate("story.final", "de")  # the ranked end, in the game's language
    final = await table.fd.wait_for(
        lambda _: next((m for m in table.turn_messages()
                        if ended in m.text), None), 30)
    content = final.text
    assert "Computer 1 (leicht)" in content and "Computer 2 (leicht)" in content
    assert "<@cpu" not in content
    # /log opens with the computer seats and their level (in ann's German).
    log = await table.run(ann, "log", locale="de")
    assert "Computerspieler: Computer 1 (leicht), Computer 2 (leicht)." in (
        log.get("content", ""))
    record = await exported(table, ann)
    assert record["computer"] == {"cpu1": "easy", "cpu2": "easy"}
    players = {a["player_id"] for a in table.store.actions(table.game_id)}
    assert {"cpu1", "cpu2"} <= players and str(ann.id) in players
    posts = [m.text for m in table.turn_messages()]
    assert any("Computer 1" in p for p in posts)
    assert not any("<@cpu" in p for p in posts)
    assert all(r["user_id"] == str(ann.id) for r in table.store.reminders(table.game_id))


async def exported(table: Table, user: User) -> dict[str, Any]:
    """The game record /export attaches to its answer."""
    sent = await table.slash(user, "export")
    await table.done(sent)
    for r in reversed(table.fd.recorder.requests):
        if sent.record.token in r.path:
            for f in r.files:
                if f.filename.endswith(".json"):
                    return dict(json.loads(f.data))
    raise AssertionError("no record attached")


async def set_impatient(table: Table, user: User) -> None:
    """Reminders for `user` run out in two seconds: one reminder, then the stall notice."""
    store = await GameStore.open(table.bot.db)
    try:
        await store.set_reminder_settings(ReminderSettings(
            str(user.id), delay_s=1, repeat_s=1, max_repeats=0))
    finally:
        await store.close()


def posts_since(table: Table, count: int) -> list[Any]:
    assert table.place is not None
    return table.fd.world.channel_messages(table.place)[count:]


@pytest.mark.slow
async def test_a_stalled_seat_goes_to_a_computer_by_vote_and_comes_back(table: Table) -> None:
    ann = table.users[0]
    for user in table.users:
        await set_impatient(table, user)
    await table.open_game(name="stall")
    stalled = table.current()
    remaining = [u for u in table.users if u is not stalled]
    asker = next(u for u in remaining if u is not ann)  # a non-host: the table votes
    other = next(u for u in remaining if u is not asker)
    # 1. The stall notice, with its button.
    seat_id = f"ab:cpu:{table.game_id}:{stalled.id}"

    def notice(_: object) -> Any:
        assert table.place is not None
        for m in table.fd.world.channel_messages(table.place):
            if seat_id in json.dumps(m.payload.get("components") or []):
                return m
        return None

    stall = await table.fd.wait_for(notice, 20)
    assert f"<@{stalled.id}>" in stall.payload["content"]
    # the button names its stall: the seat and the move count it was announced at
    found = re.search(re.escape(seat_id) + r":\d+", json.dumps(stall.payload["components"]))
    assert found is not None
    seat_id = found.group(0)
    # 2. A non-host presses it: a vote of the remaining players opens.
    count = len(table.fd.world.channel_messages(table.place))
    await table.done(await table.fd.press_button(asker, seat_id, stall))

    def vote_post(_: object) -> Any:
        for m in posts_since(table, count):
            ids = json.dumps(m.payload.get("components") or [])
            if "ab:seat:" in ids:
                return m
        return None

    vote = await table.fd.wait_for(vote_post, 15)
    assert f"<@{other.id}>" in vote.payload["content"]
    assert "replaced" not in json.loads(table.game()["settings"] or "{}")
    yes = next(c["custom_id"] for row in vote.payload["components"]
               for c in row["components"] if c["custom_id"].endswith(":yes"))
    # 3. The other says yes: the computer takes the seat and plays it, unpinged.
    mark = len(table.fd.world.channel_messages(table.place))
    await table.done(await table.fd.press_button(other, yes, vote))
    settings = json.loads(table.game()["settings"])
    assert settings["replaced"] == {str(stalled.id): "normal"}
    end = time.monotonic() + scaled(60)
    while table.game()["current_player"] == str(stalled.id) and time.monotonic() < end:
        await asyncio.sleep(0.1)
    assert table.game()["current_player"] != str(stalled.id)  # the computer moved
    version_after_vote = table.game()["version"]
    played = [a for a in table.store.actions(table.game_id) if a["player_id"] == str(stalled.id)]
    assert played
    later = posts_since(table, mark)
    assert later and all(f"<@{stalled.id}>" not in m.text for m in later)
    # 4. The stalled player takes back the computer's move for them; the two others
    #    consent. The seat's decision is the computer's again, and it plays at once.
    undone_at = len(table.fd.world.channel_messages(table.place))
    moves = table.game()["action_count"]
    await table.run(stalled, "undo")

    def undo_post(_: object) -> Any:
        return next((m for m in posts_since(table, undone_at)
                     if "ab:undo:" in json.dumps(m.payload.get("components") or [])), None)

    request = await table.fd.wait_for(undo_post, 15)
    yes = next(c["custom_id"] for row in request.payload["components"]
               for c in row["components"] if c["custom_id"].endswith(":yes"))
    for voter in remaining:
        await table.done(await table.fd.press_button(voter, yes, request))
    end = time.monotonic() + scaled(60)
    while time.monotonic() < end:  # the undo, then at least one move of the computer's
        game = table.game()
        if game["version"] >= version_after_vote + 2 and (
                game["current_player"] != str(stalled.id)):
            break
        await asyncio.sleep(0.1)
    assert table.game()["action_count"] >= moves - len(played) + 1
    log = table.store.actions(table.game_id)
    assert log[-1]["player_id"] == str(stalled.id)  # the computer played the seat again
    assert table.game()["current_player"] != str(stalled.id)
    # 5. The humans play on; the stalled player comes back and reclaims the seat.
    answer = await table.run(stalled, "game reclaim")
    assert "again" in answer.get("content", "") or "wieder" in answer.get("content", "") or (
        "nouveau" in answer.get("content", ""))
    for _ in range(60):
        game = table.game()
        if game["current_player"] == str(stalled.id):
            break
        user = table.by_id[game["current_player"]]
        options = await table.choices(user, "act")
        await table.run(user, "act", {"action": str(options[0]["value"])})
    assert table.game()["current_player"] == str(stalled.id)
    version = table.game()["version"]
    await asyncio.sleep(1.0)  # nobody plays for them any more
    assert table.game()["version"] == version
    record = await exported(table, ann)
    assert record["replaced"] == {str(stalled.id): "normal"}
    assert record["computer_moves"][0][:2] == [str(stalled.id), "normal"]
