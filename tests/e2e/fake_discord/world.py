"""The fake Discord's state: who exists, which channels, messages, commands and interactions.

One `World` per `FakeDiscord`. REST handlers and the gateway both read and change it; tests
read it to see what the bot left behind (e.g. the messages in a channel, with their files).
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from .components import TEXT_DISPLAY, walk
from .payloads import (
    CHANNEL,
    DM,
    GUILD_TEXT,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    USER,
    Channel,
    Guild,
    User,
    channel_payload,
    infer_option_type,
    member_payload,
    snowflake,
    user_payload,
)
from .recorder import RecordedFile

# Discord answers a callback later than this with 10062 Unknown interaction.
ACK_DEADLINE_S = 3.0


@dataclass
class InteractionRecord:
    """An interaction the fake dispatched, and how the bot answered it."""

    id: int
    token: str
    kind: int  # 2 command, 3 component, 4 autocomplete
    user: User
    channel: Channel
    payload: dict[str, Any]
    created_at: float = field(default_factory=time.monotonic)
    callbacks: list[dict[str, Any]] = field(default_factory=list)  # callback bodies, in order
    first_callback_at: float | None = None
    original_message_id: int | None = None
    message_id: int | None = None  # for components: the message whose button was pressed

    @property
    def acknowledged(self) -> bool:
        return bool(self.callbacks)

    @property
    def ack_seconds(self) -> float | None:
        """Seconds from dispatch to the first (accepted) callback; assert it is < 3."""
        if self.first_callback_at is None:
            return None
        return self.first_callback_at - self.created_at


@dataclass
class StoredMessage:
    payload: dict[str, Any]
    files: list[RecordedFile]
    deleted: bool = False
    nonce: str | None = None  # as sent by the author (Discord's enforce_nonce dedupe)

    @property
    def text(self) -> str:
        """What a reader sees written: the content, or a V2 message's text displays."""
        return str(self.payload.get("content") or "") or "\n".join(
            str(c.get("content") or "") for c in walk(self.payload.get("components") or [])
            if c.get("type") == TEXT_DISPLAY)

    @property
    def custom_ids(self) -> list[str]:
        """The custom ids of its buttons and menus, however deeply they are nested."""
        return [str(c["custom_id"]) for c in walk(self.payload.get("components") or [])
                if c.get("custom_id")]


class World:
    def __init__(self, token: str, bot_name: str = "Autobahn") -> None:
        self.token = token
        self.application_id = snowflake()
        # A bot user's id equals its application's id on Discord.
        self.bot = User(self.application_id, bot_name, bot=True)
        self.users: dict[int, User] = {self.bot.id: self.bot}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, StoredMessage] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}  # guild id (None: global)
        self.interactions: dict[int, InteractionRecord] = {}
        self.ack_deadline = ACK_DEADLINE_S
        owner = self.add_user("ann", locale="de")
        self.guild = self.add_guild("Autobahn Stammtisch", owner)
        self.channel = self.add_text_channel(self.guild, "autobahn")
        for name, locale in (("ben", "fr"), ("cem", "en-US")):
            self.join(self.guild, self.add_user(name, locale=locale))
        self.join(self.guild, self.bot)

    # entities -------------------------------------------------------------------------------

    def add_user(self, username: str, *, locale: str = "en-US") -> User:
        user = User(snowflake(), username, global_name=username.title(), locale=locale)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, owner: User, *, preferred_locale: str = "de",
                  shard: tuple[int, int] | None = None) -> Guild:
        """A guild; with `shard` (id, count), one whose events Discord sends on that shard."""
        guild_id = snowflake()
        if shard is not None:
            while (guild_id >> 22) % shard[1] != shard[0]:
                guild_id += 1 << 22  # a millisecond later: same kind of id, the next shard
        guild = Guild(guild_id, name, owner.id, preferred_locale)
        self.guilds[guild.id] = guild
        self.join(guild, owner)
        return guild

    def join(self, guild: Guild, user: User) -> None:
        if user.id not in guild.member_ids:
            guild.member_ids.append(user.id)

    def add_text_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(snowflake(), GUILD_TEXT, name, guild_id=guild.id)
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        return channel

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and a user: one per user, like Discord's."""
        for channel in self.channels.values():
            if channel.type == DM and channel.recipient_ids == [user.id]:
                return channel
        channel = Channel(snowflake(), DM, recipient_ids=[user.id])
        self.channels[channel.id] = channel
        return channel

    def user_named(self, name: str) -> User:
        return next(u for u in self.users.values() if u.username == name)

    def channel_messages(self, channel: Channel | int) -> list[StoredMessage]:
        cid = channel if isinstance(channel, int) else channel.id
        return [
            m
            for m in self.messages.values()
            if m.payload["channel_id"] == str(cid) and not m.deleted
        ]

    # interactions ---------------------------------------------------------------------------

    def new_interaction(self, kind: int, user: User, channel: Channel) -> InteractionRecord:
        record = InteractionRecord(
            id=snowflake(),
            token="aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48),
            kind=kind,
            user=user,
            channel=channel,
            payload={},
        )
        self.interactions[record.id] = record
        return record

    def interaction_by_token(self, token: str) -> InteractionRecord | None:
        return next((i for i in self.interactions.values() if i.token == token), None)

    def find_command(self, name: str, guild: Guild | None) -> dict[str, Any]:
        """The registered command a user could invoke here: guild commands shadow global."""
        scopes = ([guild.id] if guild else []) + [None]
        for scope in scopes:
            for command in self.commands.get(scope, []):
                if command["name"] == name and command.get("type", 1) == 1:
                    return command
        known = sorted(c["name"] for cmds in self.commands.values() for c in cmds)
        raise LookupError(f"/{name} is not registered (registered: {known}); did the bot sync?")

    def command_data(
        self,
        path: str,
        options: dict[str, Any],
        guild: Guild | None,
        *,
        focused: str | None = None,
    ) -> dict[str, Any]:
        """`data` of a slash or autocomplete interaction, typed by the registered schema.

        `path` is the command as a user types it: "ping" or "game new"; the words after the
        first are the subcommand (group) path.
        """
        name, *subpath = path.split()
        command = self.find_command(name, guild)
        schema: list[dict[str, Any]] = command.get("options", [])
        kinds: list[int] = []
        for sub in subpath:
            node = next((o for o in schema if o["name"] == sub), None)
            if node is None or node["type"] not in (SUB_COMMAND, SUB_COMMAND_GROUP):
                raise LookupError(f"/{path}: /{name} has no subcommand {sub!r}")
            kinds.append(node["type"])
            schema = node.get("options", [])
        resolved: dict[str, dict[str, Any]] = {}
        tree = self._options(schema, options, resolved, focused, guild)
        for sub, kind in reversed(list(zip(subpath, kinds, strict=True))):
            tree = [{"name": sub, "type": kind, "options": tree}]
        data: dict[str, Any] = {
            "id": command["id"],
            "name": name,
            "type": 1,
            "options": tree,
        }
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    def _options(
        self,
        schema: list[dict[str, Any]],
        values: dict[str, Any],
        resolved: dict[str, dict[str, Any]],
        focused: str | None,
        guild: Guild | None,
    ) -> list[dict[str, Any]]:
        by_name = {o["name"]: o for o in schema}
        out: list[dict[str, Any]] = []
        for key, value in values.items():
            kind = by_name[key]["type"] if key in by_name else infer_option_type(value)
            option: dict[str, Any] = {"name": key, "type": kind}
            if key == focused:
                # Discord sends what the user has typed so far, always as a string.
                option["value"] = str(value)
                option["focused"] = True
            elif kind == USER:
                user = value if isinstance(value, User) else self.users[int(value)]
                option["value"] = str(user.id)
                resolved.setdefault("users", {})[str(user.id)] = user_payload(user)
                if guild is not None and user.id in guild.member_ids:
                    member = member_payload(user, guild)
                    member.pop("user")
                    resolved.setdefault("members", {})[str(user.id)] = member
            elif kind == CHANNEL:
                channel = value if isinstance(value, Channel) else self.channels[int(value)]
                option["value"] = str(channel.id)
                data = channel_payload(channel, self.users)
                data["permissions"] = "2248473465835073"
                resolved.setdefault("channels", {})[str(channel.id)] = data
            else:
                option["value"] = value
            out.append(option)
        return out
