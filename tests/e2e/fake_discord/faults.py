"""Fault injection: make the next N requests to a route fail the way Discord fails.

Routes are named as `METHOD /template`, with the templates of `rest.py`, e.g.
`POST /channels/{channel_id}/messages`. A rule answers instead of the handler, so the
failed request changes nothing — as with Discord, where a 429 or a 500 did not happen.
"""

from __future__ import annotations

import asyncio
import math
import time
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from .responses import json_response

SEND_MESSAGE = "POST /channels/{channel_id}/messages"
INTERACTION_CALLBACK = "POST /interactions/{interaction_id}/{token}/callback"
DISCONNECT = 0  # the status of a rule that answers nothing and closes the connection


@dataclass
class FaultRule:
    route: str
    times: int
    status: int
    body: dict[str, Any]
    headers: dict[str, str]
    name: str

    def matches(self, key: str) -> bool:
        return self.times > 0 and self.route == key


@dataclass
class Hold:
    """A request to `route` that waits in the fake until the test releases it: the bot is
    mid-request for as long as the test likes (to kill it exactly there)."""

    route: str
    times: int
    arrived: asyncio.Event
    released: asyncio.Event
    deliver: bool = True  # on release: answer as usual, or fail (503) without doing it

    def release(self, *, deliver: bool = True) -> None:
        self.deliver = deliver
        self.released.set()


class Faults:
    def __init__(self) -> None:
        self.rules: list[FaultRule] = []
        self.holds: list[Hold] = []

    def hold(self, route: str = SEND_MESSAGE, *, times: int = 1) -> Hold:
        """Hold the next `times` requests to `route` until `Hold.release()`; `arrived` is
        set when one is waiting. Released with `deliver=False`, the request fails with a
        503 and changes nothing, as if it never reached Discord."""
        held = Hold(route, times, asyncio.Event(), asyncio.Event())
        self.holds.append(held)
        return held

    def take_hold(self, key: str) -> Hold | None:
        for held in self.holds:
            if held.times > 0 and held.route == key:
                held.times -= 1
                return held
        return None

    def rate_limit(
        self,
        route: str = SEND_MESSAGE,
        *,
        times: int = 1,
        retry_after: float = 0.25,
        scope: str = "user",
        is_global: bool = False,
        bucket: str = "fake-bucket",
    ) -> FaultRule:
        """Answer 429 with the body and headers discord.py reads.

        discord.py trusts a 429 only with a `Via` header (without one it assumes a Cloudflare
        ban and raises), sleeps `retry_after` from the JSON body and retries; `global` in the
        body makes it block every route.
        """
        reset_after = f"{retry_after:.3f}"
        headers = {
            "Retry-After": str(max(1, math.ceil(retry_after))),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{time.time() + retry_after:.3f}",
            "X-RateLimit-Reset-After": reset_after,
            "X-RateLimit-Bucket": bucket,
            "X-RateLimit-Scope": scope,
        }
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        body = {
            "message": "You are being rate limited.",
            "retry_after": retry_after,
            "global": is_global,
            "code": 0,
        }
        return self._add(FaultRule(route, times, 429, body, headers, f"429 {scope}"))

    def server_error(self, route: str, *, times: int = 1, status: int = 500) -> FaultRule:
        body = {"message": f"{status}: Internal Server Error", "code": 0}
        return self._add(FaultRule(route, times, status, body, {}, str(status)))

    def disconnect(self, route: str = SEND_MESSAGE, *, times: int = 1) -> FaultRule:
        """Drop the connection without an answer, as a proxy or a network failure does:
        the client sees aiohttp.ServerDisconnectedError, which discord.py does not retry.
        Nothing is done for the request."""
        return self._add(FaultRule(route, times, DISCONNECT, {}, {}, "disconnect"))

    def unknown_interaction(self, *, times: int = 1) -> FaultRule:
        """The callback answers 404 10062, as when the 3 s window passed or the token died."""
        body = {"message": "Unknown interaction", "code": 10062}
        return self._add(FaultRule(INTERACTION_CALLBACK, times, 404, body, {}, "10062"))

    def clear(self) -> None:
        self.rules.clear()
        for held in self.holds:
            held.release()
        self.holds.clear()

    def take(self, key: str) -> FaultRule | None:
        """The rule that answers this request, consuming one of its shots."""
        for rule in self.rules:
            if rule.matches(key):
                rule.times -= 1
                return rule
        return None

    def _add(self, rule: FaultRule) -> FaultRule:
        self.rules.append(rule)
        return rule

    @staticmethod
    def response(rule: FaultRule) -> web.Response:
        # A dropped connection's answer is never delivered; 503 only fills the record.
        return json_response(rule.body, status=rule.status or 503, headers=rule.headers)
