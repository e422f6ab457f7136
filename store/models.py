"""What the store returns: plain frozen dataclasses, no database handles inside.

The store knows the game only as notation strings and JSON snapshot text; nothing here
imports `rules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

GameStatus = Literal["lobby", "running", "finished", "abandoned"]
ReminderKind = Literal["turn", "stalled", "deadline"]
Delivery = Literal["channel", "dm"]

GAME_STATUSES: tuple[GameStatus, ...] = ("lobby", "running", "finished", "abandoned")
ACTIVE_STATUSES: tuple[GameStatus, ...] = ("lobby", "running")


@dataclass(frozen=True, slots=True)
class Player:
    game_id: int
    user_id: str
    seat: int  # index in the rules' player list, 0-based
    display_name: str
    language: str | None  # None: the game's language
    joined_at: float


@dataclass(frozen=True, slots=True)
class Game:
    id: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    host_id: str
    edition: str
    edition_hash: str
    seed: int
    language: str
    status: GameStatus
    version: int  # concurrency token: pass it back as expected_version
    action_count: int  # the last sequence number in the log
    current_player: str | None  # whose decision is pending, as last told by the service
    settings: Mapping[str, Any]
    created_at: float
    updated_at: float
    players: tuple[Player, ...] = ()
    # The latest board post (a Discord channel or thread, and message), which reminders
    # link to; None until one is posted (`GameStore.set_board_message`).
    board_channel_id: int | None = None
    board_message_id: int | None = None
    # The version whose public turn message is due, and the version the latest post shows
    # (`GameStore.record_turn_post`); a post is owed while turn_version > board_version.
    turn_version: int | None = None
    board_version: int | None = None

    @property
    def owes_turn_post(self) -> bool:
        return self.turn_version is not None and self.turn_version > (
            -1 if self.board_version is None else self.board_version)

    @property
    def player_ids(self) -> tuple[str, ...]:
        """User ids in seat order: the `players` list for `rules.new_game`."""
        return tuple(p.user_id for p in sorted(self.players, key=lambda p: p.seat))


@dataclass(frozen=True, slots=True)
class ActionRecord:
    game_id: int
    seq: int
    player_id: str
    notation: str
    created_at: float
    interaction_id: str | None


@dataclass(frozen=True, slots=True)
class AppendResult:
    action: ActionRecord
    version: int  # the game's version after the append


@dataclass(frozen=True, slots=True)
class Snapshot:
    game_id: int
    version: int  # the game version this state belongs to
    seq: int  # the last action it includes (0: the initial state)
    state_json: str
    updated_at: float


@dataclass(frozen=True, slots=True)
class Event:
    id: int
    game_id: int
    kind: str  # "start", "undo", "status"
    user_id: str | None
    detail: Mapping[str, Any]
    created_at: float


@dataclass(frozen=True, slots=True)
class UndoEvent:
    event_id: int
    game_id: int
    by_user: str
    reason: str
    from_version: int
    to_version: int
    removed: tuple[ActionRecord, ...]  # oldest first
    created_at: float


@dataclass(frozen=True, slots=True)
class ReminderRequest:
    """ "Remind `user_id` at `due_at`", passed with a move so it commits with the move."""

    user_id: str | None  # None for a 'stalled' notice to the channel
    due_at: float
    kind: ReminderKind = "turn"
    attempt: int = 0


@dataclass(frozen=True, slots=True)
class Reminder:
    id: int
    game_id: int
    user_id: str | None
    kind: ReminderKind
    due_at: float
    attempt: int
    created_at: float
    sent_at: float | None


@dataclass(frozen=True, slots=True)
class ReminderSettings:
    """How a player wants to be reminded; game_id None is their default for every game."""

    user_id: str
    game_id: int | None = None
    delivery: Delivery = "channel"
    delay_s: int = 3600
    repeat_s: int = 86_400
    max_repeats: int = 3
    quiet_start: int | None = None  # minutes after local midnight
    quiet_end: int | None = None
    time_zone: str = "UTC"
    vacation_until: float | None = None
    updated_at: float = field(default=0.0, compare=False)
