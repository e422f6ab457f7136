"""Message-shaped REST routes: channel messages, threads, DMs, interaction callbacks and the
interaction webhook (followups, the original response).

Interaction semantics follow Discord's: a callback must come within the ack deadline (3 s)
or it is 404 10062; a second callback is 400 40060; followups need an acknowledged
interaction; after a type-5 deferral the first followup fills the "thinking" message
instead of adding a new one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from .components import IS_COMPONENTS_V2, is_v2, resolved
from .interactions import InteractionRoutes
from .messages_base import (
    DIRECT_MESSAGES,
    EPHEMERAL,
    GUILD_MESSAGES,
    GUILDS,
    LOADING,
)
from .payloads import (
    DM,
    GUILD_TEXT,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    Channel,
    User,
    attachment_payload,
    channel_payload,
    iso_now,
    message_payload,
    snowflake,
)
from .recorder import RecordedFile
from .refusals import edit_problem as _edit_problem
from .refusals import message_problem as _message_problem
from .responses import error, json_response
from .rest import API_PREFIX, parsed
from .world import StoredMessage, World

if TYPE_CHECKING:
    from .gateway import Gateway

class Messages(InteractionRoutes):
    def __init__(self, world: World, gateway: Gateway, origin: str) -> None:
        self.world = world
        self.gateway = gateway
        self.origin = origin  # http://127.0.0.1:PORT, for attachment URLs

    def add_routes(self, app: web.Application) -> None:
        p = API_PREFIX
        c = p + "/channels/{channel_id}"
        w = p + "/webhooks/{application_id}/{token}"
        app.add_routes(
            [
                web.get(c, self.get_channel),
                web.post(c + "/messages", self.post_message),
                web.get(c + "/messages", self.list_messages),
                web.get(c + "/messages/{message_id}", self.get_message),
                web.patch(c + "/messages/{message_id}", self.patch_message),
                web.delete(c + "/messages/{message_id}", self.delete_message),
                web.post(c + "/threads", self.post_thread),
                web.post(c + "/messages/{message_id}/threads", self.post_thread),
                web.post(p + "/users/@me/channels", self.post_dm),
                web.post(p + "/interactions/{interaction_id}/{token}/callback", self.callback),
                web.post(w, self.post_followup),
                web.get(w + "/messages/{message_id}", self.get_webhook_message),
                web.patch(w + "/messages/{message_id}", self.patch_webhook_message),
                web.delete(w + "/messages/{message_id}", self.delete_webhook_message),
                web.get("/attachments/{channel_id}/{attachment_id}/{filename}", self.attachment),
            ]
        )

    # storage helpers ------------------------------------------------------------------------

    def _attachments(
        self, channel: Channel, body: dict[str, Any], files: list[RecordedFile]
    ) -> list[dict[str, Any]]:
        """New attachments: `attachments[i].id` is the n of the `files[n]` part it describes."""
        by_field = {f.field: f for f in files}
        described = body.get("attachments")
        if described is None:
            described = [{"id": i} for i in range(len(files))]
        out = []
        for item in described:
            upload = by_field.get(f"files[{item['id']}]")
            if upload is None:
                continue
            aid = snowflake()
            url = f"{self.origin}/attachments/{channel.id}/{aid}/{upload.filename}"
            out.append(
                attachment_payload(aid, upload.filename, upload.data, url, item.get("description"))
            )
        return out

    async def create(
        self,
        channel: Channel,
        author: User,
        body: dict[str, Any],
        files: list[RecordedFile],
        *,
        webhook_id: int | None = None,
        interaction: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        data = message_payload(
            message_id=snowflake(),
            channel=channel,
            author=author,
            body=body,
            attachments=self._attachments(channel, body, files),
            webhook_id=webhook_id,
            interaction=interaction,
        )
        if is_v2(data["flags"]):
            data["components"] = resolved(data["components"], data["attachments"])
        nonce = body.get("nonce")
        self.world.messages[int(data["id"])] = StoredMessage(
            data, list(files), nonce=None if nonce is None else str(nonce))
        channel.last_message_id = int(data["id"])
        if not data["flags"] & EPHEMERAL:
            await self._dispatch_message("MESSAGE_CREATE", channel, data)
        return data

    async def edit(
        self, stored: StoredMessage, body: dict[str, Any], files: list[RecordedFile]
    ) -> dict[str, Any]:
        data = stored.payload
        for key in ("content", "embeds", "components"):
            if key in body:
                data[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        if "flags" in body and body["flags"] is not None:
            # Only SUPPRESS_EMBEDS etc. change on edit; ephemerality is fixed at creation.
            data["flags"] = ((data["flags"] & (EPHEMERAL | IS_COMPONENTS_V2))
                             | (int(body["flags"]) & ~EPHEMERAL))
        channel = self.world.channels[int(data["channel_id"])]
        if "attachments" in body:
            # Listed ids of existing attachments keep them; the other entries are new uploads
            # (their id is the n of files[n]); existing attachments not listed are removed.
            listed = {str(a["id"]) for a in body["attachments"]}
            existing = {a["id"] for a in data["attachments"]}
            uploads = [a for a in body["attachments"] if str(a["id"]) not in existing]
            kept = [a for a in data["attachments"] if a["id"] in listed]
            data["attachments"] = kept + self._attachments(channel, {"attachments": uploads}, files)
        elif files:
            data["attachments"] = data["attachments"] + self._attachments(channel, {}, files)
        stored.files.extend(files)
        if is_v2(data["flags"]):
            data["components"] = resolved(data["components"], data["attachments"])
        data["flags"] &= ~LOADING
        data["edited_timestamp"] = iso_now()
        if not data["flags"] & EPHEMERAL:
            await self._dispatch_message("MESSAGE_UPDATE", channel, data)
        return data

    async def _dispatch_message(self, event: str, channel: Channel, data: dict[str, Any]) -> None:
        intent = DIRECT_MESSAGES if channel.type == DM else GUILD_MESSAGES
        await self.gateway.dispatch(event, data, intent=intent)

    def _channel(self, request: web.Request) -> Channel | None:
        return self.world.channels.get(int(request.match_info["channel_id"]))

    def _message(self, request: web.Request, channel: Channel) -> StoredMessage | None:
        stored = self.world.messages.get(int(request.match_info["message_id"]))
        if stored is None or stored.deleted or stored.payload["channel_id"] != str(channel.id):
            return None
        return stored

    # channels -------------------------------------------------------------------------------

    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None:
            return error(404, "Unknown Channel", 10003)
        return json_response(channel_payload(channel, self.world.users))

    async def post_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None:
            return error(404, "Unknown Channel", 10003)
        rec = parsed(request)
        body = rec.json or {}
        problem = _message_problem(body, rec.files)
        if problem is not None:
            return problem
        earlier = self._same_nonce(channel, body)
        if earlier is not None:  # Discord: the earlier message, and no new one
            return json_response(earlier.payload)
        return json_response(await self.create(channel, self.world.bot, body, rec.files))

    def _same_nonce(self, channel: Channel, body: dict[str, Any]) -> StoredMessage | None:
        """With `enforce_nonce`, a nonce the same author used in this channel a few
        minutes ago returns that message instead of creating another (the fake keeps
        nonces for its whole life: a test is shorter than Discord's window)."""
        nonce = body.get("nonce")
        if not body.get("enforce_nonce") or nonce in (None, ""):
            return None
        for stored in self.world.channel_messages(channel):
            if stored.nonce == str(nonce):
                return stored
        return None

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None:
            return error(404, "Unknown Channel", 10003)
        limit = int(request.query.get("limit", "50"))
        newest_first = [m.payload for m in reversed(self.world.channel_messages(channel))]
        return json_response(newest_first[:limit])

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        stored = channel and self._message(request, channel)
        if not stored:
            return error(404, "Unknown Message", 10008)
        return json_response(stored.payload)

    async def patch_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        stored = channel and self._message(request, channel)
        if not stored:
            return error(404, "Unknown Message", 10008)
        rec = parsed(request)
        if (problem := _edit_problem(stored, rec.json or {}, rec.files)) is not None:
            return problem
        return json_response(await self.edit(stored, rec.json or {}, rec.files))

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        stored = channel and self._message(request, channel)
        if not stored or channel is None:
            return error(404, "Unknown Message", 10008)
        stored.deleted = True
        event = {"id": stored.payload["id"], "channel_id": str(channel.id)}
        if channel.guild_id is not None:
            event["guild_id"] = str(channel.guild_id)
        await self._dispatch_message("MESSAGE_DELETE", channel, event)
        return web.Response(status=204)

    async def post_thread(self, request: web.Request) -> web.Response:
        """A thread in a text channel; started from a message, it takes the message's id."""
        parent = self._channel(request)
        if parent is None or parent.type != GUILD_TEXT:
            return error(404, "Unknown Channel", 10003)
        body = parsed(request).json or {}
        if not 1 <= len(body.get("name", "")) <= 100:
            return error(400, "Invalid Form Body", 50035)
        thread_id = snowflake()
        kind = PUBLIC_THREAD
        if "message_id" in request.match_info:
            starter = self._message(request, parent)
            if starter is None:
                return error(404, "Unknown Message", 10008)
            thread_id = int(starter.payload["id"])
        else:
            kind = int(body.get("type", PRIVATE_THREAD))
        thread = Channel(
            thread_id,
            kind,
            body["name"],
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=self.world.bot.id,
        )
        self.world.channels[thread.id] = thread
        data = channel_payload(thread, self.world.users)
        await self.gateway.dispatch("THREAD_CREATE", {**data, "newly_created": True}, GUILDS)
        return json_response(data, status=201)

    async def post_dm(self, request: web.Request) -> web.Response:
        body = parsed(request).json or {}
        user = self.world.users.get(int(body.get("recipient_id", 0)))
        if user is None or user.bot:
            return error(400, "Cannot send messages to this user", 50007)
        return json_response(channel_payload(self.world.dm_channel(user), self.world.users))

    async def attachment(self, request: web.Request) -> web.Response:
        wanted = request.match_info["attachment_id"]
        for stored in self.world.messages.values():
            for index, item in enumerate(stored.payload["attachments"]):
                if item["id"] == wanted:
                    data = _attachment_bytes(stored, index)
                    return web.Response(body=data, content_type=item["content_type"])
        return error(404, "404: Not Found")


def _attachment_bytes(stored: StoredMessage, index: int) -> bytes:
    item = stored.payload["attachments"][index]
    for upload in stored.files:
        if upload.filename == item["filename"] and len(upload.data) == item["size"]:
            return upload.data
    return b""
