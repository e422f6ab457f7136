"""The REST half: one middleware that records, authenticates and injects faults, and the
routes a discord.py bot uses for login, command sync, and the gateway URL.

Message, thread, DM, interaction-callback and webhook routes live in `messages.py`; both
modules register on the same app under `/api/v10`.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
import traceback
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from .faults import DISCONNECT, Faults
from .payloads import snowflake, user_payload
from .recorder import RecordedFile, RecordedRequest, Recorder
from .responses import error, json_response
from .validation import validate_commands
from .world import World

if TYPE_CHECKING:
    from .gateway import Gateway

API_PREFIX = "/api/v10"
log = logging.getLogger(__name__)

# Interaction callbacks and token webhooks are authenticated by their token, not the bot's:
# discord.py sends them without an Authorization header.
_TOKEN_AUTH_ROUTES = ("/interactions/", "/webhooks/")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


RECORD = web.RequestKey("record", RecordedRequest)


def parsed(request: web.Request) -> RecordedRequest:
    """The recorded request, with its JSON body and files already read by the middleware."""
    return request[RECORD]


async def _read_body(request: web.Request) -> tuple[Any, list[RecordedFile]]:
    """JSON body, or a multipart body's `payload_json` plus its `files[n]` with their bytes."""
    if request.content_type.startswith("multipart/"):
        body: Any = None
        files: list[RecordedFile] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if not isinstance(part, BodyPartReader):
                continue
            data = await part.read(decode=False)
            if part.name == "payload_json":
                body = json.loads(data)
            elif part.filename is not None:
                ctype = part.headers.get("Content-Type", "application/octet-stream")
                files.append(RecordedFile(part.name or "", part.filename, ctype, bytes(data)))
        return body, files
    if request.can_read_body:
        raw = await request.read()
        return (json.loads(raw) if raw else None), []
    return None, []


def _strip_prefix(path: str) -> str:
    return path[len(API_PREFIX) :] if path.startswith(API_PREFIX) else path


def _ratelimit_headers(key: str) -> dict[str, str]:
    """Generous limits on every answer, as Discord sends them; discord.py tracks buckets."""
    return {
        "X-RateLimit-Limit": "50",
        "X-RateLimit-Remaining": "49",
        "X-RateLimit-Reset": f"{time.time() + 1:.3f}",
        "X-RateLimit-Reset-After": "1.000",
        "X-RateLimit-Bucket": hashlib.sha1(key.encode()).hexdigest()[:16],
    }


class Rest:
    def __init__(self, world: World, recorder: Recorder, faults: Faults, gateway: Gateway):
        self.world = world
        self.recorder = recorder
        self.faults = faults
        self.gateway = gateway
        self.errors: list[str] = []  # bugs in the fake itself, surfaced by FakeDiscord

    # middleware -----------------------------------------------------------------------------

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path == "/gateway" or request.path == "/resume":
            return await handler(request)
        info = request.match_info
        unknown = info.http_exception is not None
        canonical = None if unknown else info.route.resource.canonical  # type: ignore[union-attr]
        arrived = time.monotonic()
        try:
            body, files = await _read_body(request)
        except Exception:
            self.errors.append(f"reading {request.method} {request.path}: {traceback.format_exc()}")
            body, files = None, []
        rec = RecordedRequest(
            method=request.method,
            path=_strip_prefix(request.path),
            route=None if canonical is None else _strip_prefix(canonical),
            query=dict(request.query),
            headers={k: v for k, v in request.headers.items() if k.lower() != "authorization"},
            json=body,
            files=files,
            time=arrived,
            unknown=unknown,
        )
        request[RECORD] = rec
        response = await self._answer(request, handler, rec)
        response.headers.setdefault("Via", "1.1 google")  # discord.py trusts 429s only with it
        for name, value in _ratelimit_headers(rec.key).items():
            response.headers.setdefault(name, value)
        rec.status = response.status
        body_bytes = response.body if isinstance(response, web.Response) else None
        if isinstance(body_bytes, bytes) and response.content_type == "application/json":
            rec.response = json.loads(body_bytes)
        await self.recorder.add_request(rec)
        return response

    async def _answer(
        self, request: web.Request, handler: Handler, rec: RecordedRequest
    ) -> web.StreamResponse:
        if rec.unknown:
            if rec.path.startswith("/attachments/"):
                return error(404, "404: Not Found")
            log.warning("fake discord: unknown route %s %s", rec.method, rec.path)
            exc = request.match_info.http_exception
            if exc is not None and exc.status == 405:
                return error(405, "405: Method Not Allowed")
            return error(404, "404: Not Found")
        needs_bot_auth = (
            rec.route is not None
            and rec.route.startswith(
                ("/users", "/gateway", "/applications", "/oauth2", "/channels", "/guilds")
            )
            and not rec.route.startswith(_TOKEN_AUTH_ROUTES)
        )
        if needs_bot_auth and request.headers.get("Authorization") != f"Bot {self.world.token}":
            return error(401, "401: Unauthorized")
        held = self.faults.take_hold(rec.key)
        if held is not None:
            held.arrived.set()
            await held.released.wait()
            if not held.deliver:
                rec.fault = "held"
                return error(503, "503: held and dropped by the test")
        rule = self.faults.take(rec.key)
        if rule is not None:
            rec.fault = rule.name
            if rule.status == DISCONNECT and request.transport is not None:
                # No answer at all: the connection just drops (aiohttp then cancels this
                # handler, so the request is recorded here, as unanswered).
                rec.status = DISCONNECT
                await self.recorder.add_request(rec)
                request.transport.abort()
                raise web.HTTPServiceUnavailable()
            return Faults.response(rule)
        try:
            return await handler(request)
        except web.HTTPException:
            raise
        except Exception:
            # A bug in the fake must fail the test, not pass as a Discord 500 that
            # discord.py would silently retry.
            self.errors.append(f"{rec.key}: {traceback.format_exc()}")
            return error(500, "fake discord crashed; see FakeDiscord.errors")

    # routes ---------------------------------------------------------------------------------

    def add_routes(self, app: web.Application) -> None:
        p = API_PREFIX
        app.add_routes(
            [
                web.get(p + "/users/@me", self.get_me),
                web.get(p + "/users/{user_id}", self.get_user),
                web.get(p + "/gateway", self.get_gateway),
                web.get(p + "/gateway/bot", self.get_gateway_bot),
                web.get(p + "/oauth2/applications/@me", self.get_application),
                web.get(p + "/applications/@me", self.get_application),
                web.get(p + "/applications/{application_id}/commands", self.get_commands),
                web.put(p + "/applications/{application_id}/commands", self.put_commands),
                web.get(
                    p + "/applications/{application_id}/guilds/{guild_id}/commands",
                    self.get_commands,
                ),
                web.put(
                    p + "/applications/{application_id}/guilds/{guild_id}/commands",
                    self.put_commands,
                ),
            ]
        )

    async def get_me(self, request: web.Request) -> web.Response:
        me = user_payload(self.world.bot)
        me.update({"verified": True, "mfa_enabled": False, "locale": "en-US", "email": None})
        return json_response(me)

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.world.users.get(int(request.match_info["user_id"]))
        if user is None:
            return error(404, "Unknown User", 10013)
        return json_response(user_payload(user))

    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway.url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        # Only AutoShardedClient asks; a plain Client uses DiscordWebSocket.DEFAULT_GATEWAY.
        limit = {"total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1}
        return json_response({"url": self.gateway.url, "shards": 1, "session_start_limit": limit})

    async def get_application(self, request: web.Request) -> web.Response:
        world = self.world
        owner = world.users[world.guild.owner_id]
        return json_response(
            {
                "id": str(world.application_id),
                "name": world.bot.username,
                "icon": None,
                "description": "",
                "summary": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "owner": user_payload(owner),
                "team": None,
                "flags": 1 << 19,  # GATEWAY_MESSAGE_CONTENT_LIMITED: an unverified bot
                "bot": user_payload(world.bot),
                "interactions_endpoint_url": None,  # set, discord.py warns: no gateway events
                "redirect_uris": [],
                "tags": [],
                "approximate_guild_count": len(world.guilds),
            }
        )

    def _scope(self, request: web.Request) -> int | web.Response | None:
        if request.match_info["application_id"] != str(self.world.application_id):
            return error(403, "Missing Access", 50001)
        guild_id = request.match_info.get("guild_id")
        if guild_id is None:
            return None
        if int(guild_id) not in self.world.guilds:
            return error(403, "Missing Access", 50001)
        return int(guild_id)

    async def get_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        if isinstance(scope, web.Response):
            return scope
        return json_response(self.world.commands.get(scope, []))

    async def put_commands(self, request: web.Request) -> web.Response:
        """Bulk overwrite: Discord keeps the id of a command whose name and type persist."""
        scope = self._scope(request)
        if isinstance(scope, web.Response):
            return scope
        body = parsed(request).json
        problems = validate_commands(body)
        if problems:
            return json_response(
                {"message": "Invalid Form Body", "code": 50035, "errors": problems}, status=400
            )
        old = {(c["name"], c.get("type", 1)): c for c in self.world.commands.get(scope, [])}
        stored = []
        for command in body:
            previous = old.get((command["name"], command.get("type", 1)))
            entry = {
                "type": 1,
                "options": [],
                "default_member_permissions": None,
                "nsfw": False,
                "name_localizations": None,
                "description_localizations": None,
                **command,
                "id": previous["id"] if previous else str(snowflake()),
                "application_id": str(self.world.application_id),
                "version": str(snowflake()),
            }
            if scope is not None:
                entry["guild_id"] = str(scope)
            stored.append(entry)
        self.world.commands[scope] = stored
        return json_response(stored)
