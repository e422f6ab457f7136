"""Input checks for the entry points of the service's mixins (votes, undo, abandon, turn
posts, reminders, maintenance), applied in front of them: each checks its arguments and
hands over to the mixin's own method, so a wrong type or an out-of-range number is a
typed `BadOption` / `UnknownGame` before anything is read or written.

(Kept apart from the mixins so each stays about its own subject; `GameService` lists this
class first, so its methods are the ones called.)
"""

from __future__ import annotations

import math
from collections.abc import Collection
from pathlib import Path
from typing import Any

from locales import Phrase
from rules import State
from store import Game, Reminder

from .core import ServiceCore
from .errors import BadOption, StorageFault
from .validation import (
    INT64_MAX,
    flag,
    integer,
    interaction,
    is_int,
    language,
    optional_integer,
    optional_language,
    optional_moment,
    player_id,
    shown,
    text,
)
from .validation import game_id as checked_game_id


def _kind(value: Any, kind: type, name: str) -> None:
    if not isinstance(value, kind):
        raise BadOption(name=name, value=shown(value), expected=Phrase("expect.text"))


def _seconds(value: Any, name: str, high: float = 366 * 86_400.0) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(
            value) or not 0 <= value <= high:
        raise BadOption(name=name, value=shown(value),
                        expected=Phrase("expect.range", low=0, high=int(high)))
    return float(value)


class InputChecks(ServiceCore):
    # -- abandon and undo (service/abandon.py, service/undo.py) ----------------------------

    async def abandon(self, game_id: int, by_user: str, *, is_admin: bool = False) -> Any:
        checked_game_id(game_id)
        player_id(by_user)
        flag(is_admin, "is_admin")
        return await super().abandon(game_id, by_user, is_admin=is_admin)  # type: ignore[misc]

    async def vote_abandon(self, game_id: int, user_id: str, accept: bool, *,
                           request: int | None = None) -> Any:
        checked_game_id(game_id)
        player_id(user_id)
        flag(accept, "accept")
        optional_integer(request, "request", 1)
        return await super().vote_abandon(  # type: ignore[misc]
            game_id, user_id, accept, request=request)

    async def undo(self, game_id: int, user_id: str, *, force: bool = False,
                   expected_version: int | None = None,
                   interaction_id: str | None = None) -> Any:
        checked_game_id(game_id)
        player_id(user_id)
        flag(force, "force")
        optional_integer(expected_version, "version")
        interaction(interaction_id)
        return await super().undo(  # type: ignore[misc]
            game_id, user_id, force=force, expected_version=expected_version,
            interaction_id=interaction_id)

    async def vote_undo(self, game_id: int, user_id: str, accept: bool,
                        interaction_id: str | None = None) -> Any:
        checked_game_id(game_id)
        player_id(user_id)
        flag(accept, "accept")
        interaction(interaction_id)
        return await super().vote_undo(  # type: ignore[misc]
            game_id, user_id, accept, interaction_id)

    # -- turn posts (service/turn_posts.py) -------------------------------------------------

    async def unposted_turns(self, guild_ids: Collection[int] | None = None) -> Any:
        if guild_ids is not None:
            if isinstance(guild_ids, str | bytes) or not isinstance(guild_ids, Collection):
                raise BadOption(name="guilds", value=shown(guild_ids),
                                expected=Phrase("expect.number"))
            for guild in guild_ids:
                integer(guild, "guild")
        return await super().unposted_turns(guild_ids)  # type: ignore[misc]

    async def claim_turn_post(self, game: Game, lease_s: float = 120.0) -> bool:
        _kind(game, Game, "game")
        _seconds(lease_s, "lease")
        return bool(await super().claim_turn_post(game, lease_s))  # type: ignore[misc]

    async def turn_post(self, game_id: int, lang: str | None = None) -> Any:
        checked_game_id(game_id)
        optional_language(lang)
        return await super().turn_post(game_id, lang)  # type: ignore[misc]

    async def record_turn_post(self, game_id: int, version: int, channel_id: int,
                               message_id: int) -> bool:
        checked_game_id(game_id)
        integer(version, "version")
        integer(channel_id, "channel", 1)
        integer(message_id, "message", 1)
        return bool(await super().record_turn_post(  # type: ignore[misc]
            game_id, version, channel_id, message_id))

    # -- reminders (service/reminding.py) -------------------------------------------------

    async def due_reminders(self, now: float | None = None) -> Any:
        optional_moment(now, "now")
        return await super().due_reminders(now)  # type: ignore[misc]

    async def claim_reminder(self, reminder: Reminder) -> bool:
        _kind(reminder, Reminder, "reminder")
        return bool(await super().claim_reminder(reminder))  # type: ignore[misc]

    async def set_aside_reminder(self, reminder: Reminder) -> bool:
        _kind(reminder, Reminder, "reminder")
        return bool(await super().set_aside_reminder(reminder))  # type: ignore[misc]

    # -- maintenance and pictures ----------------------------------------------------------

    async def prune_interactions(self, keep_s: float = 86_400.0) -> int:
        _seconds(keep_s, "keep", float(INT64_MAX))
        return int(await super().prune_interactions(keep_s))  # type: ignore[misc]

    async def backup_now(self, folder: str | Path, keep: int) -> Path:
        if not isinstance(folder, str | Path) or not str(folder):
            raise BadOption(name="folder", value=shown(folder), expected=Phrase("expect.text"))
        text(str(folder), "folder", 1024)
        if not is_int(keep) or not 1 <= keep <= 10_000:
            raise BadOption(name="keep", value=shown(keep),
                            expected=Phrase("expect.range", low=1, high=10_000))
        try:
            result: Path = await super().backup_now(folder, keep)  # type: ignore[misc]
        except OSError as err:  # a folder that cannot be made or written
            raise StorageFault("cannot_open", path=shown(str(folder))) from err
        return result

    async def render(self, state: State, view: str = "full", lang: str = "en") -> bytes:
        _kind(state, State, "state")
        if not isinstance(view, str) or view not in ("full", "map", "players"):
            raise BadOption(name="view", value=shown(view), expected="map | players | full")
        language(lang)
        return await super().render(state, view, lang)

    async def replay_animation(self, game_id: int, lang: str = "en",
                               user_id: str | None = None) -> bytes:
        checked_game_id(game_id)
        language(lang)
        if user_id is not None:
            player_id(user_id)
        result: bytes = await super().replay_animation(  # type: ignore[misc]
            game_id, lang, user_id)
        return result
