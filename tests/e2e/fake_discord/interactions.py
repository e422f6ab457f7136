"""The interaction routes of the fake Discord: callbacks within the ack deadline, the
interaction webhook (followups, the original response). `Messages` takes them in, so a
message made by a callback is stored like any other."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .components import is_v2
from .payloads import (
    interaction_metadata,
)
from .refusals import edit_problem as _edit_problem
from .refusals import message_problem as _message_problem
from .refusals import refused as _refused
from .responses import error, json_response
from .rest import parsed
from .world import InteractionRecord, StoredMessage, World

if TYPE_CHECKING:
    from .gateway import Gateway

from .messages_base import CALLBACKS_FOR, EPHEMERAL, LOADING


class InteractionRoutes:
    """Mixed into `Messages`: these use its world, gateway and message storage."""

    world: World
    gateway: Gateway

    async def callback(self, request: web.Request) -> web.Response:
        world = self.world
        record = world.interactions.get(int(request.match_info["interaction_id"]))
        if record is None or record.token != request.match_info["token"]:
            return error(404, "Unknown interaction", 10062)
        if time.monotonic() - record.created_at > world.ack_deadline:
            return error(404, "Unknown interaction", 10062)
        if record.acknowledged:
            return error(400, "Interaction has already been acknowledged.", 40060)
        rec = parsed(request)
        body = rec.json or {}
        kind = body.get("type")
        data = body.get("data") or {}
        if kind not in CALLBACKS_FOR.get(record.kind, set()):
            return error(400, "Invalid Form Body", 50035)
        if kind == 4 and (problem := _message_problem(data, rec.files)) is not None:
            return problem
        if kind == 5 and is_v2(data.get("flags")):
            # Discord: a deferred response cannot set IS_COMPONENTS_V2; the followup or
            # the edit of the original message does
            return _refused("IS_COMPONENTS_V2 cannot be set on a deferred response")
        if kind == 7 and record.message_id is not None:
            stored = world.messages.get(record.message_id)
            if stored is not None and (
                    problem := _edit_problem(stored, data, rec.files)) is not None:
                return problem
        record.callbacks.append(body)
        record.first_callback_at = rec.time
        message: dict[str, Any] | None = None
        meta = interaction_metadata(record.payload)
        if kind in (4, 5):
            flags = int(data.get("flags") or 0) & EPHEMERAL
            content = data if kind == 4 else {"flags": flags | LOADING}
            message = await self.create(
                record.channel,
                world.bot,
                {**content, "flags": flags | (0 if kind == 4 else LOADING)},
                rec.files,
                webhook_id=world.application_id,
                interaction=meta,
            )
            record.original_message_id = int(message["id"])
        elif kind in (6, 7) and record.message_id is not None:
            record.original_message_id = record.message_id
            if kind == 7:
                message = await self.edit(world.messages[record.message_id], data, rec.files)
        if "with_response" not in request.query:
            return web.Response(status=204)
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(record.id),
                "type": record.kind,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(message and message["flags"] & EPHEMERAL),
            }
        }
        if message is not None:
            answer["interaction"]["response_message_id"] = message["id"]
            answer["resource"] = {"type": kind, "message": message}
        return json_response(answer)

    def _webhook_interaction(self, request: web.Request) -> InteractionRecord | web.Response:
        if request.match_info["application_id"] != str(self.world.application_id):
            return error(404, "Unknown Webhook", 10015)
        record = self.world.interaction_by_token(request.match_info["token"])
        if record is None or not record.acknowledged:
            return error(404, "Unknown Webhook", 10015)
        return record

    async def post_followup(self, request: web.Request) -> web.Response:
        record = self._webhook_interaction(request)
        if isinstance(record, web.Response):
            return record
        rec = parsed(request)
        body = rec.json or {}
        if (problem := _message_problem(body, rec.files)) is not None:
            return problem
        original = self.world.messages.get(record.original_message_id or 0)
        if original is not None and original.payload["flags"] & LOADING:
            # the first followup after a deferral edits the "thinking" message: that is
            # where a deferred answer may become a V2 message
            if (problem := _edit_problem(original, body, rec.files)) is not None:
                return problem
            return json_response(await self.edit(original, body, rec.files))
        meta = interaction_metadata(record.payload)
        message = await self.create(
            record.channel,
            self.world.bot,
            body,
            rec.files,
            webhook_id=self.world.application_id,
            interaction=meta,
        )
        return json_response(message)

    def _webhook_message(self, request: web.Request) -> StoredMessage | web.Response:
        record = self._webhook_interaction(request)
        if isinstance(record, web.Response):
            return record
        wanted = request.match_info["message_id"]
        mid = record.original_message_id if wanted == "@original" else int(wanted)
        stored = self.world.messages.get(mid or 0)
        if stored is None or stored.deleted:
            return error(404, "Unknown Message", 10008)
        return stored

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        stored = self._webhook_message(request)
        if isinstance(stored, web.Response):
            return stored
        return json_response(stored.payload)

    async def patch_webhook_message(self, request: web.Request) -> web.Response:
        stored = self._webhook_message(request)
        if isinstance(stored, web.Response):
            return stored
        rec = parsed(request)
        if (problem := _edit_problem(stored, rec.json or {}, rec.files)) is not None:
            return problem
        return json_response(await self.edit(stored, rec.json or {}, rec.files))

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        stored = self._webhook_message(request)
        if isinstance(stored, web.Response):
            return stored
        stored.deleted = True
        return web.Response(status=204)

