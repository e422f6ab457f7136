"""Rematch (issue 35, item 3): the final card offers it to the players; once every person
who played pressed it, a new game opens at the same place with the same players and
settings, a new seed, and the seats' order rotated by one (who sat second now sits first).

"Enough" is everyone: a rematch is the same table again, so it waits for each person who
played (computer seats come along at their level and need no press). A press is an event
of the finished game ("rematch", by the player), so presses made through any process are
counted together, and a second press is no second vote. Each press is one edit of the
finished game under its lock (`GameRepository.edit`), so the press that completes the set
is exactly one, whichever process takes it: it claims the opening, opens and deals the new
game, and records its id; a press after that answers with that game.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from store import EventNote, GameEdit

from .errors import NotAPlayer, ServiceError
from .game_settings import CREATE_SETTINGS
from .progress import solo_level
from .repository import GameRepository, Place
from .results import StartResult, Table
from .seat_settings import computer_seats
from .validation import game_id as checked_game_id
from .validation import player_id

if TYPE_CHECKING:
    from .lobby import Lobby

PRESSED, OPENED = "rematch", "rematch_opened"  # the finished game's events
KEY = "rematch"  # the finished game's setting: who pressed, the claim, the new game's id
CLAIM_S = 120.0  # a claim whose process died lapses: the next press opens the game


class RematchNotOver(ServiceError):
    """A rematch is offered once the game is over."""

    code = "pace.rematch.not_over"


@dataclass(frozen=True, slots=True)
class RematchResult:
    game: Table  # the finished game
    pressed: tuple[str, ...]  # who wants the rematch, in the order they pressed
    waiting: tuple[str, ...]  # who has not pressed yet
    opened: StartResult | None  # the new game, when this press completed the set
    already: Table | None = None  # the new game, when it was opened before this press


def humans(game: Table) -> tuple[str, ...]:
    computers = set(computer_seats(game.settings))
    return tuple(p for p in game.player_ids if p not in computers)


def rotated(order: tuple[str, ...]) -> tuple[str, ...]:
    return order[1:] + order[:1] if order else order


class Rematch:
    def __init__(self, repo: GameRepository, lobby: Lobby) -> None:
        self.repo = repo
        self.lobby = lobby

    async def press_rematch(self, game_id: int, user_id: str) -> RematchResult:
        """`user_id` wants a rematch of the finished `game_id`. Raises NotAPlayer (only
        the people who played it press), RematchNotOver."""
        player_id(user_id)
        token = secrets.token_hex(8)
        now = self.repo.clock()

        def decide(game: Table) -> GameEdit:
            if game.status != "finished":
                raise RematchNotOver(game=game.id)
            people = humans(game)
            if user_id not in people:
                raise NotAPlayer(player=user_id, game=game.id)
            state = dict(game.settings.get(KEY) or {})
            pressed = list(state.get("pressed") or [])
            events: list[EventNote] = []
            if user_id not in pressed:
                pressed.append(user_id)
                events.append(EventNote(PRESSED, user_id, {}))
            state["pressed"] = pressed
            complete = all(p in pressed for p in people)
            if complete and state.get("game") is None and float(
                    state.get("claimed_until") or 0) <= now:
                # This press completes the set: it, and no other, opens the new game (a
                # claim that lapses if its process dies before the game is open).
                state["claim"], state["claimed_until"] = token, now + CLAIM_S
            if not events and state == game.settings.get(KEY):
                return GameEdit()  # nothing new: a repeated press writes nothing
            return GameEdit(settings={**game.settings, KEY: state}, events=events)

        game = await self.repo.edit(checked_game_id(game_id), decide, user_id)
        state = game.settings.get(KEY) or {}
        people = humans(game)
        pressed = tuple(p for p in state.get("pressed") or () if p in people)
        waiting = tuple(p for p in people if p not in pressed)
        if state.get("game") is not None:
            return RematchResult(game, pressed, (), None,
                                 await self.repo.game(int(state["game"])))
        if state.get("claim") != token:
            return RematchResult(game, pressed, waiting, None)
        started = await self._open(game)

        def opened(now_game: Table) -> GameEdit:
            done = {**(now_game.settings.get(KEY) or {}), "game": started.game.id}
            return GameEdit(settings={**now_game.settings, KEY: done},
                            events=[EventNote(OPENED, user_id, {"game": started.game.id})])

        game = await self.repo.edit(game.id, opened, user_id)
        return RematchResult(game, pressed, (), started)

    async def _open(self, game: Table) -> StartResult:
        """The same table again: players rotated (computers keep the last seats), the
        same settings that a table chooses, a new seed; dealt at once."""
        names = {p.user_id: p.display_name for p in game.players}
        order = rotated(humans(game))
        computers = computer_seats(game.settings)
        settings: dict[str, Any] = {k: v for k, v in game.settings.items()
                                    if k in CREATE_SETTINGS}
        level = solo_level(game.settings)
        host = order[0]
        new = await self.lobby.create_game(
            Place(game.guild_id, game.channel_id, game.thread_id), host, names[host],
            seats=len(game.player_ids), language=game.language, settings=settings,
            solo_level=level, players=[(p, names[p]) for p in order[1:]],
            exclusive=True, bots=len(computers),
            bot_level=next(iter(computers.values()), None))
        return await self.lobby.start(new.id, host)
