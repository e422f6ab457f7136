"""The game repository: what every use-case part of the service shares — the store, the
clock, the board renderer, the cache of parsed states, and the translation of store
errors into service errors. The parts (lobby, play, votes, ...) each hold one
`GameRepository`; none of them touches the store's errors or the state cache directly."""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import rules
from rules import State, map_changes
from store import (
    DuplicateInteractionError,
    Game,
    GameEdit,
    GameNotFoundError,
    GameStatusError,
    GameStore,
    PlayerError,
    ReminderRequest,
    SchemaTooNewError,
    StaleVersionError,
    StorageError,
    StoreBusyError,
    StoreValueError,
)

from .deadline_clock import away_of, deadline_hours, deadline_schedule
from .errors import (
    BadOption,
    BadValue,
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
    StorageFault,
    StoreBusy,
    UnknownGame,
)
from .names import seat_names
from .progress import initial_state, replay, solo_level
from .reminder_schedule import first_reminder
from .render_pool import VIEWS, BoardPool, Renderer
from .results import Table
from .seat_settings import computer_level
from .turn_start import TurnStarts, turn_start_state
from .validation import game_id as checked_game_id
from .validation import shown

log = logging.getLogger("autobahn.service")
Clock = Callable[[], float]
# A computer's decision owed this long after the turn passed (a dead process's) is made by
# the reminder loop; a live computer decides in seconds.
COMPUTER_WATCHDOG_S = 60.0
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


class GameRepository:
    def __init__(self, store: GameStore, *, clock: Clock = time.time,
                 renderer: Renderer | BoardPool | None = None,
                 turn_view: str = "full") -> None:
        if turn_view not in VIEWS:
            raise BadOption(name="view", value=shown(turn_view), expected=", ".join(VIEWS))
        self.store = store
        # The view a turn post's board is drawn in: the adapter's choice (Discord posts
        # the phone "card", the console writes the desktop board).
        self.turn_view = turn_view
        self.clock = clock
        self.boards = renderer if isinstance(renderer, BoardPool) else (
            BoardPool(renderer) if renderer is not None else BoardPool())
        # (game id) -> (version, state): saves parsing the snapshot on every command.
        self._states: dict[int, tuple[int, State]] = {}
        self.turn_starts = TurnStarts()
        # Told (game, next player) after `start` and `act` committed: computer seats.
        self.committed: list[Callable[[Table, str | None], None]] = []

    def close(self) -> None:
        self.boards.close()

    # -- store errors -> service errors ---------------------------------------------------

    @contextlib.contextmanager
    def translated(self, game_id: int, user_id: str | None = None) -> Iterator[None]:
        try:
            yield
        except GameNotFoundError:
            raise UnknownGame(game=game_id) from None
        except StaleVersionError as err:
            raise StaleVersion(expected=err.expected, actual=err.actual) from None
        except DuplicateInteractionError:
            raise DuplicateInteraction() from None
        except (StoreBusyError, StorageError, SchemaTooNewError) as err:
            raise storage_error(err) from None
        except StoreValueError:
            raise BadValue() from None
        except GameStatusError as err:
            raise status_error(game_id, err.status) from None
        except PlayerError as err:
            if err.reason == "already_joined":
                raise SeatTaken(player=user_id, game=game_id) from None
            if err.reason == "game_full":
                raise GameFull(game=game_id, count="?") from None
            raise NotAPlayer(player=user_id, game=game_id) from None

    # -- games ------------------------------------------------------------------------------

    async def game(self, game_id: int) -> Table:
        game_id = checked_game_id(game_id)
        with self.translated(game_id):
            return Table.of(await self.store.get_game(game_id))

    async def edit(self, game_id: int, decide: Callable[[Table], GameEdit],
                   user_id: str | None = None) -> Table:
        """Change a game's settings or seats: `decide(game)` sees the game as it is under
        the game's lock and says what to write (`store.GameEdit`); its refusals (service
        errors) change nothing. One transaction, so a concurrent writer's change is never
        lost (the store's `edit_game`). Every read-modify-write of settings or seats goes
        through here."""

        def under_lock(game: Game) -> GameEdit:
            return decide(Table.of(game))

        with self.translated(game_id, user_id):
            return Table.of(await self.store.edit_game(game_id, under_lock))

    @staticmethod
    def names(game: Table, lang: str | None = None) -> dict[str, str]:
        """Display names by id; with `lang`, computer seats named in it (service.names)."""
        return seat_names(game, lang)

    @classmethod
    def name(cls, game: Table, user_id: str | None, lang: str | None = None) -> str:
        return cls.names(game, lang).get(user_id or "", user_id or "-")

    def require_running(self, game: Table) -> None:
        if game.status != "running":
            raise status_error(game.id, game.status)

    def require_member(self, game: Table, user_id: str) -> None:
        if user_id not in game.player_ids:
            raise NotAPlayer(player=user_id, game=game.id)

    @staticmethod
    def host_of(game: Table) -> str | None:
        """Who acts as host: the one who opened the game while seated; once they left the
        lobby, the player seated longest (the host passes on, it never stays with someone
        outside the game). None for a lobby everybody left."""
        seated = game.player_ids
        if game.host_id in seated:
            return game.host_id
        return seated[0] if seated else None

    def require_host(self, game: Table, user_id: str) -> None:
        if user_id != self.host_of(game):
            raise NotHost(host=self.name(game, self.host_of(game)))

    def require_turn(self, game: Table, state: State, user_id: str) -> None:
        current = rules.current_player(state)
        if current != user_id:
            raise NotYourTurn(current=self.name(game, current), player=self.name(game, user_id))

    # -- reminders at a hand-off -----------------------------------------------------------

    async def reminders_for(self, game: Table, user_id: str) -> list[ReminderRequest]:
        """The schedule to commit with a move that hands the decision to `user_id`:
        nothing when the game's reminders are off.

        A computer is never reminded, but its decision gets a watchdog row, committed with
        the move like a reminder: if the process dies before the computer moved, the row
        comes due and whoever holds the reminder loop makes the decision (never sent: the
        reminder check sees a computer's seat and plays it instead). That covers a human's
        seat a computer plays, which the start-up catch-up of computer seats cannot find."""
        if computer_level(game.settings, user_id) is not None:
            return [ReminderRequest(user_id, self.clock() + COMPUTER_WATCHDOG_S, "turn", 0)]
        if away_of(game.settings, user_id) is not None:
            return [ReminderRequest(user_id, self.clock(), "deadline", 0)]  # auto-pass: now
        hours = deadline_hours(game.settings)
        remind = bool(game.settings.get("reminders", True))
        if not (hours or remind):
            return []
        settings = await self.store.get_reminder_settings(user_id, game.id)
        if hours:  # the deadline, and reminders leading up to it (service.deadline_clock)
            return deadline_schedule(user_id, self.clock(), hours, settings, remind=remind)
        return [first_reminder(user_id, self.clock(), settings)]

    async def schedule(self, game: Table, user_id: str) -> None:
        """Replace the game's pending reminders by the first one for `user_id`."""
        await self.store.set_reminders(game.id, await self.reminders_for(game, user_id))

    # -- states -----------------------------------------------------------------------------

    async def state(self, game: Table) -> State:
        """The current state: cached, else the snapshot, else a replay of the log."""
        cached = self._states.get(game.id)
        if cached is not None and cached[0] == game.version:
            return cached[1]
        with self.translated(game.id):
            snap = await self.store.read_snapshot(game.id)
        state = None
        if snap is not None and snap.seq == game.action_count:
            state = _decoded(game.id, snap.state_json)
        if state is None:
            state = await self.state_at(game, game.action_count)
            if snap is not None:
                await self._repair_snapshot(game, state)
        self.remember(game.id, game.version, state)
        return state

    async def _repair_snapshot(self, game: Table, state: State) -> None:
        """Write the state rebuilt from the log over a snapshot that could not be used, so
        the next process reads it again. Only a cache: a failure is logged, not raised."""
        try:
            await self.store.rewrite_snapshot(game.id, version=game.version,
                                              seq=game.action_count,
                                              snapshot_json=state.to_json())
        except Exception:
            log.exception("could not rewrite the snapshot of game %s", game.id)

    async def state_at(self, game: Table, moves: int) -> State:
        """The state after the first `moves` actions of the log."""
        with self.translated(game.id):
            log = await self.store.read_log(game.id, 1, limit=moves)
        start = initial_state(game.edition_hash, game.player_ids, game.seed,
                              solo_level(game.settings))
        return replay(start, ((a.player_id, a.notation) for a in log))

    def remember(self, game_id: int, version: int, state: State) -> None:
        self._states.pop(game_id, None)
        self._states[game_id] = (version, state)
        while len(self._states) > STATE_CACHE:
            self._states.pop(next(iter(self._states)))

    def forget(self, game_id: int) -> None:
        self._states.pop(game_id, None)

    async def render(self, state: State, view: str = "full", lang: str = "en", *,
                     game: Table | None = None, before: State | None = None,
                     urgent: bool = False) -> bytes:
        """The board; with `game`, the players' display names on it, never their ids; with
        `before`, what changed on the map since that state marked. `urgent`: a turn's
        board, drawn before the boards only looked at (BoardPool)."""
        names = self.names(game, lang) if game is not None else None
        marks = map_changes(before, state) if before is not None else None
        return await self.boards.render(state, view, lang, names=names, changes=marks,
                                        urgent=urgent)

    async def turn_start(self, game: Table) -> tuple[int, State]:
        """The state the turn going on in `game` (as loaded, before a new move) began with,
        and how many moves came before it."""
        known = self.turn_starts.get(game.id, game.action_count, game.version)
        if known is not None:
            return known
        with self.translated(game.id):
            log = await self.store.read_log(game.id, 1, limit=game.action_count)
        start = initial_state(game.edition_hash, game.player_ids, game.seed,
                              solo_level(game.settings))
        return turn_start_state(start, ((a.player_id, a.notation) for a in log))

    async def committed_turn_start(self, game: Table) -> tuple[int, State] | None:
        """`turn_start` for a board drawn after a commit: None (no markings) rather than an
        error when the log cannot be read now, since nothing past a commit may fail."""
        try:
            return await self.turn_start(game)
        except Exception:
            log.exception("could not find where the turn of game %s began", game.id)
            return None

    async def board_after_commit(self, game_id: int, state: State, lang: str, *,
                                 game: Table | None = None,
                                 before: State | None = None) -> bytes | None:
        """The board of a move already committed, or None when it cannot be drawn now.

        Past the commit nothing may fail the command: the player would be told nothing
        changed although the move stands. The game still owes its turn post (committed
        with the move), so the owed-post check draws and posts the board later."""
        try:
            return await self.render(state, self.turn_view, lang, game=game, before=before,
                                     urgent=True)
        except Exception:
            log.exception("could not draw the board of game %s after its move", game_id)
            return None

    @staticmethod
    def decision_kind(state: State) -> str | None:
        decision = rules.pending_decision(state)
        return None if decision is None else decision.kind


def _decoded(game_id: int, text: str) -> State | None:
    """The snapshot's state, or None when it does not decode strictly (another schema, a
    damaged or hand-edited row): the log is the truth and rebuilds it."""
    try:
        return State.from_json(text)
    except (ValueError, TypeError, KeyError) as err:
        log.warning("snapshot of game %s is unusable (%s); rebuilding it from the log",
                    game_id, err)
        return None


def storage_error(err: Exception) -> Exception:
    """The player-facing error for a fault of the database itself (also used when the
    store is opened, before any service exists); `err` itself if it is none of those."""
    if isinstance(err, StorageError):
        return StorageFault(err.kind, path=err.path)
    if isinstance(err, SchemaTooNewError):
        return StorageFault("too_new", path=err.path, found=err.found, supported=err.supported)
    if isinstance(err, StoreBusyError):
        return StoreBusy()
    return err


def status_error(game_id: int, status: str) -> Exception:
    if status == "lobby":
        return GameNotStarted(game=game_id)
    if status == "running":
        return GameAlreadyStarted(game=game_id)
    return GameOver(game=game_id)
