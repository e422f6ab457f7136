"""Everything the fake Discord saw, in order, so tests can assert on it and wait for it.

REST requests and gateway frames go into one recorder. Waiting is event-driven (a condition
notified on every new entry) rather than polling, so a test that waits for a followup wakes
the moment it is recorded and the suite stays fast.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tests.patience import scaled


@dataclass(frozen=True)
class RecordedFile:
    """One uploaded file of a multipart request (`files[n]`), with its bytes kept."""

    field: str
    filename: str
    content_type: str
    data: bytes


@dataclass
class RecordedRequest:
    """One REST request: what the client sent and what the fake answered."""

    method: str
    path: str  # without the /api/v10 prefix, e.g. /channels/123/messages
    route: str | None  # the template that matched, e.g. /channels/{channel_id}/messages
    query: dict[str, str]
    headers: dict[str, str]
    json: Any  # the JSON body, or the parsed payload_json of a multipart body
    files: list[RecordedFile]
    time: float  # time.monotonic() when the request arrived
    status: int = 0
    response: Any = None
    unknown: bool = False  # no route matched: the bot called something the fake lacks
    fault: str | None = None  # the injected fault that answered it, if any

    @property
    def key(self) -> str:
        """`METHOD /route/template`, the form fault rules and tests use to name a route."""
        return f"{self.method} {self.route or self.path}"


@dataclass
class GatewayFrame:
    """One gateway payload, in either direction, after (de)compression."""

    direction: str  # "send" (fake -> client) or "recv" (client -> fake)
    connection: int  # which websocket connection, counted from 1
    op: int
    t: str | None
    s: int | None
    d: Any
    time: float = field(default_factory=time.monotonic)


T = TypeVar("T")


class Recorder:
    def __init__(self) -> None:
        self.requests: list[RecordedRequest] = []
        self.frames: list[GatewayFrame] = []
        self._changed = asyncio.Condition()

    async def add_request(self, request: RecordedRequest) -> None:
        self.requests.append(request)
        await self._notify()

    async def add_frame(self, frame: GatewayFrame) -> None:
        self.frames.append(frame)
        await self._notify()

    async def touch(self) -> None:
        """Wake waiters after an entry changed in place (e.g. its response was filled in)."""
        await self._notify()

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    def find(self, method: str | None = None, route: str | None = None) -> list[RecordedRequest]:
        """Answered requests matching a method and a route template (or literal path)."""
        return [
            r
            for r in self.requests
            if r.status
            and (method is None or r.method == method)
            and (route is None or route in (r.route, r.path))
        ]

    @property
    def unknown(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.unknown]

    async def wait_for(self, predicate: Callable[[Recorder], T | None], timeout: float = 5.0) -> T:
        """Wait until `predicate(recorder)` returns something truthy, and return it.

        The predicate sees the whole recorder, so it can look at requests and frames alike:
        `await rec.wait_for(lambda r: r.find("POST", "/webhooks/{application_id}/{token}"))`.
        """

        async def _wait() -> T:
            async with self._changed:
                while True:
                    result = predicate(self)
                    if result:
                        return result
                    await self._changed.wait()

        timeout = scaled(timeout)  # the seconds of an idle machine (tests.patience)
        try:
            return await asyncio.wait_for(_wait(), timeout)
        except TimeoutError:
            last = [f"{r.key} -> {r.status}" for r in self.requests[-8:]]
            raise AssertionError(
                f"condition not met within {timeout}s; last requests: {last}"
            ) from None

    async def wait_request(
        self, method: str, route: str, *, count: int = 1, timeout: float = 5.0
    ) -> RecordedRequest:
        """Wait for the `count`-th answered request to a route and return it."""

        def enough(rec: Recorder) -> list[RecordedRequest] | None:
            matches = rec.find(method, route)
            return matches if len(matches) >= count else None

        return (await self.wait_for(enough, timeout))[count - 1]
