"""Shards: which of Discord's gateway shards this process connects (SHARD_COUNT,
SHARD_IDS), read once with the other settings.

Discord splits a bot's guilds into `count` shards by `(guild_id >> 22) % count` and
delivers a guild's events, interactions included, only on the connection of its shard.
Each bot process connects the shards it owns; together the processes must own every shard
exactly once (say 0-3 and 4-7 of 8). Unset, one process connects them all, in the number
Discord recommends. A wrong value stops the bot at start with one clear sentence
(`ShardSettingError`), never a half-connected bot.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_SHARDS = 4096  # far beyond any bot; a typo like 10000000 is refused, not connected


class ShardSettingError(ValueError):
    """A SHARD_COUNT or SHARD_IDS the bot cannot start with; the text says what to fix."""


@dataclass(frozen=True, slots=True)
class Shards:
    """count None: Discord's recommended number; ids None: every shard of the count."""

    count: int | None = None
    ids: tuple[int, ...] | None = None

    def owns(self, guild_id: int) -> bool:
        """Whether this process receives the events of `guild_id` (True when it connects
        every shard)."""
        if self.count is None or self.ids is None:
            return True
        return shard_of(guild_id, self.count) in self.ids

    @property
    def all_shards(self) -> bool:
        return self.ids is None or self.count is None or len(self.ids) == self.count


def shard_of(guild_id: int, count: int) -> int:
    """The shard Discord delivers `guild_id`'s events on."""
    return (guild_id >> 22) % count


def parse_count(text: str | None) -> int | None:
    text = (text or "").strip()
    if not text:
        return None
    if not text.isdigit() or not 1 <= int(text) <= MAX_SHARDS:
        raise ShardSettingError(
            f"SHARD_COUNT must be a whole number from 1 to {MAX_SHARDS}, not {text[:20]!r}")
    return int(text)


def parse_ids(text: str | None, count: int | None) -> tuple[int, ...] | None:
    """`0,1`, `4-7` or `0-3,8`: the ids in order; each must be below SHARD_COUNT, which
    must be given with them, and none may repeat."""
    text = (text or "").strip()
    if not text:
        return None
    if count is None:
        raise ShardSettingError("SHARD_IDS needs SHARD_COUNT: set the total number of shards "
                                "of every process together")
    found: list[int] = []
    for part in text.split(","):
        low, dash, high = part.strip().partition("-")
        if not low.strip().isdigit() or (dash and not high.strip().isdigit()):
            raise ShardSettingError(
                f"SHARD_IDS is a list of shard numbers or ranges like 0,1 or 4-7, "
                f"not {text[:40]!r}")
        first, last = int(low), int(high) if dash else int(low)
        if first > last:
            raise ShardSettingError(f"SHARD_IDS range {part.strip()!r} runs backwards")
        if last >= count:
            raise ShardSettingError(
                f"SHARD_IDS {part.strip()!r}: shard numbers run from 0 to {count - 1} "
                f"with SHARD_COUNT={count}")
        found.extend(range(first, last + 1))
    if len(set(found)) != len(found):
        raise ShardSettingError(f"SHARD_IDS {text[:40]!r} names a shard twice")
    return tuple(found)


def parse_shards(count_text: str | None, ids_text: str | None) -> Shards:
    count = parse_count(count_text)
    return Shards(count, parse_ids(ids_text, count))
