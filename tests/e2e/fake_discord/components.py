"""Message components as Discord checks them, classic and Components V2.

A message with the IS_COMPONENTS_V2 flag (1 << 15) is made of components only: no
`content`, embeds, stickers or poll; up to 40 components counted at every depth; up to
4000 characters over all its text displays; an attachment shows only where a media
gallery, thumbnail or file names it by `attachment://<filename>`, and every such name
must be one of the message's files. The flag cannot be taken off by an edit, and a
deferred interaction response (callback type 5) cannot set it. Without the flag a
message holds up to 5 action rows and nothing else at the top level.

Component types (Discord's component reference): 1 action row, 2 button, 3/5/6/7/8
selects, 9 section, 10 text display, 11 thumbnail, 12 media gallery, 13 file,
14 separator, 17 container. Refusals answer 400 with code 50035 and a message naming the
rule, as Discord's "Invalid Form Body" does.

`resolved` turns what was sent into what Discord stores and returns: every component
numbered (`id`), each `attachment://` reference unfurled into the attachment's URL with
its `attachment_id`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

IS_COMPONENTS_V2 = 1 << 15
MAX_COMPONENTS = 40
MAX_TEXT = 4000
ACTION_ROW, BUTTON, STRING_SELECT, SECTION, TEXT_DISPLAY = 1, 2, 3, 9, 10
THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = 11, 12, 13, 14, 17
SELECTS = {3, 5, 6, 7, 8}
TOP_LEVEL_V2 = {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
IN_CONTAINER = {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR}
ATTACHMENT = "attachment://"


class Refused(Exception):
    """The rule a message body breaks, in Discord's words where it has them."""


def walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, nested ones included (rows, containers, section accessories)."""
    for c in components:
        yield c
        yield from walk(list(c.get("components") or []))
        if isinstance(c.get("accessory"), dict):
            yield c["accessory"]


def is_v2(flags: Any) -> bool:
    return bool(int(flags or 0) & IS_COMPONENTS_V2)


def check(body: dict[str, Any], filenames: set[str], *, v2: bool) -> None:
    """Raise Refused when Discord would refuse `body`'s components (`filenames`: the files
    the message will hold, which `attachment://` may name)."""
    components = body.get("components")
    if components is None:
        return
    if not isinstance(components, list):
        raise Refused("components must be an array")
    if not v2:
        if len(components) > 5:
            raise Refused("a message without IS_COMPONENTS_V2 holds at most 5 action rows")
        for c in components:
            if c.get("type") != ACTION_ROW:
                raise Refused(f"component type {c.get('type')} needs the IS_COMPONENTS_V2 flag")
            _action_row(c)
        _unique_custom_ids(components)
        return
    if body.get("content"):
        raise Refused("content cannot be used with the IS_COMPONENTS_V2 flag")
    if body.get("embeds") or body.get("sticker_ids") or body.get("poll"):
        raise Refused("embeds, stickers and polls cannot be used with IS_COMPONENTS_V2")
    everything = list(walk(components))
    if len(everything) > MAX_COMPONENTS:
        raise Refused(f"a message holds at most {MAX_COMPONENTS} components, "
                      f"not {len(everything)}")
    text = sum(len(str(c.get("content") or "")) for c in everything
               if c.get("type") == TEXT_DISPLAY)
    if text > MAX_TEXT:
        raise Refused(f"text displays hold at most {MAX_TEXT} characters, not {text}")
    for c in components:
        if c.get("type") not in TOP_LEVEL_V2:
            raise Refused(f"component type {c.get('type')} cannot be at the top level")
        _v2(c, filenames, top=True)
    _unique_custom_ids(components)


def _v2(c: dict[str, Any], filenames: set[str], *, top: bool) -> None:
    kind = c.get("type")
    if kind == CONTAINER:
        if not top:
            raise Refused("a container cannot hold a container")
        children = c.get("components") or []
        if not children:
            raise Refused("a container holds at least one component")
        colour = c.get("accent_color")
        if colour is not None and not (isinstance(colour, int) and 0 <= colour <= 0xFFFFFF):
            raise Refused("accent_color is an RGB integer")
        for child in children:
            if child.get("type") not in IN_CONTAINER:
                raise Refused(f"component type {child.get('type')} cannot be in a container")
            _v2(child, filenames, top=False)
    elif kind == ACTION_ROW:
        _action_row(c)
    elif kind == TEXT_DISPLAY:
        if not isinstance(c.get("content"), str) or not c["content"]:
            raise Refused("a text display needs content")
    elif kind == SECTION:
        texts = c.get("components") or []
        if not 1 <= len(texts) <= 3 or any(t.get("type") != TEXT_DISPLAY for t in texts):
            raise Refused("a section holds 1 to 3 text displays")
        for t in texts:
            _v2(t, filenames, top=False)
        accessory = c.get("accessory") or {}
        if accessory.get("type") == THUMBNAIL:
            _media(accessory.get("media"), filenames)
        elif accessory.get("type") == BUTTON:
            _button(accessory)
        else:
            raise Refused("a section's accessory is a thumbnail or a button")
    elif kind == MEDIA_GALLERY:
        items = c.get("items") or []
        if not 1 <= len(items) <= 10:
            raise Refused("a media gallery holds 1 to 10 items")
        for item in items:
            _media(item.get("media"), filenames)
            if len(str(item.get("description") or "")) > 1024:
                raise Refused("a media item's description is at most 1024 characters")
    elif kind == FILE:
        url = str((c.get("file") or {}).get("url", ""))
        if not url.startswith(ATTACHMENT):
            raise Refused("a file component names an attachment://")
        _media(c.get("file"), filenames)
    elif kind == SEPARATOR:
        if c.get("spacing", 1) not in (1, 2):
            raise Refused("a separator's spacing is 1 or 2")
    else:
        raise Refused(f"unknown component type {kind}")


def _media(media: Any, filenames: set[str]) -> None:
    url = str((media or {}).get("url", "")) if isinstance(media, dict) else ""
    if url.startswith(ATTACHMENT):
        if url[len(ATTACHMENT):] not in filenames:
            raise Refused(f"{url} names no file of this message")
    elif not url.startswith(("http://", "https://")):
        raise Refused("media is an http(s) URL or an attachment://")


def _action_row(row: dict[str, Any]) -> None:
    items = row.get("components") or []
    if not items:
        raise Refused("an action row holds at least one component")
    selects = [i for i in items if i.get("type") in SELECTS]
    if selects and len(items) > 1:
        raise Refused("a select menu fills its action row alone")
    if len(items) > 5:
        raise Refused("an action row holds at most 5 buttons")
    for item in items:
        if item.get("type") == BUTTON:
            _button(item)
        elif item.get("type") in SELECTS:
            options = item.get("options")
            if item.get("type") == STRING_SELECT and not 1 <= len(options or []) <= 25:
                raise Refused("a select menu has 1 to 25 options")
            if len(str(item.get("placeholder") or "")) > 150:
                raise Refused("a placeholder is at most 150 characters")
        else:
            raise Refused(f"component type {item.get('type')} cannot be in an action row")


def _button(button: dict[str, Any]) -> None:
    style = button.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        raise Refused("a button's style is 1 to 6")
    if style == 5:
        if not button.get("url"):
            raise Refused("a link button needs a url")
    elif style != 6 and not 1 <= len(str(button.get("custom_id") or "")) <= 100:
        raise Refused("a button's custom_id is 1 to 100 characters")
    if len(str(button.get("label") or "")) > 80:
        raise Refused("a button's label is at most 80 characters")


def _unique_custom_ids(components: list[dict[str, Any]]) -> None:
    ids = [c["custom_id"] for c in walk(components) if c.get("custom_id")]
    if len(ids) != len(set(ids)):
        raise Refused("custom_ids must be unique within a message")


def resolved(components: list[dict[str, Any]],
             attachments: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The components as Discord stores them: numbered, media unfurled."""
    by_name = {a["filename"]: a for a in attachments}
    ids = itertools.count(1)

    def media(item: dict[str, Any]) -> dict[str, Any]:
        url = str(item.get("url", ""))
        found = by_name.get(url[len(ATTACHMENT):]) if url.startswith(ATTACHMENT) else None
        if found is None:
            return {"url": url, "proxy_url": url}
        return {"url": found["url"], "proxy_url": found["proxy_url"],
                "content_type": found["content_type"], "attachment_id": found["id"]}

    def one(c: dict[str, Any]) -> dict[str, Any]:
        out = dict(c)
        out.setdefault("id", next(ids))
        if "components" in out:
            out["components"] = [one(x) for x in out["components"]]
        if isinstance(out.get("accessory"), dict):
            out["accessory"] = one(out["accessory"])
        if out.get("type") in (THUMBNAIL,) and isinstance(out.get("media"), dict):
            out["media"] = media(out["media"])
        if out.get("type") == FILE and isinstance(out.get("file"), dict):
            out["file"] = media(out["file"])
        if out.get("type") == MEDIA_GALLERY:
            out["items"] = [{**i, "media": media(i.get("media") or {})}
                            for i in out.get("items") or []]
        return out

    return [one(c) for c in components]
