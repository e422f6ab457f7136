"""What every part of the service shares: loading a game and its state, names, rendering,
and turning store errors into service errors."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import rules
from rules import State
from rules.changes import map_changes
from store import (
    DuplicateInteractionError,
    Game,
    GameNotFoundError,
    GameStatusError,
    GameStore,
    PlayerError,
    ReminderRequest,
    StaleVersionError,
    StoreBusyError,
)

from .boards import BoardPool, Renderer
from .errors import (
    DuplicateInteraction,
    GameAlreadyStarted,
    GameFull,
    GameNotStarted,
    GameOver,
    NotAPlayer,
    NotHost,
    NotYourTurn,
    SeatTaken,
    StaleVersion,
    StoreBusy,
    UnknownGame,
)
from .reminders import first_reminder
from .replay import initial_state, replay
from .turn_start import TurnStarts, turn_start_state

Clock = Callable[[], float]
STATE_CACHE = 64  # recent games' states kept parsed; a state is a few KB


@dataclass(frozen=True, slots=True)
class Place:
    """Where a game lives: a Discord guild and channel (or thread); the console uses
    guild 0, channel 0 — "local" / "console" (the store keeps these as integers)."""

    guild_id: int | None
    channel_id: int | None
    thread_id: int | None = None

    @property
    def where(self) -> int | None:
        return self.thread_id if self.thread_id is not None else self.channel_id


CONSOLE = Place(0, 0)


class ServiceCore:
    def __init__(self, store: GameStore, *, clock: Clock = time.time,
                 renderer: Renderer | BoardPool | None = None) -> None:
        self.store = store
        self.clock = clock
        self.boards = renderer if isinstance(renderer, BoardPool) else (
            BoardPool(renderer) if renderer is not None else BoardPool())
        # (game id) -> (version, state): saves parsing the snapshot on every command.
        self._states: dict[int, tuple[int, State]] = {}
        self._turn_starts = TurnStarts()

    def close(self) -> None:
        self.boards.close()

    # -- store errors -> service errors ---------------------------------------------------

    @contextlib.contextmanager
    def _translated(self, game_id: int, user_id: str | None = None) -> Iterator[None]:
        try:
            yield
        except GameNotFoundError:
            raise UnknownGame(game=game_id) from None
        except StaleVersionError as err:
            raise StaleVersion(expected=err.expected, actual=err.actual) from None
        except DuplicateInteractionError:
            raise DuplicateInteraction() from None
        except StoreBusyError:
            raise StoreBusy() from None
        except GameStatusError as err:
            raise _status_error(game_id, err.status) from None
        except PlayerError as err:
            if err.reason == "already_joined":
                raise SeatTaken(player=user_id, game=game_id) from None
            if err.reason == "game_full":
                raise GameFull(game=game_id, seats="?") from None
            raise NotAPlayer(player=user_id, game=game_id) from None

    # -- games ------------------------------------------------------------------------------

    async def _game(self, game_id: int) -> Game:
        with self._translated(game_id):
            return await self.store.get_game(game_id)

    @staticmethod
    def names(game: Game) -> dict[str, str]:
        return {p.user_id: p.display_name for p in game.players}

    @classmethod
    def name(cls, game: Game, user_id: str | None) -> str:
        return cls.names(game).get(user_id or "", user_id or "-")

    def _require_running(self, game: Game) -> None:
        if game.status != "running":
            raise _status_error(game.id, game.status)

    def _require_member(self, game: Game, user_id: str) -> None:
        if user_id not in game.player_ids:
            raise NotAPlayer(player=user_id, game=game.id)

    @staticmethod
    def host_of(game: Game) -> str | None:
        """Who acts as host: the one who opened the game while seated; once they left the
        lobby, the player seated longest (the host passes on, it never stays with someone
        outside the game). None for a lobby everybody left."""
        seated = game.player_ids
        if game.host_id in seated:
            return game.host_id
        return seated[0] if seated else None

    def _require_host(self, game: Game, user_id: str) -> None:
        if user_id != self.host_of(game):
            raise NotHost(host=self.name(game, self.host_of(game)))

    def _require_turn(self, game: Game, state: State, user_id: str) -> None:
        current = rules.current_player(state)
        if current != user_id:
            raise NotYourTurn(current=self.name(game, current), player=self.name(game, user_id))

    # -- reminders at a hand-off -----------------------------------------------------------

    async def _reminders_for(self, game: Game, user_id: str) -> list[ReminderRequest]:
        """The schedule to commit with a move that hands the decision to `user_id`:
        nothing when the game's reminders are off."""
        if not game.settings.get("reminders", True):
            return []
        settings = await self.store.get_reminder_settings(user_id, game.id)
        return [first_reminder(user_id, self.clock(), settings)]

    # -- states -----------------------------------------------------------------------------

    async def _state(self, game: Game) -> State:
        """The current state: cached, else the snapshot, else a replay of the log."""
        cached = self._states.get(game.id)
        if cached is not None and cached[0] == game.version:
            return cached[1]
        with self._translated(game.id):
            snap = await self.store.read_snapshot(game.id)
        if snap is not None and snap.seq == game.action_count:
            state = State.from_json(snap.state_json)
        else:
            state = await self._state_at(game, game.action_count)
        self._remember(game.id, game.version, state)
        return state

    async def _state_at(self, game: Game, moves: int) -> State:
        """The state after the first `moves` actions of the log."""
        with self._translated(game.id):
            log = await self.store.read_log(game.id, 1, limit=moves)
        start = initial_state(game.edition_hash, game.player_ids, game.seed)
        return replay(start, ((a.player_id, a.notation) for a in log))

    def _remember(self, game_id: int, version: int, state: State) -> None:
        self._states.pop(game_id, None)
        self._states[game_id] = (version, state)
        while len(self._states) > STATE_CACHE:
            self._states.pop(next(iter(self._states)))

    def _forget(self, game_id: int) -> None:
        self._states.pop(game_id, None)

    async def render(self, state: State, view: str = "full", lang: str = "en", *,
                     game: Game | None = None, before: State | None = None) -> bytes:
        """The board; with `game`, the players' display names on it, never their ids; with
        `before`, what changed on the map since that state marked."""
        names = self.names(game) if game is not None else None
        marks = map_changes(before, state) if before is not None else None
        return await self.boards.render(state, view, lang, names=names, changes=marks)

    async def _turn_start(self, game: Game) -> State:
        """The state the turn going on in `game` (as loaded, before a new move) began with."""
        known = self._turn_starts.get(game.id, game.action_count, game.version)
        if known is not None:
            return known
        with self._translated(game.id):
            log = await self.store.read_log(game.id, 1, limit=game.action_count)
        start = initial_state(game.edition_hash, game.player_ids, game.seed)
        return turn_start_state(start, ((a.player_id, a.notation) for a in log))

    @staticmethod
    def decision_kind(state: State) -> str | None:
        decision = rules.pending_decision(state)
        return None if decision is None else decision.kind


def _status_error(game_id: int, status: str) -> Exception:
    if status == "lobby":
        return GameNotStarted(game=game_id)
    if status == "running":
        return GameAlreadyStarted(game=game_id)
    return GameOver(game=game_id)
