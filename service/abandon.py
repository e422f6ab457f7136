"""Ending a game early: the host or a server admin at once, anyone else by a vote.

`/game abandon` by the host, or by a server admin (`is_admin=True`: the adapter checked
the platform's permissions; the service records who it was), ends the game at once.

By any other seated player it opens a vote, recorded as events like an undo request: an
"abandon_request" by the asker, who counts as a yes, then one "abandon_vote" per answer
(a player's latest answer counts). The game is abandoned as soon as a **majority of the
seated players** (more than half, the asker included: 2 of 2, 2 of 3, 3 of 4) said yes.
Computer seats have no say (they cannot answer, and counting them would make a table of
humans and bots unable ever to reach a majority); a human whose seat a computer plays for
now is still at the table and votes.
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

from store import Event

from .errors import GameOver, NoAbandonRequest
from .repository import GameRepository, status_error
from .results import AbandonResult, Table
from .seat_settings import computer_seats
from .validation import flag, optional_integer, player_id
from .validation import game_id as checked_game_id
from .votes import answer, ask, is_answer

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


class Abandon:
    def __init__(self, repo: GameRepository) -> None:
        self.repo = repo

    async def abandon(self, game_id: int, by_user: str, *,
                      is_admin: bool = False) -> AbandonResult:
        """End the game (host, or `is_admin`), or open a vote / say yes to the open one.

        Raises UnknownGame, GameOver (already ended), NotAPlayer (neither host nor admin
        nor seated).
        """
        checked_game_id(game_id)
        player_id(by_user)
        flag(is_admin, "is_admin")
        game = await self.repo.game(game_id)
        if game.status not in ACTIVE:
            raise status_error(game_id, game.status)
        if by_user == self.repo.host_of(game) or is_admin:
            reason = ("abandoned by the host" if by_user == self.repo.host_of(game)
                      else "abandoned by a server admin")
            return AbandonResult(await self._end(game, by_user, reason), by_user, True)
        self.repo.require_member(game, by_user)
        request = await self.pending_abandon(game_id)
        if request is not None:
            if request.user_id == by_user:
                return await self._result(game, request, by_user)
            return await self.vote_abandon(game_id, by_user, True, request=request.id)
        event = await ask(self.repo, game, "abandon", by_user,
                          {"seats": len(game.players), "needed": majority(len(game.players))})
        # Another player may have asked at the same moment: both requests are one vote.
        return await self._result(game, event, by_user, opened=True)

    async def pending_abandon(self, game_id: int) -> Event | None:
        """The abandon vote still open (its first request), unless refused or the game
        has ended."""
        game = await self.repo.game(game_id)
        if game.status not in ACTIVE:
            return None
        with self.repo.translated(game_id):
            events = await self.repo.store.list_events(game_id)
        vote = _open_vote(game, events)
        return vote[0] if vote else None

    async def vote_abandon(self, game_id: int, user_id: str, accept: bool, *,
                           request: int | None = None) -> AbandonResult:
        """Answer the open abandon vote (`request`: the one the buttons were for). The
        answer that makes the majority abandons the game.

        Raises NoAbandonRequest (none open, or not that one), OwnRequest (the asker,
        whose yes is counted already), NotAPlayer (not seated), and the status errors.
        """
        checked_game_id(game_id)
        player_id(user_id)
        flag(accept, "accept")
        optional_integer(request, "request", 1)
        game = await self.repo.game(game_id)
        if game.status not in ACTIVE:
            raise status_error(game_id, game.status)
        self.repo.require_member(game, user_id)
        with self.repo.translated(game_id):
            vote = _open_vote(game, await self.repo.store.list_events(game_id))
        if vote is None or (request is not None and request not in {r.id for r in vote[1]}):
            raise NoAbandonRequest()
        first, requests, _ = vote
        await answer(self.repo, game, "abandon", first.id, user_id, accept,
                     askers={r.user_id for r in requests})
        return await self._result(game, first, user_id)

    async def _result(self, game: Table, request: Event, by_user: str, *,
                      opened: bool = False) -> AbandonResult:
        with self.repo.translated(game.id):
            events = await self.repo.store.list_events(game.id)
        vote = next(v for v in _votes(game, events) if request.id in v.ids)
        first, tally = vote.requests[0], _tally(game, vote)
        yes = tally.of(True)
        if len(yes) >= tally.needed:
            names = ", ".join(self.repo.name(game, p) for p in yes)
            try:
                game = await self._end(game, str(first.user_id),
                                       f"abandoned by a vote of the players ({names})")
                announce = True
            except GameOver:
                # A concurrent last yes ended it a moment earlier: ended by the same vote
                # this one belongs to, so the answer is the same; that call announces it.
                game, announce = await self.repo.game(game.id), False
                if game.status != "abandoned":
                    raise
            return AbandonResult(game, by_user, True, first.id, opened, False, tally.needed,
                                 yes, tally.of(False), announce=announce)
        waiting = tuple(p for p in voters(game) if p not in tally.answers)
        return AbandonResult(game, by_user, False, first.id, opened, tally.refused,
                             tally.needed, yes, tally.of(False), waiting)

    async def _end(self, game: Table, by_user: str, reason: str) -> Table:
        with self.repo.translated(game.id):
            ended = Table.of(await self.repo.store.set_status(game.id, "abandoned", by_user=by_user,
                                                reason=reason))
        self.repo.forget(game.id)
        return ended


@dataclass(slots=True)
class _Vote:
    requests: list[Event]
    answers: dict[str, bool]
    refused: bool = False

    @property
    def ids(self) -> set[int]:
        return {r.id for r in self.requests}


def _votes(game: Table, events: Sequence[Event]) -> list[_Vote]:
    """The abandon votes of the game in order; only the last can still be open.

    One vote at a time, but two players may ask at the same moment: every request made
    while a vote is open joins it (its asker says yes), and answers to any of its
    requests count, so no yes is lost. Enough noes to make a majority impossible refuse
    the vote and close it for good; a later request opens a new one. Only seated players
    count: one who left the lobby neither asks nor answers any more."""
    seated = set(voters(game))
    needed = majority(len(seated))
    votes: list[_Vote] = []
    for e in events:
        current = votes[-1] if votes and not votes[-1].refused else None
        if e.kind == "abandon_request":
            if current is None:
                current = _Vote([], {})
                votes.append(current)
            current.requests.append(e)
            if e.user_id in seated:
                current.answers[str(e.user_id)] = True
        elif (current is not None and is_answer(e, "abandon", current.ids)
              and e.user_id in seated
              and e.user_id not in {r.user_id for r in current.requests}):
            current.answers[str(e.user_id)] = bool(e.detail.get("accept"))
        else:
            continue
        assert current is not None
        if len(seated) - sum(not a for a in current.answers.values()) < needed:
            current.refused = True
    return votes


def voters(game: Table) -> tuple[str, ...]:
    """Who has a say in abandoning: the seated players but the computer seats."""
    bots = computer_seats(game.settings)
    return tuple(p for p in game.player_ids if p not in bots)


def _tally(game: Table, vote: _Vote) -> _Tally:
    return _Tally(vote.answers, majority(len(voters(game))), vote.refused)


def _open_vote(game: Table, events: Sequence[Event]) -> tuple[Event, list[Event], _Tally] | None:
    """The vote still open: (its first request, all its requests, the tally), else None."""
    votes = _votes(game, events)
    if not votes or votes[-1].refused:
        return None
    return votes[-1].requests[0], votes[-1].requests, _tally(game, votes[-1])
