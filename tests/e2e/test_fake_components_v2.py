"""The fake Discord's model of Components V2 (fake_discord.components): what it accepts,
what it refuses as Discord does, and what it stores for a V2 message."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from fake_discord import FakeDiscord
from fake_discord.components import IS_COMPONENTS_V2
from fake_discord.payloads import interaction_payload

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 32
V2 = IS_COMPONENTS_V2


@pytest.fixture
async def fd() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(heartbeat_interval_ms=500) as fake:
        yield fake


async def call(fd: FakeDiscord, method: str, path: str, body: dict[str, Any],
               files: dict[str, bytes] | None = None) -> tuple[int, dict[str, Any]]:
    """A bot's REST request, JSON or multipart with `files` (name -> bytes)."""
    headers = {"Authorization": f"Bot {fd.token}"}
    url = fd.base_url.rstrip("/") + path
    async with aiohttp.ClientSession() as session:
        if files:
            form = aiohttp.FormData()
            form.add_field("payload_json", json.dumps(body), content_type="application/json")
            for n, (name, data) in enumerate(files.items()):
                form.add_field(f"files[{n}]", data, filename=name, content_type="image/png")
            request = session.request(method, url, data=form, headers=headers)
        else:
            request = session.request(method, url, json=body, headers=headers)
        async with request as response:
            return response.status, await response.json(content_type=None)


def card(*children: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"type": 17, "accent_color": 0x2F6FB0, "components": list(children)}]


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def gallery(url: str) -> dict[str, Any]:
    return {"type": 12, "items": [{"media": {"url": url}, "description": "the board"}]}


def row(*custom_ids: str) -> dict[str, Any]:
    return {"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": c}
                                      for c in custom_ids]}


async def send(fd: FakeDiscord, body: dict[str, Any],
               files: dict[str, bytes] | None = None) -> tuple[int, dict[str, Any]]:
    return await call(fd, "POST", f"/channels/{fd.world.channel.id}/messages", body, files)


async def test_a_turn_card_is_stored_with_its_image_unfurled(fd: FakeDiscord) -> None:
    status, message = await send(fd, {"flags": V2, "components": card(
        text("Ann built"), gallery("attachment://board.png"), row("ab:act:1:2:0"))},
        {"board.png": PNG})
    assert status == 200, message
    assert message["flags"] & V2 and message["content"] == ""
    (attachment,) = message["attachments"]
    media = message["components"][0]["components"][1]["items"][0]["media"]
    assert media["url"] == attachment["url"] and media["attachment_id"] == attachment["id"]
    assert all("id" in c for c in message["components"][0]["components"])  # numbered
    stored = fd.world.messages[int(message["id"])]
    assert stored.text == "Ann built" and stored.custom_ids == ["ab:act:1:2:0"]


@pytest.mark.parametrize(("body", "files", "why"), [
    ({"flags": V2, "content": "hi", "components": card(text("x"))}, None, "content"),
    ({"flags": V2, "embeds": [{"title": "x"}], "components": card(text("x"))}, None, "embeds"),
    ({"flags": V2, "components": card(text("x"), gallery("attachment://other.png"))},
     {"board.png": PNG}, "names no file"),
    ({"flags": V2, "components": card(*[text("x")] * 40)}, None, "at most 40"),
    ({"flags": V2, "components": card(text("x" * 2001), text("y" * 2000))}, None, "4000"),
    ({"flags": V2, "components": card(card(text("x"))[0])}, None, "container"),
    ({"flags": V2, "components": card(row(*[f"b{i}" for i in range(6)]))}, None, "5 buttons"),
    ({"flags": V2, "components": card(row("same"), row("same"))}, None, "unique"),
    ({"flags": V2, "components": card({"type": 10, "content": ""})}, None, "content"),
    ({"flags": V2, "components": [{"type": 9, "components": [text("x")]}]}, None, "accessory"),
    ({"flags": V2, "components": [{"type": 99}]}, None, "top level"),
    ({"flags": V2, "components": []}, None, "empty"),
    ({"content": "classic", "components": card(text("x"))}, None, "IS_COMPONENTS_V2"),
    ({"content": "classic", "components": [row("a")] * 6}, None, "5 action rows"),
])
async def test_what_discord_refuses_is_refused(fd: FakeDiscord, body: dict[str, Any],
                                               files: dict[str, bytes] | None,
                                               why: str) -> None:
    status, answer = await send(fd, body, files)
    assert status == 400 and answer["code"] in (50035, 50006), answer
    assert why.lower() in answer["message"].lower() or (
        why == "empty" and answer["code"] == 50006), answer
    assert fd.world.channel_messages(fd.world.channel) == []


async def test_an_edit_keeps_the_flag_and_may_name_the_kept_image(fd: FakeDiscord) -> None:
    _, message = await send(fd, {"flags": V2, "components": card(
        text("turn 1"), gallery("attachment://board.png"), row("ab:act:1:2:0"))},
        {"board.png": PNG})
    path = f"/channels/{fd.world.channel.id}/messages/{message['id']}"
    # the buttons taken off: the same layout, the kept upload named as uploaded
    status, edited = await call(fd, "PATCH", path, {"flags": V2, "components": card(
        text("turn 1"), gallery("attachment://board.png"))})
    assert status == 200, edited
    stored = fd.world.messages[int(message["id"])]
    assert stored.custom_ids == [] and stored.text == "turn 1" and len(stored.files) == 1
    media = edited["components"][0]["components"][1]["items"][0]["media"]
    assert media["attachment_id"] == message["attachments"][0]["id"]
    for body in ({"content": "now text"}, {"flags": 0, "components": []},
                 {"components": card(text("x"), gallery("attachment://gone.png"))}):
        status, answer = await call(fd, "PATCH", path, body)
        assert status == 400 and answer["code"] == 50035, (body, answer)
    assert stored.payload["flags"] & V2 and stored.text == "turn 1"


async def test_a_classic_message_keeps_its_classic_rules(fd: FakeDiscord) -> None:
    status, message = await send(fd, {"content": "vote", "components": [row("ab:undo:1:3:yes")]})
    assert status == 200 and message["components"][0]["components"][0]["custom_id"]
    path = f"/channels/{fd.world.channel.id}/messages/{message['id']}"
    status, _ = await call(fd, "PATCH", path, {"components": []})
    assert status == 200 and fd.world.messages[int(message["id"])].custom_ids == []


async def test_a_deferred_response_cannot_set_the_flag(fd: FakeDiscord) -> None:
    # a slash command as the fake records one (no bot needs to see it)
    ann, world = fd.world.user_named("ann"), fd.world
    record = world.new_interaction(2, ann, world.channel)
    record.payload = interaction_payload(
        interaction_id=record.id, token=record.token, kind=2,
        application_id=world.application_id, data={"name": "status", "type": 1}, user=ann,
        channel=world.channel, guild=world.guild, users=world.users, locale="en-US")
    path = f"/interactions/{record.id}/{record.token}/callback"
    status, answer = await call(fd, "POST", path, {"type": 5, "data": {"flags": V2 | 64}})
    assert status == 400 and "deferred" in answer["message"]
    status, _ = await call(fd, "POST", path, {"type": 5, "data": {"flags": 64}})
    assert status in (200, 204)
    # the followup that fills the deferred answer may be a V2 message
    followup = f"/webhooks/{fd.world.application_id}/{record.token}"
    status, message = await call(fd, "POST", followup, {
        "flags": V2 | 64, "components": card(text("your hint"))})
    assert status == 200 and message["flags"] & V2, message
