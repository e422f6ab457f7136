"""Discord-shaped responses, shared by the REST modules and fault injection."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """JSON with Content-Type exactly `application/json`, as Discord sends it: discord.py
    compares the header verbatim and treats `application/json; charset=utf-8` as text."""
    body = json.dumps(data, separators=(",", ":")).encode()
    return web.Response(
        body=body, status=status, headers={**(headers or {}), "Content-Type": "application/json"}
    )


def error(status: int, message: str, code: int = 0) -> web.Response:
    """A Discord-shaped error body; discord.py reads `code` and `message` from it."""
    return json_response({"message": message, "code": code}, status=status)
