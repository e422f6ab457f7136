"""Ending a game early: the host or a server admin at once, anyone else by a vote.

`/game abandon` by the host, or by a server admin (`is_admin=True`: the adapter checked
the platform's permissions; the service records who it was), ends the game at once.

By any other seated player it opens a vote, recorded as events like an undo request: an
"abandon_request" by the asker, who counts as a yes, then one "abandon_vote" per answer
(a player's latest answer counts). The game is abandoned as soon as a **majority of the
seated players** (more than half, the asker included: 2 of 2, 2 of 3, 3 of 4) said yes.
A majority rather than all the others, because the usual reason to abandon is a player
who stopped playing, and their consent will not come. The vote is refused, and closed,
once enough players said no that a majority cannot be reached any more. Unlike an undo
request it does not lapse when a move is made (moves change nothing it is about); it
ends with the game, or when refused. One vote at a time: `/game abandon` while one is open
counts as a yes to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from store import Event, Game

from .core import ServiceCore, _status_error
from .errors import NoAbandonRequest, NotAPlayer
from .results import AbandonResult

ACTIVE = ("lobby", "running")


@dataclass(frozen=True, slots=True)
class _Tally:
    answers: dict[str, bool]
    needed: int
    refused: bool

    def of(self, accept: bool) -> tuple[str, ...]:
        return tuple(p for p, a in self.answers.items() if a is accept)


def majority(seats: int) -> int:
    """Yes votes that abandon a game of `seats` players: more than half."""
    return seats // 2 + 1


class AbandonMixin(ServiceCore):
    async def abandon(self, game_id: int, by_user: str, *,
                      is_admin: bool = False) -> AbandonResult:
        """End the game (host, or `is_admin`), or open a vote / say yes to the open one.

        Raises UnknownGame, GameOver (already ended), NotAPlayer (neither host nor admin
        nor seated).
        """
        game = await self._game(game_id)
        if game.status not in ACTIVE:
            raise _status_error(game_id, game.status)
        if by_user == game.host_id or is_admin:
            reason = ("abandoned by the host" if by_user == game.host_id
                      else "abandoned by a server admin")
            return AbandonResult(await self._end(game, by_user, reason), by_user, True)
        self._require_member(game, by_user)
        request = await self.pending_abandon(game_id)
        if request is not None:
            if request.user_id == by_user:
                return await self._result(game, request, by_user)
            return await self.vote_abandon(game_id, by_user, True, request=request.id)
        with self._translated(game_id):
            event = await self.store.record_event(
                game_id, "abandon_request", user_id=by_user,
                detail={"seats": len(game.players), "needed": majority(len(game.players))})
        return await self._result(game, event, by_user, opened=True)

    async def pending_abandon(self, game_id: int) -> Event | None:
        """The abandon vote still open: the latest request, unless refused (or the game
        has ended)."""
        game = await self._game(game_id)
        if game.status not in ACTIVE:
            return None
        with self._translated(game_id):
            events = await self.store.list_events(game_id)
        requests = [e for e in events if e.kind == "abandon_request"]
        if not requests or _tally(game, events, requests[-1]).refused:
            return None
        return requests[-1]

    async def vote_abandon(self, game_id: int, user_id: str, accept: bool, *,
                           request: int | None = None) -> AbandonResult:
        """Answer the open abandon vote (`request`: the one the buttons were for). The
        answer that makes the majority abandons the game.

        Raises NoAbandonRequest (none open, or not that one), NotAPlayer (not seated, or
        the asker, whose yes is counted already), and the status errors.
        """
        game = await self._game(game_id)
        if game.status not in ACTIVE:
            raise _status_error(game_id, game.status)
        self._require_member(game, user_id)
        pending = await self.pending_abandon(game_id)
        if pending is None or (request is not None and pending.id != request):
            raise NoAbandonRequest()
        if pending.user_id == user_id:
            raise NotAPlayer(player=user_id, game=game_id)  # the asker does not vote
        with self._translated(game_id):
            await self.store.record_event(game_id, "abandon_vote", user_id=user_id,
                                          detail={"request": pending.id, "accept": accept})
        return await self._result(game, pending, user_id)

    async def _result(self, game: Game, request: Event, by_user: str, *,
                      opened: bool = False) -> AbandonResult:
        with self._translated(game.id):
            events = await self.store.list_events(game.id)
        tally = _tally(game, events, request)
        yes = tally.of(True)
        if len(yes) >= tally.needed:
            names = ", ".join(self.name(game, p) for p in yes)
            game = await self._end(game, str(request.user_id),
                                   f"abandoned by a vote of the players ({names})")
            return AbandonResult(game, by_user, True, request.id, opened, False, tally.needed,
                                 yes, tally.of(False))
        waiting = tuple(p for p in game.player_ids if p not in tally.answers)
        return AbandonResult(game, by_user, False, request.id, opened, tally.refused,
                             tally.needed, yes, tally.of(False), waiting)

    async def _end(self, game: Game, by_user: str, reason: str) -> Game:
        with self._translated(game.id):
            ended = await self.store.set_status(game.id, "abandoned", by_user=by_user,
                                                reason=reason)
        self._forget(game.id)
        return ended


def _tally(game: Game, events: Sequence[Event], request: Event) -> _Tally:
    """The answers to `request` in order, stopping where it became refused (a refused vote
    stays closed even if someone changes their mind later)."""
    seated = set(game.player_ids)
    needed = majority(len(seated))
    answers: dict[str, bool] = {str(request.user_id): True}
    for e in events:
        if (e.kind != "abandon_vote" or e.detail.get("request") != request.id
                or e.user_id not in seated or e.user_id == request.user_id):
            continue
        answers[str(e.user_id)] = bool(e.detail.get("accept"))
        if len(seated) - sum(not a for a in answers.values()) < needed:
            return _Tally(answers, needed, True)
    return _Tally(answers, needed, False)
