"""Discord's refusals of a message body, for a new message and for an edit: empty, too
long, or components it would not take (fake_discord.components)."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from .components import Refused, check, is_v2
from .recorder import RecordedFile
from .responses import error
from .world import StoredMessage


def message_problem(body: dict[str, Any], files: list[RecordedFile]) -> web.Response | None:
    """Discord's refusals for a message body: empty, content over 2,000 characters, or
    components Discord would refuse (fake_discord.components)."""
    content = body.get("content") or ""
    if len(content) > 2000:
        return error(400, "Invalid Form Body", 50035)
    v2 = is_v2(body.get("flags"))
    if v2 and not body.get("components"):
        return error(400, "Cannot send an empty message", 50006)
    if not (content or body.get("embeds") or body.get("components") or files or body.get("poll")):
        return error(400, "Cannot send an empty message", 50006)
    try:
        check(body, upload_names(body, files), v2=v2)
    except Refused as why:
        return refused(str(why))
    return None


def edit_problem(stored: StoredMessage, body: dict[str, Any],
                  files: list[RecordedFile]) -> web.Response | None:
    """Discord's refusals for an edit: the V2 flag taken off, legacy fields on a V2
    message, components it would refuse (named files: those kept and those uploaded)."""
    was_v2 = is_v2(stored.payload["flags"])
    if was_v2 and body.get("flags") is not None and not is_v2(body["flags"]):
        return refused("the IS_COMPONENTS_V2 flag cannot be removed from a message")
    v2 = was_v2 or is_v2(body.get("flags"))
    if v2 and (body.get("content") or body.get("embeds")
               or (not was_v2 and "content" not in body and stored.payload["content"])):
        return refused("content cannot be used with the IS_COMPONENTS_V2 flag")
    if len(body.get("content") or "") > 2000:
        return error(400, "Invalid Form Body", 50035)
    if "attachments" in body:
        listed = {str(a["id"]) for a in body["attachments"]}
        kept = {a["filename"] for a in stored.payload["attachments"] if a["id"] in listed}
    else:
        kept = {a["filename"] for a in stored.payload["attachments"]}
    try:
        check(body, kept | upload_names(body, files), v2=v2)
    except Refused as why:
        return refused(str(why))
    return None


def upload_names(body: dict[str, Any], files: list[RecordedFile]) -> set[str]:
    return {f.filename for f in files} | {
        str(a["filename"]) for a in body.get("attachments") or [] if a.get("filename")}


def refused(message: str) -> web.Response:
    return error(400, f"Invalid Form Body: {message}", 50035)
