"""Handing a stalled seat to a computer (issue 16): `/game replace player:@x`.

The host, or the player themselves, hand the seat over at once. Any other player who
plays their own seat opens a vote of the **remaining players** — the humans playing their
own seats, the stalled one left out — recorded as events like an abandon vote: a
"replace_request" (the seat, the level, the moves made so far) whose asker counts as a
yes, then one "replace_vote" per answer (a voter's latest answer counts). A majority of
the remaining players (more than half: 1 of 1, 2 of 2, 2 of 3) hands the seat over; enough
noes that a majority cannot be reached any more refuse the vote. It also ends when the
stalled player moves after all (they were not gone), when the seat was handed over
meanwhile (by the host), or with the game. One vote at a time: asking again for the same
seat is a yes to it; for another seat, the asker is told which vote is open.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from store import Event

from .abandon import majority
from .errors import NotAPlayer, ServiceError
from .results import Table
from .seat_history import REPLACED
from .seat_settings import checked_level, computer_level, computer_seats, replaced_seats
from .stalls import Stalls
from .validation import flag, integer, optional_integer, player_id
from .validation import game_id as checked_game_id
from .votes import answer, ask, is_answer

if TYPE_CHECKING:
    from .computer import Computers
    from .repository import GameRepository


class ReplaceVoteOpen(ServiceError):
    code = "computer.vote_open"  # params: player (whose seat the open vote is about)


class NoReplaceRequest(ServiceError):
    code = "computer.no_vote"


class NotAVoter(ServiceError):
    code = "computer.not_voter"  # params: player


class OwnSeat(ServiceError):
    """The stalled player answered the vote on their own seat: the others decide it (and
    their own next move ends it)."""

    code = "computer.own_seat"  # params: player


class AlreadyReplaced(ServiceError):
    code = "computer.already_replaced"  # params: player


@dataclass(frozen=True, slots=True)
class ReplaceResult:
    """What `/game replace` or an answer did: `replaced` — the computer plays the seat now;
    otherwise the vote `request` is open (`opened`: by this call) or `refused`."""

    game: Table
    by: str
    player: str  # the seat
    level: str
    replaced: bool
    request: int | None = None
    opened: bool = False
    refused: bool = False
    needed: int = 0
    yes: tuple[str, ...] = ()
    no: tuple[str, ...] = ()
    waiting: tuple[str, ...] = ()


def voters(game: Table, player: str) -> tuple[str, ...]:
    """The remaining players of a vote on `player`'s seat: the humans playing their own."""
    return tuple(p for p in game.player_ids
                 if p != player and computer_level(game.settings, p) is None)


@dataclass(slots=True)
class _Vote:
    requests: list[Event]
    answers: dict[str, bool] = field(default_factory=dict)
    closed: bool = False

    @property
    def first(self) -> Event:
        return self.requests[0]

    @property
    def player(self) -> str:
        return str(self.first.detail.get("player"))

    @property
    def ids(self) -> set[int]:
        return {r.id for r in self.requests}

    @property
    def askers(self) -> set[str | None]:
        return {r.user_id for r in self.requests}


def _votes(game: Table, events: Sequence[Event]) -> list[_Vote]:
    """The replace votes in order; only the last can still be open. Requests made for the
    same seat while its vote is open join it, so two players asking at once is one vote."""
    votes: list[_Vote] = []
    for e in events:
        current = votes[-1] if votes and not votes[-1].closed else None
        if e.kind == "replace_request":
            if current is None:
                current = _Vote([])
                votes.append(current)
            elif current.player != str(e.detail.get("player")):
                continue  # asked for another seat at the same moment: the open vote stands
            current.requests.append(e)
            current.answers[str(e.user_id)] = True
        elif current is not None and is_answer(e, "replace", current.ids):
            if e.user_id not in current.askers:
                current.answers[str(e.user_id)] = bool(e.detail.get("accept"))
        elif current is not None and e.kind == REPLACED and (
                e.detail.get("player") == current.player):
            current.closed = True  # handed over (by this vote, or by the host meanwhile)
            continue
        else:
            continue
        if _refused(game, current):
            current.closed = True
    return votes


def _tally(game: Table, vote: _Vote) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """(yes, no, needed), counting only the remaining players as they are now."""
    counted = voters(game, vote.player)
    yes = tuple(p for p in counted if vote.answers.get(p) is True)
    no = tuple(p for p in counted if vote.answers.get(p) is False)
    return yes, no, majority(len(counted))


def _refused(game: Table, vote: _Vote) -> bool:
    _, no, needed = _tally(game, vote)
    return len(voters(game, vote.player)) - len(no) < needed


class SeatVotes:
    def __init__(self, repo: GameRepository, computers: Computers) -> None:
        self.repo = repo
        self.computers = computers

    async def replace(self, game_id: int, by_user: str, player: str,
                      level: str | None = None, at_move: int | None = None) -> ReplaceResult:
        """Hand `player`'s seat to a computer of `level`: at once by the host or the player
        themselves, else open the vote (or say yes to the open one). `at_move`: the press
        of a stall notice, which announced the stall at that move count; a stall that has
        ended since changes nothing (StallEnded, service.stalls).

        Raises UnknownGame, the status errors, NotAPlayer (either is not seated, or the
        seat is a computer's), AlreadyReplaced, NotAVoter (a computer plays the asker's
        own seat), ReplaceVoteOpen (a vote on another seat is open)."""
        level = checked_level(level)
        checked_game_id(game_id)
        player_id(by_user)
        player_id(player)
        game = await self.repo.game(game_id)
        self.repo.require_running(game)
        self.repo.require_member(game, player)
        self.repo.require_member(game, by_user)
        if player in computer_seats(game.settings):
            raise NotAPlayer(player=player, game=game_id)
        if at_move is not None:
            await Stalls(self.repo).require_stall(
                game, player, integer(at_move, "at_move"))
        if by_user in (self.repo.host_of(game), player):
            game = await self.computers.hand_over(game, player, level, by_user,
                                                  stalled_at=at_move)
            return ReplaceResult(game, by_user, player, level, True)
        if player in replaced_seats(game.settings):
            raise AlreadyReplaced(player=self.repo.name(game, player))
        if by_user not in voters(game, player):
            raise NotAVoter(player=self.repo.name(game, by_user))
        vote = await self._open(game)
        if vote is not None:
            if vote.player != player:
                raise ReplaceVoteOpen(player=self.repo.name(game, vote.player))
            if by_user in vote.askers or vote.answers.get(by_user) is True:
                return await self._result(game, vote.first.id, by_user)
            return await self.vote_replace(game_id, by_user, True, request=vote.first.id)
        event = await ask(self.repo, game, "replace", by_user,
                          {"player": player, "level": level, "at": game.action_count})
        return await self._result(game, event.id, by_user, opened=True)

    async def pending_replace(self, game_id: int) -> Event | None:
        """The open vote on handing a seat to a computer (its first request), if any."""
        game = await self.repo.game(game_id)
        vote = await self._open(game)
        return vote.first if vote else None

    async def open_replace_requests(self, game_id: int) -> set[int]:
        """The request ids of the open vote (its posts keep their buttons)."""
        vote = await self._open(await self.repo.game(game_id))
        return vote.ids if vote else set()

    async def lapsed_requests(self, game_id: int) -> dict[int, str]:
        """The request ids of the last vote, if the stalled player's own move ended it
        (request id -> that player): its post says so when its buttons go."""
        game = await self.repo.game(game_id)
        votes = _votes(game, await self._events(game))
        if not votes or votes[-1].closed or not await self._lapsed(game, votes[-1]):
            return {}
        return dict.fromkeys(votes[-1].ids, votes[-1].player)

    async def vote_replace(self, game_id: int, user_id: str, accept: bool, *,
                           request: int | None = None) -> ReplaceResult:
        """Answer the open vote (`request`: the one the buttons were for); the answer that
        makes the majority hands the seat over.

        Raises NoReplaceRequest (none open, or not that one), OwnRequest (an asker),
        OwnSeat (the stalled player), NotAVoter (one whose seat a computer plays), and
        the status errors."""
        checked_game_id(game_id)
        player_id(user_id)
        flag(accept, "accept")
        optional_integer(request, "request", 1)
        game = await self.repo.game(game_id)
        self.repo.require_running(game)
        self.repo.require_member(game, user_id)
        vote = await self._open(game)
        if vote is None or (request is not None and request not in vote.ids):
            raise NoReplaceRequest()
        if user_id == vote.player:
            raise OwnSeat(player=self.repo.name(game, user_id))
        if user_id not in voters(game, vote.player):
            raise NotAVoter(player=self.repo.name(game, user_id))
        await answer(self.repo, game, "replace", vote.first.id, user_id, accept,
                     askers=vote.askers)
        return await self._result(game, vote.first.id, user_id)

    async def _events(self, game: Table) -> list[Event]:
        with self.repo.translated(game.id):
            return await self.repo.store.list_events(game.id)

    async def _open(self, game: Table) -> _Vote | None:
        if game.status != "running":
            return None
        votes = _votes(game, await self._events(game))
        if not votes or votes[-1].closed:
            return None
        vote = votes[-1]
        if await self._lapsed(game, vote):
            return None
        return vote

    async def _lapsed(self, game: Table, vote: _Vote) -> bool:
        """The stalled player moved since the vote was asked for: they are not gone."""
        at = int(vote.first.detail.get("at", 0))
        if game.action_count <= at:
            return False
        with self.repo.translated(game.id):
            since = await self.repo.store.read_log(game.id, at + 1)
        return any(a.player_id == vote.player for a in since)

    async def _result(self, game: Table, request: int, by_user: str, *,
                      opened: bool = False) -> ReplaceResult:
        game = await self.repo.game(game.id)
        vote = next((v for v in _votes(game, await self._events(game)) if request in v.ids),
                    None)
        if vote is None:
            raise NoReplaceRequest()
        level = str(vote.first.detail.get("level"))
        yes, no, needed = _tally(game, vote)
        if len(yes) >= needed and not vote.closed:
            game = await self.computers.hand_over(game, vote.player, level, by_user,
                                                  request=vote.first.id)
            return ReplaceResult(game, by_user, vote.player, level, True, vote.first.id,
                                 opened, False, needed, yes, no)
        replaced = vote.player in replaced_seats(game.settings)
        refused = vote.closed and not replaced
        waiting = () if vote.closed else tuple(
            p for p in voters(game, vote.player) if p not in vote.answers)
        return ReplaceResult(game, by_user, vote.player, level, replaced, vote.first.id,
                             opened, refused, needed, yes, no, waiting)
