"""Builders for Discord API v10 objects: users, members, guilds, channels, messages, commands.

The shapes follow Discord's documented objects, trimmed to what discord.py 2.7 reads (its
parsers index some keys directly, e.g. `attachment_size_limit` on an interaction or `flags`
on a member, and a missing one is a KeyError deep inside the client). Everything is a plain
dict so the fake stays independent of discord.py: it checks the bot, not itself.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000
_increment = itertools.count(1)

# Channel types (Discord's ChannelType).
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12

# Everything but ADMINISTRATOR, as the decimal string Discord sends.
ALL_PERMISSIONS = str((1 << 50) - 1 & ~(1 << 3))


def snowflake() -> int:
    """A fresh, increasing snowflake whose timestamp is now (discord.py derives created_at)."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_increment) & 0x3FFFFF)


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


@dataclass
class User:
    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    locale: str = "en-US"  # the client locale the user's interactions carry


@dataclass
class Channel:
    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    recipient_ids: list[int] = field(default_factory=list)
    last_message_id: int | None = None


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    preferred_locale: str = "de"
    channel_ids: list[int] = field(default_factory=list)
    member_ids: list[int] = field(default_factory=list)


def user_payload(user: User) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(user.id),
        "username": user.username,
        "global_name": user.global_name,
        "discriminator": "0",
        "avatar": None,
        "public_flags": 0,
        "flags": 0,
    }
    if user.bot:
        data["bot"] = True
    return data


def member_payload(user: User, guild: Guild) -> dict[str, Any]:
    return {
        "user": user_payload(user),
        "nick": None,
        "avatar": None,
        "roles": [],
        "joined_at": iso_now(),
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        # Only interaction payloads carry permissions; owners get everything.
        "permissions": ALL_PERMISSIONS if user.id == guild.owner_id else "1024",
    }


def everyone_role(guild: Guild) -> dict[str, Any]:
    # @everyone's id equals the guild id; discord.py computes permissions from it.
    return {
        "id": str(guild.id),
        "name": "@everyone",
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": 0,
        "permissions": "2248473465835073",  # Discord's default @everyone set
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }


def channel_payload(channel: Channel, users: dict[int, User]) -> dict[str, Any]:
    data: dict[str, Any] = {"id": str(channel.id), "type": channel.type, "flags": 0}
    if channel.type == DM:
        data["recipients"] = [user_payload(users[u]) for u in channel.recipient_ids]
        data["last_message_id"] = _opt_str(channel.last_message_id)
        return data
    data.update(
        {
            "guild_id": str(channel.guild_id),
            "name": channel.name,
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": _opt_str(channel.parent_id),
            "last_message_id": _opt_str(channel.last_message_id),
            "rate_limit_per_user": 0,
        }
    )
    if channel.type == GUILD_TEXT:
        data["topic"] = None
        data["default_auto_archive_duration"] = 1440
    if channel.type in (PUBLIC_THREAD, PRIVATE_THREAD):
        data.update(
            {
                "owner_id": _opt_str(channel.owner_id),
                "message_count": 0,
                "member_count": 1,
                "total_message_sent": 0,
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": iso_now(),
                    "locked": False,
                    "invitable": True,
                    "create_timestamp": iso_now(),
                },
            }
        )
    return data


def guild_create_payload(
    guild: Guild,
    channels: dict[int, Channel],
    users: dict[int, User],
    member_ids: list[int] | None = None,
) -> dict[str, Any]:
    """The GUILD_CREATE the gateway sends after READY (its channels carry no guild_id).

    `member_ids` limits the member list: without the GUILD_MEMBERS intent Discord sends
    only the bot's own member (and those in voice), never the whole list.
    """
    members = guild.member_ids if member_ids is None else member_ids
    guild_channels = []
    for cid in guild.channel_ids:
        data = channel_payload(channels[cid], users)
        data.pop("guild_id", None)
        guild_channels.append(data)
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "owner_id": str(guild.owner_id),
        "preferred_locale": guild.preferred_locale,
        "roles": [everyone_role(guild)],
        "emojis": [],
        "stickers": [],
        "features": [],
        "channels": guild_channels,
        "threads": [],
        "members": [_without_permissions(member_payload(users[u], guild)) for u in members],
        "member_count": len(guild.member_ids),
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "large": False,
        "unavailable": False,
        "joined_at": iso_now(),
        "verification_level": 0,
        "default_message_notifications": 1,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "system_channel_flags": 0,
        "afk_timeout": 300,
    }


def attachment_payload(
    attachment_id: int, filename: str, data: bytes, url: str, description: str | None = None
) -> dict[str, Any]:
    content_type = "image/png" if data.startswith(b"\x89PNG") else "application/octet-stream"
    return {
        "id": str(attachment_id),
        "filename": filename,
        "description": description,
        "size": len(data),
        "url": url,
        "proxy_url": url,
        "content_type": content_type,
    }


def message_payload(
    *,
    message_id: int,
    channel: Channel,
    author: User,
    body: dict[str, Any],
    attachments: list[dict[str, Any]],
    webhook_id: int | None = None,
    interaction: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A message as Discord returns it, built from what the client asked for."""
    data: dict[str, Any] = {
        "id": str(message_id),
        "channel_id": str(channel.id),
        "author": user_payload(author),
        "content": body.get("content") or "",
        "timestamp": iso_now(),
        "edited_timestamp": None,
        "tts": bool(body.get("tts", False)),
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": body.get("embeds") or [],
        "components": body.get("components") or [],
        "pinned": False,
        "type": 0 if interaction is None else 20,  # 20: CHAT_INPUT_COMMAND reply
        "flags": int(body.get("flags") or 0),
    }
    if channel.guild_id is not None:
        data["guild_id"] = str(channel.guild_id)
    if webhook_id is not None:
        data["webhook_id"] = str(webhook_id)
        data["application_id"] = str(webhook_id)
    if interaction is not None:
        data["interaction_metadata"] = interaction
    return data


def _opt_str(value: int | None) -> str | None:
    return None if value is None else str(value)


def _without_permissions(member: dict[str, Any]) -> dict[str, Any]:
    member = dict(member)
    member.pop("permissions", None)
    return member


# Interactions -------------------------------------------------------------------------------

# Application command option types (Discord's ApplicationCommandOptionType).
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL = 1, 2, 3, 4, 5, 6, 7
NUMBER = 10


def infer_option_type(value: Any) -> int:
    """The option type of a value when no registered command says otherwise."""
    if isinstance(value, bool):
        return BOOLEAN
    if isinstance(value, int):
        return INTEGER
    if isinstance(value, float):
        return NUMBER
    if isinstance(value, User):
        return USER
    if isinstance(value, Channel):
        return CHANNEL
    return STRING


def interaction_payload(
    *,
    interaction_id: int,
    token: str,
    kind: int,
    application_id: int,
    data: dict[str, Any],
    user: User,
    channel: Channel,
    guild: Guild | None,
    users: dict[int, User],
    locale: str,
    message: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """INTERACTION_CREATE's `d`: from a guild it carries `member`, from a DM `user`."""
    payload: dict[str, Any] = {
        "id": str(interaction_id),
        "application_id": str(application_id),
        "type": kind,
        "token": token,
        "version": 1,
        "data": data,
        "channel_id": str(channel.id),
        "channel": channel_payload(channel, users),
        "locale": locale,
        "app_permissions": ALL_PERMISSIONS,
        "entitlements": [],
        "attachment_size_limit": 10 * 1024 * 1024,
    }
    if guild is not None:
        payload["guild_id"] = str(guild.id)
        payload["guild"] = {"id": str(guild.id), "locale": guild.preferred_locale, "features": []}
        payload["guild_locale"] = guild.preferred_locale
        payload["member"] = member_payload(user, guild)
        payload["authorizing_integration_owners"] = {"0": str(guild.id)}
        payload["context"] = 0  # GUILD
    else:
        payload["user"] = user_payload(user)
        payload["authorizing_integration_owners"] = {"0": str(user.id)}
        payload["context"] = 1  # BOT_DM
    if message is not None:
        payload["message"] = message
    return payload


def interaction_metadata(interaction: dict[str, Any]) -> dict[str, Any]:
    """`interaction_metadata` of a message made by an interaction response or followup."""
    user = interaction["member"]["user"] if "member" in interaction else interaction["user"]
    meta: dict[str, Any] = {
        "id": interaction["id"],
        "type": interaction["type"],
        "user": user,
        "authorizing_integration_owners": interaction["authorizing_integration_owners"],
    }
    if interaction["type"] == 2:
        meta["name"] = interaction["data"]["name"]
    return meta
