"""The aiohttp application: a game's page, its parts as JSON, its live stream, the assets.

    GET /g/{game}/{token}              the page (?lang=en|de|fr, ?move=N for a replay step)
    GET /g/{game}/{token}/board.json   the parts at ?move=N (latest without), for swaps
    GET /g/{game}/{token}/log.json     the whole told log
    GET /g/{game}/{token}/events       server-sent events: the game's version as it moves
    GET /static/web.js | web.css       the page's only script and stylesheet
    GET /health                        the bot's health as JSON (service.health): 200 when
                                       the store answers, else 503; for a monitor

Everything else, a wrong token included, is the same 404. Every answer carries the
security headers (a content security policy allowing only this server's own script,
stylesheet and connections; no referrer, so the link never leaks through one), and every
address is rate limited. Drawn parts are cached per game version, move and language, so
200 open pages fetching one update cost one drawing.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import json
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

from aiohttp import web

from locales import SUPPORTED
from service import GameService, ServiceError, Table, WebBoard
from service.errors import UnknownGame

from .limits import RateLimit, StreamLimit
from .live import Hub
from .page import board_json, log_json, not_found_html, page_html

log = logging.getLogger("autobahn.web")

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
       " connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "X-Robots-Tag": "noindex, nofollow",
}
PARTS_CACHED = 64  # drawn boards kept, gzipped (~25 KB each)
BOARDS_CACHED = 16  # WebBoard results kept for whole pages (~130 KB each)

PAGES: web.AppKey[Pages] = web.AppKey("pages")  # set below, once Pages exists
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def choose_language(request: web.Request) -> str:
    """?lang= first, else the browser's Accept-Language (by its q-values), else English."""
    asked = request.query.get("lang", "")
    if asked in SUPPORTED:
        return asked
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(request.headers.get("Accept-Language", "").split(",")[:20]):
        code, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        base = code.strip().lower()[:2]
        if base in SUPPORTED and q > 0:
            ranked.append((-q, i, base))
    return min(ranked)[2] if ranked else "en"


def _asset(name: str) -> bytes:
    return (resources.files("web") / "static" / name).read_bytes()


class Pages:
    """The handlers, with what they share: the service, the hub, limits and caches."""

    def __init__(self, service: GameService, *, poll_s: float = 2.0,
                 rate: RateLimit | None = None, streams: StreamLimit | None = None) -> None:
        self.service = service
        self.hub = Hub(service, poll_s)
        self.rate = rate or RateLimit()
        self.streams = streams or StreamLimit()
        self.js = _asset("web.js")
        self.css = _asset("web.css") + service.web_stylesheet().encode()
        self.assets = hashlib.sha256(self.js + self.css).hexdigest()[:12]
        self._parts: OrderedDict[tuple[int, int, int, str], bytes] = OrderedDict()
        self._boards: OrderedDict[tuple[int, int, int, str], WebBoard] = OrderedDict()
        self._drawing: dict[tuple[int, int, int, str], asyncio.Future[WebBoard]] = {}

    # -- middleware ------------------------------------------------------------------------

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        address = request.remote or "?"
        wait = self.rate.take(address)
        if wait:
            response: web.StreamResponse = web.Response(
                status=429, text="429", headers={"Retry-After": str(max(1, round(wait)))})
        else:
            try:
                response = await handler(request)
            except web.HTTPException as err:
                response = err
            except UnknownGame:
                response = self.not_found(request)
            except ServiceError as err:
                response = web.Response(status=400, text=type(err).__name__)
        for key, value in SECURITY_HEADERS.items():
            response.headers.setdefault(key, value)
        return response

    def not_found(self, request: web.Request) -> web.Response:
        return web.Response(status=404, text=not_found_html(choose_language(request)),
                            content_type="text/html", headers={"Cache-Control": "no-store"})

    # -- the game ------------------------------------------------------------------------

    async def _game(self, request: web.Request) -> tuple[Table, str]:
        token = request.match_info["token"]
        return await self.service.game_for_page(request.match_info["game"], token), token

    @staticmethod
    def _move(request: web.Request, game: Table) -> int:
        raw = request.query.get("move", "")
        if raw.isdigit() and len(raw) < 8:
            return min(int(raw), game.action_count)
        return game.action_count

    async def _board(self, game: Table, token: str, move: int, lang: str) -> WebBoard:
        """The drawn board, from the cache or drawn once however many ask at once."""
        key = (game.id, game.version, move, lang)
        board = self._boards.get(key)
        if board is not None:
            self._boards.move_to_end(key)
            return board
        drawing = self._drawing.get(key)
        if drawing is not None:
            return await asyncio.shield(drawing)
        future: asyncio.Future[WebBoard] = asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        try:
            board = await self.service.web_board(game.id, token, move, lang)
            future.set_result(board)
        except BaseException as err:
            future.set_exception(err)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._drawing[key]
        self._boards[key] = board
        while len(self._boards) > BOARDS_CACHED:
            self._boards.popitem(last=False)
        return board

    async def page(self, request: web.Request) -> web.Response:
        game, token = await self._game(request)
        lang = choose_language(request)
        pinned = "move" in request.query
        board = await self._board(game, token, self._move(request, game), lang)
        lines = await self.service.web_log(game.id, token, lang)
        response = web.Response(text=page_html(board, lines, self.assets, pinned),
                                content_type="text/html", headers={"Cache-Control": "no-store"})
        response.enable_compression()  # gzip where the browser takes it: a third the size
        return response

    async def board(self, request: web.Request) -> web.Response:
        game, token = await self._game(request)
        lang = choose_language(request)
        move = self._move(request, game)
        key = (game.id, game.version, move, lang)
        body = self._parts.get(key)
        if body is None:
            body = gzip.compress(board_json(await self._board(game, token, move, lang)), 6)
            self._parts[key] = body
            while len(self._parts) > PARTS_CACHED:
                self._parts.popitem(last=False)
        else:
            self._parts.move_to_end(key)
        return _json(request, body)

    async def log_lines(self, request: web.Request) -> web.Response:
        game, token = await self._game(request)
        lines = await self.service.web_log(game.id, token, choose_language(request))
        return _json(request, gzip.compress(log_json(lines), 6))

    async def events(self, request: web.Request) -> web.StreamResponse:
        """The game's version now and at every change, and a comment every heartbeat so a
        closed page is noticed; `retry` tells the browser to come back after a restart."""
        game, _token = await self._game(request)
        address = request.remote or "?"
        if not self.streams.open(address):
            return web.Response(status=429, text="429", headers={"Retry-After": "30"})
        try:
            response = web.StreamResponse(headers={
                "Content-Type": "text/event-stream", "Cache-Control": "no-store",
                "X-Accel-Buffering": "no"})
            for key, value in SECURITY_HEADERS.items():
                response.headers[key] = value
            await response.prepare(request)
            await response.write(b"retry: 2000\n\n")
            async for watch in self.hub.follow(game.id, game.version, game.action_count,
                                               game.status):
                if watch is None:
                    await response.write(b": ping\n\n")
                    continue
                data = json.dumps({"version": watch.version, "moves": watch.moves,
                                   "status": watch.status})
                await response.write(f"event: version\ndata: {data}\n\n".encode())
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            self.streams.close(address)
        return response

    # -- assets --------------------------------------------------------------------------

    async def script(self, request: web.Request) -> web.Response:
        response = web.Response(body=self.js, content_type="text/javascript",
                                charset="utf-8", headers=_immutable(request))
        response.enable_compression()
        return response

    async def stylesheet(self, request: web.Request) -> web.Response:
        response = web.Response(body=self.css, content_type="text/css", charset="utf-8",
                                headers=_immutable(request))
        response.enable_compression()
        return response

    async def health(self, request: web.Request) -> web.Response:
        found = await self.service.health()
        return web.Response(text=json.dumps(found.as_dict()), content_type="application/json",
                            status=200 if found.ok else 503,
                            headers={"Cache-Control": "no-store"})

    async def fallback(self, request: web.Request) -> web.Response:
        return self.not_found(request)


def _immutable(request: web.Request) -> dict[str, str]:
    versioned = "v" in request.query
    return {"Cache-Control": "public, max-age=31536000, immutable" if versioned
            else "no-cache"}


def _json(request: web.Request, gzipped: bytes) -> web.Response:
    headers = {"Cache-Control": "no-store", "Vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        headers["Content-Encoding"] = "gzip"
        body = gzipped
    else:
        body = gzip.decompress(gzipped)
    return web.Response(body=body, content_type="application/json", charset="utf-8",
                        headers=headers)


def make_app(service: GameService, **options: Any) -> web.Application:
    """The pages of `service`'s games as an aiohttp application (options: Pages')."""
    pages = Pages(service, **options)
    app = web.Application(middlewares=[pages.guard], client_max_size=4096)
    app[PAGES] = pages
    app.router.add_get("/g/{game:[0-9]{1,12}}/{token:[A-Za-z0-9_-]{1,64}}", pages.page)
    app.router.add_get("/g/{game:[0-9]{1,12}}/{token:[A-Za-z0-9_-]{1,64}}/board.json",
                       pages.board)
    app.router.add_get("/g/{game:[0-9]{1,12}}/{token:[A-Za-z0-9_-]{1,64}}/log.json",
                       pages.log_lines)
    app.router.add_get("/g/{game:[0-9]{1,12}}/{token:[A-Za-z0-9_-]{1,64}}/events",
                       pages.events)
    app.router.add_get("/static/web.js", pages.script)
    app.router.add_get("/static/web.css", pages.stylesheet)
    app.router.add_get("/health", pages.health)
    app.router.add_route("*", "/{tail:.*}", pages.fallback)

    async def closing(_app: web.Application) -> None:
        await pages.hub.close()

    app.on_shutdown.append(closing)
    return app
