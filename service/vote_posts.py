"""The posts that carry a vote's buttons (undo, abandon, a seat for a computer), so an
adapter can take the buttons off once the vote is decided — by the last answer, a refusal,
the host's force, a move that voids an undo request, or the end of the game — even after a
restart.

A post is remembered as a "vote_post" event (its request, channel and message ids) and
forgotten with a "vote_post_closed" event once its buttons are gone."""

from __future__ import annotations

from locales import Phrase
from store import Event, StoreValueError

from .abandon import _open_vote
from .errors import BadOption
from .repository import GameRepository
from .seat_votes import SeatVotes
from .stalls import STALL_POST, Stalls
from .undo import Undo
from .validation import integer, is_int

ACTIVE = ("lobby", "running")


class VotePosts:
    def __init__(self, repo: GameRepository, undo: Undo,
                 seats: SeatVotes | None = None) -> None:
        self.repo = repo
        self.undo = undo
        self.seats = seats

    async def remember_vote_post(self, game_id: int, request: int, channel_id: int,
                                 message_id: int) -> None:
        """Note the post with the buttons of vote `request`. Raises UnknownGame,
        BadOption (ids that are no positive integers)."""
        if not all(is_int(v) and 0 < v < 2**63 for v in (request, channel_id, message_id)):
            raise BadOption(name="message", value=str(message_id)[:30],
                            expected=Phrase("expect.message_id"))
        with self.repo.translated(game_id):
            try:
                await self.repo.store.record_event(
                    game_id, "vote_post", user_id=None,
                    detail={"request": request, "channel": channel_id, "message": message_id})
            except StoreValueError:
                raise BadOption(name="message", value=str(message_id)[:30],
                                expected=Phrase("expect.message_id")) from None

    async def decided_vote_posts(self, game_id: int) -> list[tuple[int, int, int]]:
        """(post id, channel id, message id) of each remembered post whose vote is no
        longer open and whose buttons are still up."""
        game = await self.repo.game(game_id)
        with self.repo.translated(game_id):
            events = await self.repo.store.list_events(game_id)
        posts = [e for e in events if e.kind == "vote_post"]
        if not posts:
            return []
        closed = {e.detail.get("post") for e in events if e.kind == "vote_post_closed"}
        still_open: set[int] = set()
        undo = await self.undo.pending_undo(game_id)
        if undo is not None and game.status == "running":
            still_open.add(undo.id)
        vote = _open_vote(game, events) if game.status in ACTIVE else None
        if vote is not None:
            still_open |= {r.id for r in vote[1]}
        if self.seats is not None:
            still_open |= await self.seats.open_replace_requests(game_id)
        stalls = Stalls(self.repo)
        return [(e.id, int(e.detail["channel"]), int(e.detail["message"])) for e in posts
                if e.id not in closed and (
                    await stalls.ended(game, e, events) if STALL_POST in e.detail
                    else e.detail.get("request") not in still_open)]

    async def lapsed_seat_posts(self, game_id: int) -> dict[int, str]:
        """Post id -> the player, for each remembered post of a seat vote that the stalled
        player's own move ended: the buttons go with a note why, not silently."""
        if self.seats is None:
            return {}
        lapsed = await self.seats.lapsed_requests(game_id)
        if not lapsed:
            return {}
        with self.repo.translated(game_id):
            events = await self.repo.store.list_events(game_id)
        return {e.id: lapsed[e.detail["request"]] for e in events
                if e.kind == "vote_post" and e.detail.get("request") in lapsed}

    async def vote_post_closed(self, game_id: int, post_id: int) -> Event:
        """The buttons of post `post_id` are gone (or the post is)."""
        await self.repo.game(game_id)
        integer(post_id, "post", low=1)
        with self.repo.translated(game_id):
            return await self.repo.store.record_event(game_id, "vote_post_closed", user_id=None,
                                                 detail={"post": post_id})
