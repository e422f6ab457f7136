"""A Discord without a network for cog tests: real discord.py objects, recorded replies.

Interactions are real `discord.Interaction` objects built from gateway payload dicts on the
bot's real `ConnectionState`; they go through the real `CommandTree._call` (checks,
transformers, autocomplete, the tree's error handler) and the real `ViewStore` dynamic-item
dispatch. Only the two HTTP edges are fakes that record what would have been sent:
`FakeHTTP` (bot REST: channel messages, threads, DMs, command sync) and `FakeWebhooks`
(interaction callbacks and follow-ups), installed through discord.py's own `async_context`.
"""

from __future__ import annotations

import itertools
import json
import math
from dataclasses import dataclass, field
from typing import Any

import discord
import discord.http
from discord.webhook.async_ import AsyncWebhookAdapter

APP_ID = 900000000000000001
BOT_ID = 900000000000000002
GUILD_ID = 800000000000000001
CHANNEL_ID = 700000000000000001
OTHER_CHANNEL_ID = 700000000000000002
THREAD_ID = 700000000000000009
# A channel @everyone may not see (issue 30 item 7): its games are hidden from others.
SECRET_CHANNEL_ID = 700000000000000003
ADMIN = 1 << 3  # Permissions.administrator
MANAGE_THREADS = 1 << 34
PLAYER_PERMS = (1 << 10) | (1 << 11) | (1 << 38)  # view, send, send in threads

_ids = itertools.count(950000000000000000)
IS_COMPONENTS_V2 = 1 << 15


def snowflake() -> int:
    return next(_ids)


def interaction_id(at: float) -> int:
    """A snowflake whose timestamp is `at` (the test's clock), rounded up to Discord's
    millisecond, so `Interaction.created_at` is never before the moment it stands for."""
    ms = math.ceil(at * 1000) - 1420070400000  # Discord's epoch
    return (ms << 22) | (next(_ids) & 0x3FFFFF)


@dataclass
class Sent:
    """One request the bot made: where, what kind, its JSON body and attached files."""

    method: str
    path: str
    kind: str  # "callback", "followup", "edit", "message", "thread", "dm", "sync", "other"
    body: dict[str, Any]
    files: list[tuple[str, bytes]] = field(default_factory=list)

    @property
    def content(self) -> str:
        """The text shown: `content`, or a Components V2 message's text displays."""
        data = self.body.get("data", self.body) if self.kind == "callback" else self.body
        return str(data.get("content") or "") or "\n".join(
            str(c.get("content", "")) for c in walk(data.get("components") or [])
            if c.get("type") == 10)

    @property
    def allowed_mentions(self) -> dict[str, Any] | None:
        data = self.body.get("data", self.body) if self.kind == "callback" else self.body
        return data.get("allowed_mentions")

    @property
    def ephemeral(self) -> bool:
        data = self.body.get("data", self.body) if self.kind == "callback" else self.body
        return bool(int(data.get("flags") or 0) & 64)

    @property
    def components(self) -> list[dict[str, Any]]:
        return list(self.body.get("components") or [])

    @property
    def v2(self) -> bool:
        return bool(int(self.body.get("flags") or 0) & IS_COMPONENTS_V2)

    @property
    def custom_ids(self) -> list[str]:
        """Every button's and menu's custom id, however deep (a V2 card nests its rows)."""
        return [c["custom_id"] for c in walk(self.components) if "custom_id" in c]


def walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Components and the components inside them (rows, containers, sections), in order."""
    out: list[dict[str, Any]] = []
    for c in components:
        out.append(c)
        out += walk(list(c.get("components") or []))
        if isinstance(c.get("accessory"), dict):
            out += walk([c["accessory"]])
    return out


def _message(channel_id: int, content: str = "", **extra: Any) -> dict[str, Any]:
    return {
        "id": str(snowflake()), "channel_id": str(channel_id), "type": 0,
        "content": content, "author": user_payload(BOT_ID, "autobahn", bot=True),
        "attachments": [], "embeds": [], "mentions": [], "mention_roles": [],
        "pinned": False, "mention_everyone": False, "tts": False,
        "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None,
        "flags": extra.pop("flags", 0) or 0,
        "components": extra.pop("components", []), **extra,
    }


def _split(multipart: Any, files: Any) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
    body: dict[str, Any] = {}
    for part in multipart or []:
        if part.get("name") == "payload_json":
            body = json.loads(part["value"])
    got = []
    for f in files or []:
        f.fp.seek(0)
        got.append((f.filename, f.fp.read()))
    return body, got


class Recorder:
    def __init__(self) -> None:
        self.sent: list[Sent] = []
        # HTTP statuses to raise on the next sends (POSTs: a message, a DM channel); the
        # reads and edits around a turn post (closing the previous card) are not failed
        self.fail_next: list[int] = []

    def of(self, kind: str) -> list[Sent]:
        return [s for s in self.sent if s.kind == kind]

    def replies(self) -> list[Sent]:
        """What the user saw in answer to interactions (callbacks with text, follow-ups)."""
        return [s for s in self.sent if s.kind in ("followup", "edit")
                or (s.kind == "callback" and s.content)]

    def last_reply(self) -> Sent:
        replies = self.replies()
        assert replies, f"no reply was sent; requests: {[(s.kind, s.path) for s in self.sent]}"
        return replies[-1]

    def clear(self) -> None:
        self.sent.clear()


class FakeWebhooks(AsyncWebhookAdapter):
    def __init__(self, recorder: Recorder) -> None:
        super().__init__()
        self.recorder = recorder

    async def request(self, route: discord.http.Route, session: Any, *,
                      payload: dict[str, Any] | None = None, multipart: Any = None,
                      files: Any = None, **_: Any) -> Any:
        body, got = (payload or {}), []
        if multipart:
            body, got = _split(multipart, files)
        path = route.path
        if path.endswith("/callback"):
            kind = "callback"
        elif route.method == "PATCH":
            kind = "edit"
        elif route.method == "POST":
            kind = "followup"
        else:
            kind = "other"
        self.recorder.sent.append(Sent(route.method, path, kind, body, got))
        if kind == "callback":
            data = body.get("data") or {}
            return {"interaction": {
                "id": str(route.webhook_id), "type": 2,
                "response_message_loading": body.get("type") == 5,
                "response_message_ephemeral": bool(int(data.get("flags") or 0) & 64)}}
        return _message(CHANNEL_ID, body.get("content") or "",
                        components=body.get("components") or [])


class FakeHTTP(discord.http.HTTPClient):
    """The bot's REST client with `request` recording instead of calling Discord."""

    def __init__(self, recorder: Recorder) -> None:
        super().__init__(loop=None)  # type: ignore[arg-type]
        self.recorder = recorder
        self.dm_channels: dict[int, int] = {}
        self.messages: dict[int, dict[str, Any]] = {}  # what GET /messages/{id} answers

    async def request(self, route: discord.http.Route, *, files: Any = None,
                      form: Any = None, **kwargs: Any) -> Any:
        if self.recorder.fail_next and route.method == "POST":
            status = self.recorder.fail_next.pop(0)
            raise discord.HTTPException(_Response(status), {"message": "fake failure"})
        body = kwargs.get("json") or {}
        got: list[tuple[str, bytes]] = []
        if form:
            body, got = _split(form, files)
        path, method = route.path, route.method
        params = route.__dict__
        if path == "/channels/{channel_id}/messages" and method == "POST":
            channel_id = int(params.get("channel_id") or route.channel_id or 0)
            kind = "dm" if channel_id in self.dm_channels.values() else "message"
            self.recorder.sent.append(Sent(method, f"/channels/{channel_id}/messages", kind,
                                           body, got))
            attachments = [{"id": str(snowflake()), "filename": name, "size": len(data),
                            "url": f"https://cdn.test/{name}", "proxy_url": ""}
                           for name, data in got]
            message = _message(channel_id, body.get("content") or "",
                               components=body.get("components") or [],
                               flags=body.get("flags"), attachments=attachments)
            self.messages[int(message["id"])] = message
            return message
        if path == "/channels/{channel_id}/messages/{message_id}" and method == "PATCH":
            channel_id = int(params.get("channel_id") or route.channel_id or 0)
            self.recorder.sent.append(Sent(
                method, f"/channels/{channel_id}/messages/{_message_id(route)}", "message_edit",
                body))
            message = self.messages.get(_message_id(route)) or _message(channel_id)
            message.update({k: body[k] for k in ("content", "components") if k in body})
            return message
        if path == "/channels/{channel_id}/messages/{message_id}" and method == "GET":
            self.recorder.sent.append(Sent(method, path, "other", body))
            found = self.messages.get(_message_id(route))
            if found is None:
                raise discord.NotFound(_Response(404), {"message": "Unknown Message",
                                                        "code": 10008})
            return found
        if path == "/users/@me/channels":
            user = int(body["recipient_id"])
            channel = self.dm_channels.setdefault(user, snowflake())
            self.recorder.sent.append(Sent(method, path, "other", body))
            return {"id": str(channel), "type": 1, "recipients": [user_payload(user, "u")]}
        if path.startswith("/channels/{channel_id}/threads"):
            self.recorder.sent.append(Sent(method, path, "thread", body))
            return {"id": str(THREAD_ID), "type": 11, "guild_id": str(GUILD_ID),
                    "parent_id": str(CHANNEL_ID), "name": body.get("name", "game"),
                    "owner_id": str(BOT_ID), "message_count": 0, "member_count": 1,
                    "thread_metadata": {
                        "archived": False, "auto_archive_duration": 10080,
                        "archive_timestamp": "2026-01-01T00:00:00+00:00", "locked": False}}
        if "/commands" in path:
            self.recorder.sent.append(Sent(method, path, "sync", {"commands": body}))
            return []
        self.recorder.sent.append(Sent(method, path, "other", body))
        return {}


def _message_id(route: discord.http.Route) -> int:
    tail = route.url.rsplit("/", 1)[-1]
    return int(tail) if tail.isdigit() else 0


class _Response:
    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "fake"


def user_payload(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {"id": str(user_id), "username": name, "discriminator": "0",
            "global_name": name, "avatar": None, "bot": bot}


def channel_payload(channel_id: int, *, thread: bool = False) -> dict[str, Any]:
    if thread:
        return {"id": str(channel_id), "type": 11, "guild_id": str(GUILD_ID),
                "parent_id": str(CHANNEL_ID), "name": "game", "owner_id": str(BOT_ID),
                "message_count": 0, "member_count": 1,
                "thread_metadata": {"archived": False, "auto_archive_duration": 10080,
                                    "archive_timestamp": "2026-01-01T00:00:00+00:00",
                                    "locked": False}}
    return {"id": str(channel_id), "type": 0, "guild_id": str(GUILD_ID), "name": "autobahn",
            "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None}


def base_payload(user_id: int, name: str, *, kind: int, channel_id: int = CHANNEL_ID,
                 locale: str = "en-US", dm: bool = False, permissions: int = PLAYER_PERMS,
                 thread: bool = False, at: float | None = None) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": str(snowflake() if at is None else interaction_id(at)),
        "application_id": str(APP_ID), "type": kind,
        "token": f"tok-{snowflake()}", "version": 1, "locale": locale,
        "attachment_size_limit": 10 * 1024 * 1024,
        "app_permissions": str(MANAGE_THREADS | PLAYER_PERMS | (1 << 35)),
        "entitlements": [],
    }
    if dm:
        payload["channel"] = {"id": str(channel_id), "type": 1}
        payload["channel_id"] = str(channel_id)
        payload["user"] = user_payload(user_id, name)
        return payload
    payload.update({
        "guild_id": str(GUILD_ID), "guild_locale": "en-US", "channel_id": str(channel_id),
        "channel": channel_payload(channel_id, thread=thread),
        "member": {"user": user_payload(user_id, name), "roles": [], "nick": None,
                   "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False, "mute": False,
                   "flags": 0, "permissions": str(permissions)},
    })
    return payload


def _option(name: str, value: Any, focused: bool = False) -> dict[str, Any]:
    kind = 5 if isinstance(value, bool) else 4 if isinstance(value, int) else (
        10 if isinstance(value, float) else 3)
    option: dict[str, Any] = {"name": name, "type": kind, "value": value}
    if focused:
        option["focused"] = True
    return option


def command_data(path: str, options: dict[str, Any], focused: str | None = None
                 ) -> dict[str, Any]:
    """`path` "game new" -> the nested data of a sub-command interaction."""
    names = path.split()
    leaf = [_option(k, v, k == focused) for k, v in options.items()]
    inner: list[dict[str, Any]] = leaf
    for sub in reversed(names[1:]):
        inner = [{"name": sub, "type": 1, "options": inner}]
    return {"id": str(snowflake()), "name": names[0], "type": 1, "options": inner}


def guild_payload() -> dict[str, Any]:
    """The guild as the gateway's GUILD_CREATE gives it to the bot's cache: @everyone may
    see #autobahn and the other channel, not the secret one (a channel the game's
    visibility rule must respect)."""
    everyone = {"id": str(GUILD_ID), "name": "@everyone", "permissions": str(PLAYER_PERMS),
                "position": 0, "color": 0, "hoist": False, "managed": False,
                "mentionable": False, "flags": 0}
    channels = [channel_payload(CHANNEL_ID), channel_payload(OTHER_CHANNEL_ID)]
    channels[1]["name"] = "general"
    secret = channel_payload(SECRET_CHANNEL_ID)
    secret["name"] = "secret"
    secret["permission_overwrites"] = [
        {"id": str(GUILD_ID), "type": 0, "allow": "0", "deny": str(1 << 10)}]
    return {"id": str(GUILD_ID), "name": "Autobahn club", "owner_id": str(BOT_ID),
            "roles": [everyone], "channels": [*channels, secret], "threads": [],
            "members": [], "member_count": 3, "emojis": [], "stickers": [], "features": [],
            "unavailable": False, "large": False, "preferred_locale": "en-US",
            "system_channel_flags": 0, "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0,
            "mfa_level": 0, "nsfw_level": 0, "premium_tier": 0}
