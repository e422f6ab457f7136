"""Where games live, and which game a command in a place means.

The model (README, "One game per channel or thread"): a game's place is its thread when
it has one, else its channel. A place holds at most one *open* game (lobby or running):
`create_game(exclusive=True)` refuses a second one with GameHere. The check here names the
open game; the database's constraint (migration 006) makes the rule hold across processes,
and a creation that loses that race is refused with the same GameHere. Ended games stay
at their place, so a look at the place (`game_to_look_at`) still finds the latest of them
once nothing is open there. Games in threads of a channel are not the channel's own; `game_here` in
the channel names such a game only when it is the one open there, so the adapter can
point to its thread.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from store import GameStatus

from .errors import GameHere, NoGameHere, SeveralGamesHere
from .repository import GameRepository, Place
from .results import Table, tables
from .validation import flag, player_id
from .validation import place as checked_place

OPEN: tuple[GameStatus, ...] = ("lobby", "running")
ALL: tuple[GameStatus, ...] = ("lobby", "running", "finished", "abandoned")


def home(game: Table) -> int | None:
    """The place a game is played in: its thread, else its channel."""
    return game.thread_id if game.thread_id is not None else game.channel_id


class Places:
    def __init__(self, repo: GameRepository) -> None:
        self.repo = repo
        self._locks: dict[int | None, asyncio.Lock] = {}

    @contextlib.asynccontextmanager
    async def lock(self, place: Place, exclusive: bool) -> AsyncIterator[None]:
        """Held while a game is created at `place`; with `exclusive`, refuses the creation
        when an open game is there already."""
        if not exclusive:
            yield
            return
        lock = self._locks.setdefault(place.where, asyncio.Lock())
        async with lock:
            found = await self.games_here(place)
            if found:
                raise GameHere(game=found[0].id)
            yield

    async def games_here(self, place: Any, *, active: bool = True) -> list[Table]:
        """The games whose own place is `place` (not those of its threads), oldest first;
        `active`: only the open ones."""
        checked_place(place)
        if place.where is None:
            return []
        statuses = OPEN if flag(active, "active") else ALL
        games = tables(await self.repo.store.games_in_channel(place.where, statuses))
        return [g for g in games if home(g) == place.where]

    async def game_here(self, place: Any, user_id: str | None = None) -> Table:
        """The open game of `place`; NoGameHere or SeveralGamesHere otherwise.

        Several can only be left from before one game per place was the rule: then the
        one `user_id` is seated in, when that is a single one. In a channel with no game
        of its own, the one open game of its threads (the adapter points there)."""
        if user_id is not None:
            player_id(user_id)
        games = await self.games_here(place)
        if len(games) > 1 and user_id is not None:
            mine = [g for g in games if user_id in g.player_ids]
            games = mine if len(mine) == 1 else games
        if len(games) > 1:
            raise SeveralGamesHere(games=", ".join(f"#{g.id}" for g in games))
        if games:
            return games[0]
        if place.where is not None and place.thread_id is None:
            threads = tables(await self.repo.store.games_in_channel(place.where, OPEN))
            if len(threads) == 1:
                return threads[0]
        raise NoGameHere()

    async def game_to_look_at(self, place: Any, user_id: str | None = None) -> Table:
        """For looking (status, log, board, export, replay): the open game of `place`,
        else the game that ended there last."""
        try:
            return await self.game_here(place, user_id)
        except NoGameHere:
            ended = await self.games_here(place, active=False)
            if not ended:
                raise
            return ended[-1]

    async def games_of(self, user_id: str, *, ended: bool = True) -> list[Table]:
        """The games `user_id` is seated in, oldest first; `ended`: finished and abandoned
        ones too (a finished game stays listed)."""
        player_id(user_id)
        statuses = ALL if flag(ended, "ended") else OPEN
        return tables(await self.repo.store.games_of_player(user_id, statuses))
