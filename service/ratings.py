"""Ratings per server, recomputed from the finished games (issue 35): pure, no store.

The library is openskill (Weng-Lin Bayesian rating, the Plackett-Luce model), not trueskill:
- it is maintained (releases through 2025-26; trueskill's last release is from 2018) and
  MIT-licensed, with type hints (py.typed) that our strict mypy reads;
- Plackett-Luce is made for free-for-all games of several players: one `rate` call takes
  the whole table's ranks, ties included (equal ranks), which is what an Autobahn game of 2
  to 4 players ends with, while trueskill's multiplayer update is an approximation built
  for teams;
- every rating carries its uncertainty (mu, sigma), which `/stats` shows.

How a game counts:
- only finished games (not abandoned, not imported: a record brought in by `/import` was
  not played here under this server's clock, so it is listed but rates nobody);
- the places are the rules' own ranking (`rules.ranking_key`: points, then the tie-breaks);
  players whose keys are equal share a place, and openskill gets equal ranks for them;
- **computers are left out**: only the human seats are ranked, against each other, in the
  order the game put them (a computer between two humans changes nothing of their order).
  A computer's strength changes with the planner and its budget, so a fixed rating for it
  would be a number we made up; leaving it out keeps every rating a comparison between
  people. A game with fewer than two humans rates nobody (it still counts in a player's
  games and wins); a computer-only game counts nowhere;
- a seat a computer played for a while still counts for its human (the seat is theirs).

Order matters to a Bayesian update, so the games are rated oldest first (by when their last
action was made, then by id): the same stored games always give the same ratings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat at the end of a game."""

    player: str
    points: int
    place: int  # 1 = first; equal places share a number
    human: bool
    departments: Mapping[str, int]  # points per department (the lobby left out)


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game as the ratings and the stats read it."""

    game_id: int
    finished_at: float
    standings: tuple[Standing, ...]
    rated: bool  # False: imported (listed, never rated)

    @property
    def humans(self) -> tuple[Standing, ...]:
        return tuple(s for s in self.standings if s.human)

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(s.player for s in self.standings if s.place == 1)

    @property
    def counts(self) -> bool:
        """Whether the game counts at all: a computer-only game counts nowhere."""
        return bool(self.humans)


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float
    games: int  # the rated games behind it

    @property
    def shown(self) -> float:
        """The conservative figure a leaderboard sorts by: mu - 3 sigma (openskill's
        ordinal), so a player with few games does not lead on one lucky win."""
        return self.mu - 3 * self.sigma


def model() -> PlackettLuce:
    """The one model every rating comes from (openskill's defaults: mu 25, sigma 25/3)."""
    return PlackettLuce()


def places(keys: Mapping[str, tuple[int, ...]]) -> dict[str, int]:
    """Competition places from ranking keys (higher is better): 1, 2, 2, 4."""
    order = sorted(keys, key=lambda p: keys[p], reverse=True)
    found: dict[str, int] = {}
    for i, player in enumerate(order, start=1):
        before = order[i - 2] if i > 1 else None
        found[player] = found[before] if before is not None and keys[before] == keys[
            player] else i
    return found


def rate_all(outcomes: Iterable[Outcome]) -> dict[str, Rating]:
    """Every player's rating after the games, oldest first (see the module's rules)."""
    pl = model()
    current: dict[str, Rating] = {}
    for outcome in sorted(outcomes, key=lambda o: (o.finished_at, o.game_id)):
        humans = outcome.humans
        if not outcome.rated or len(humans) < 2:
            continue
        teams = [[pl.rating(mu=current[s.player].mu, sigma=current[s.player].sigma)
                  if s.player in current else pl.rating()] for s in humans]
        rated = pl.rate(teams, ranks=[float(s.place) for s in humans])
        for standing, (after,) in zip(humans, rated, strict=True):
            games = current[standing.player].games if standing.player in current else 0
            current[standing.player] = Rating(after.mu, after.sigma, games + 1)
    return current


def initial() -> Rating:
    first = model().rating()
    return Rating(first.mu, first.sigma, 0)


def leaderboard(ratings: Mapping[str, Rating], limit: int = 10) -> list[tuple[str, Rating]]:
    """The best `limit` players by the conservative figure, then by mu, then by id."""
    ranked = sorted(ratings.items(), key=lambda kv: (-kv[1].shown, -kv[1].mu, kv[0]))
    return ranked[:limit]


def median(values: Sequence[int]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return float(ordered[middle])
    return (ordered[middle - 1] + ordered[middle]) / 2
