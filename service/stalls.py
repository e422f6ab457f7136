"""Stall notices (issue 30 item 10): the channel's "the game has stalled" post offers to
hand the stalled seat to a computer. A notice belongs to one stall — the seat and the move
count when it was announced (`at_move`) — and its button is good only while that stall
lasts: the stalled player has not moved since (turns their expired deadlines played do not
count), and their seat was not handed to a computer (by a vote or the host) or taken back
since.

An old notice's press used to act on the game as it was later: the host pressed the first
notice of a game and a present player's seat went to a computer at once. Now the press is
checked against the stall it belongs to (`require_stall`) and the notice is remembered as
a vote post, so its button is taken off once its stall has ended (`ended`, asked by vote_posts)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from locales import Phrase
from store import Event, StoreValueError

from .computer import StallEnded
from .deadlines import AUTOPASS_MARK, DEADLINE_MARK
from .errors import BadOption
from .results import Table
from .seat_history import RECLAIMED, REPLACED
from .seat_settings import computer_level
from .validation import game_id as checked_game_id
from .validation import integer, is_int, player_id

if TYPE_CHECKING:
    from .repository import GameRepository

STALL_POST = "stall"  # the key of a vote post's detail that makes it a stall notice


class Stalls:
    def __init__(self, repo: GameRepository) -> None:
        self.repo = repo

    async def holds(self, game: Table, player: str, at_move: int,
                    events: Sequence[Event] | None = None) -> bool:
        """Whether the stall of `player` announced at move `at_move` still holds."""
        if (game.status != "running" or player not in game.player_ids
                or computer_level(game.settings, player) is not None
                or game.action_count < at_move):
            return False
        if events is None:
            with self.repo.translated(game.id):
                events = await self.repo.store.list_events(game.id)
        if any(e.kind in (REPLACED, RECLAIMED) and e.detail.get("player") == player
               and int(e.detail.get("at", 0)) >= at_move for e in events):
            return False  # handed over (or handed over and taken back) since the notice
        if game.action_count == at_move:
            return True
        with self.repo.translated(game.id):
            since = await self.repo.store.read_log(game.id, at_move + 1)
        # Turns an expired deadline (or auto-pass) played for the seat are not the player
        # coming back: those are what a deadline's stall notice is about.
        return not any(a.player_id == player and not str(a.interaction_id or "").startswith(
            (f"{DEADLINE_MARK}:", f"{AUTOPASS_MARK}:")) for a in since)

    async def require_stall(self, game: Table, player: str, at_move: int | None) -> None:
        """Raises StallEnded when the notice's stall is over; `at_move` None is a notice
        posted before notices named their stall: it cannot be checked, so it is refused."""
        if at_move is None or not await self.holds(game, player, at_move):
            raise StallEnded(player=self.repo.name(game, player))

    async def remember_stall_post(self, game_id: int, player: str, at_move: int,
                                  channel_id: int, message_id: int) -> None:
        """Note the stall notice of `player` at move `at_move`, posted as `message_id` in
        `channel_id`: its button comes off when the stall ends. Raises UnknownGame,
        BadOption."""
        checked_game_id(game_id)
        player_id(player)
        integer(at_move, "at_move")
        if not all(is_int(v) and 0 < v < 2**63 for v in (channel_id, message_id)):
            raise BadOption(name="message", value=str(message_id)[:30],
                            expected=Phrase("expect.message_id"))
        await self.repo.game(game_id)
        with self.repo.translated(game_id):
            try:
                await self.repo.store.record_event(
                    game_id, "vote_post", user_id=None,
                    detail={STALL_POST: {"player": player, "at": at_move},
                            "channel": channel_id, "message": message_id})
            except StoreValueError:
                raise BadOption(name="message", value=str(message_id)[:30],
                                expected=Phrase("expect.message_id")) from None

    async def ended(self, game: Table, post: Event, events: Sequence[Event]) -> bool:
        """Whether the stall notice `post` announced a stall that has ended."""
        stall = post.detail.get(STALL_POST) or {}
        return not await self.holds(game, str(stall.get("player")), int(stall.get("at", 0)),
                                    events)
