"""A server's memory (issue 35): its finished games, each player's stats, the leaderboard.

Everything is derived from the stored games each time it is asked (the log is the truth,
snapshots its checked cache: `GameRepository.state` rebuilds a state from the log when its
snapshot does not match), so an undo, an abandoned game or an import changes the figures
only as `service.ratings` says. A game's outcome is kept in memory by (game, version):
a finished game never changes, so asking again reads nothing but the list of games.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import rules

from .errors import ServiceError
from .ratings import Outcome, Rating, Standing, initial, leaderboard, median, places, rate_all
from .repository import GameRepository, Place
from .results import Table
from .seat_settings import computer_seats
from .validation import display_name, integer
from .validation import place as checked_place

HISTORY_PAGE = 10  # games a /game history page lists
LEADERS = 10  # players a leaderboard shows
OUTCOME_CACHE = 4096


class NoSuchPlayer(ServiceError):
    """Nobody of that name or id played a finished game on this server."""

    code = "pace.stats.unknown_player"


@dataclass(frozen=True, slots=True)
class Versus:
    """Head-to-head: the games two players finished together, and who placed ahead."""

    other: str
    name: str
    games: int
    ahead: int
    behind: int
    level: int


@dataclass(frozen=True, slots=True)
class PlayerStats:
    player: str
    name: str
    games: int
    wins: int
    rating: Rating  # `initial()` with games 0 before any rated game
    favourite: str | None  # the department that brought the most points over the games
    median_points: float | None
    versus: Versus | None


@dataclass(frozen=True, slots=True)
class Leader:
    player: str
    name: str
    rating: Rating
    wins: int


@dataclass(frozen=True, slots=True)
class ServerStats:
    games: int  # finished games that count (a human seated)
    players: int  # people who finished one
    leaders: tuple[Leader, ...]


@dataclass(frozen=True, slots=True)
class PastGame:
    game: Table
    finished_at: float
    winners: tuple[str, ...]
    points: dict[str, int]
    rated: bool


@dataclass(frozen=True, slots=True)
class HistoryPage:
    games: tuple[PastGame, ...]
    page: int  # 1-based
    pages: int
    total: int


class History:
    def __init__(self, repo: GameRepository) -> None:
        self.repo = repo
        self._outcomes: dict[tuple[int, int], Outcome] = {}

    # -- outcomes ---------------------------------------------------------------------------

    async def outcome(self, game: Table) -> Outcome:
        """The end of a finished game: each seat's points, place and departments."""
        key = (game.id, game.version)
        known = self._outcomes.get(key)
        if known is not None:
            return known
        state = await self.repo.state(game)
        edition = rules.edition_of(state)
        computers = set(computer_seats(game.settings))
        bot = rules.autobot_seat(state)
        keys = {pid: rules.ranking_key(state, edition, pid) for pid in state.order}
        placed = places(keys)
        standings = []
        for pid in state.order:
            parts = rules.score_breakdown(state, edition, pid)
            standings.append(Standing(
                pid, sum(parts.values()), placed[pid],
                pid not in computers and pid != bot and pid in game.player_ids,
                {d: p for d, p in parts.items() if d != "lobby"}))
        finished = game.updated_at
        if game.action_count:
            with self.repo.translated(game.id):
                last = await self.repo.store.read_log(game.id, game.action_count, limit=1)
            if last:
                finished = last[0].created_at
        found = Outcome(game.id, finished, tuple(standings),
                        rated=not game.settings.get("imported"))
        if len(self._outcomes) >= OUTCOME_CACHE:
            self._outcomes.pop(next(iter(self._outcomes)))
        self._outcomes[key] = found
        return found

    async def _finished(self, place: Any) -> list[tuple[Table, Outcome]]:
        """The server's finished games that count (a human seated), oldest first."""
        where = checked_place(place)
        guild = where.guild_id if where.guild_id is not None else 0
        with self.repo.translated(0):
            games = [Table.of(g) for g in await self.repo.store.games_in_guild(guild)]
        found = [(g, await self.outcome(g)) for g in games]
        found = [(g, o) for g, o in found if o.counts]
        found.sort(key=lambda pair: (pair[1].finished_at, pair[0].id))
        return found

    @staticmethod
    def _names(finished: Sequence[tuple[Table, Outcome]]) -> dict[str, str]:
        """Each player's display name as of the latest game they finished."""
        names: dict[str, str] = {}
        for game, _ in finished:
            names.update({p.user_id: p.display_name for p in game.players})
        return names

    # -- asked by the adapters -----------------------------------------------------------------

    async def player_stats(self, place: Place, player: str,
                           versus: str | None = None) -> PlayerStats:
        """`player`'s figures on the server of `place`: games, wins, rating, favourite
        department, median points, and head-to-head against `versus`. `player` and
        `versus` are ids or display names. Raises NoSuchPlayer."""
        finished = await self._finished(place)
        names = self._names(finished)
        who = self._who(names, player)
        other = self._who(names, versus) if versus is not None else None
        mine = [(g, o) for g, o in finished if any(s.player == who and s.human
                                                     for s in o.standings)]
        departments: Counter[str] = Counter()
        points: list[int] = []
        wins = 0
        for _, outcome in mine:
            seat = next(s for s in outcome.standings if s.player == who)
            departments.update(seat.departments)
            points.append(seat.points)
            wins += seat.place == 1
        favourite = None
        if departments and max(departments.values()) > 0:
            favourite = max(sorted(departments), key=lambda d: departments[d])
        rating = rate_all(o for _, o in finished).get(who, initial())
        face = None
        if other is not None:
            face = self._versus(mine, who, other, names.get(other, other))
        return PlayerStats(who, names.get(who, who), len(mine), wins, rating, favourite,
                           median(points), face)

    @staticmethod
    def _versus(mine: Sequence[tuple[Table, Outcome]], who: str, other: str,
                name: str) -> Versus:
        games = ahead = behind = level = 0
        for _, outcome in mine:
            seats = {s.player: s for s in outcome.standings}
            if other not in seats or not seats[other].human:
                continue
            games += 1
            mine_place, theirs = seats[who].place, seats[other].place
            ahead += mine_place < theirs
            behind += mine_place > theirs
            level += mine_place == theirs
        return Versus(other, name, games, ahead, behind, level)

    @staticmethod
    def _who(names: dict[str, str], player: str) -> str:
        player = display_name(player, "player")
        if player in names:
            return player
        folded = player.casefold().lstrip("@")
        matches = sorted(pid for pid, name in names.items() if name.casefold() == folded)
        if len(matches) == 1:
            return matches[0]
        raise NoSuchPlayer(player=player)

    async def server_stats(self, place: Place) -> ServerStats:
        """The leaderboard of the server of `place`: the best rated players."""
        finished = await self._finished(place)
        names = self._names(finished)
        ratings = rate_all(o for _, o in finished)
        wins: Counter[str] = Counter(w for _, o in finished for w in o.winners
                                     if any(s.player == w and s.human for s in o.standings))
        people = {s.player for _, o in finished for s in o.humans}
        leaders = tuple(Leader(pid, names.get(pid, pid), rating, wins[pid])
                        for pid, rating in leaderboard(ratings, LEADERS))
        return ServerStats(len(finished), len(people), leaders)

    async def game_history(self, place: Place, page: int | None = None) -> HistoryPage:
        """The server's finished games, newest first, a page at a time (the latest page
        is the first: page 1 holds the newest games)."""
        if page is not None:
            page = integer(page, "page", 1, 1_000_000)
        finished = list(reversed(await self._finished(place)))
        pages = max(1, -(-len(finished) // HISTORY_PAGE))
        number = min(page or 1, pages)
        shown = finished[(number - 1) * HISTORY_PAGE:number * HISTORY_PAGE]
        return HistoryPage(tuple(PastGame(
            g, o.finished_at, o.winners,
            {s.player: s.points for s in o.standings}, o.rated) for g, o in shown),
            number, pages, len(finished))
