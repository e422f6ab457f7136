"""Computer players in seats (issue 16): empty seats filled at creation or in the lobby,
stalled seats handed over (`replace`) and given back (`reclaim`), and `/hint`.

Which seat a computer holds is a game setting: `computer` maps the ids of computer seats
("cpu1", ...) to their level, `replaced` maps a human's id to the level playing for them.
A computer's decision is thought off the event loop (a process pool by default: the AI
needs up to ~1.5 s of CPU) and applied through `act` with the version it was thought for,
so it is logged, undone, replayed and exported like any action, and applied at most once
even when two drivers (a restart, a reminder) think the same decision.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import hashlib
import logging
import multiprocessing
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import rules
from locales import Phrase
from rules import State
from store import EventNote, GameEdit, NewSeat, Reminder

from .errors import GameFull, NotAPlayer, ServiceError, StaleVersion
from .game_settings import checked_language
from .hints import hint_reason
from .render_pool import exit_with_parent
from .results import ActResult, Table
from .seat_settings import (
    checked_level,
    computer_level,
    computer_name,
    computer_seats,
    replaced_seats,
)
from .validation import player_id, seconds

if TYPE_CHECKING:
    from .play import Play
    from .repository import GameRepository

log = logging.getLogger("autobahn.service.computer")

MAX_MOVES = 2_000  # one drive never runs away (a whole game is about 250 actions)
HINT_BUDGET: dict[str, Any] = {"sample": None, "width": 4, "follow": 6, "seconds": 0.5}

Listener = Callable[[ActResult], Awaitable[None]]


class NotComputerSeat(ServiceError):
    code = "computer.not_replaced"


class StallEnded(ServiceError):
    """A press of a stall notice whose stall has ended (service.stalls): nothing changes."""

    code = "computer.stall_ended"  # params: player


def decision_seed(game_seed: int, state_json: str) -> int:
    """The seed of a computer's decision: the game's seed and the position, nothing else
    (not the game's version, which an undo moves on). So the same position gets the same
    reply, and taking a move back cannot re-draw a computer's choice (issue 30 item 11)."""
    digest = hashlib.sha256(f"{game_seed}\n{state_json}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _think(state_json: str, player: str, level: str, seed: int,
           budget: Mapping[str, Any]) -> str:
    """In the worker: the computer's decision as notation (a process pool pickles only
    strings). Bounded by work, never by the clock (`seconds=None`): a loaded machine must
    not change the choice."""
    import ai

    state = State.from_json(state_json)
    return str(ai.bot(level, seed=seed, **{"seconds": None, **budget}).choose(state, player))


def _rank(state_json: str, player: str,
          budget: Mapping[str, Any]) -> list[tuple[str, float, list[list[str]]]]:
    """In the worker: the hint level's options, best first, each with its value and the
    player's next turns it was judged with (ai.plan.Option.later), as notation."""
    import ai

    state = State.from_json(state_json)
    return [(str(o.action), o.value, [[str(a) for a in turn] for turn in o.later])
            for o in ai.bot("normal", seed=0, **budget).plan(state, player)]


class Thinker:
    """Where computers think: a pool of one process by default (off the event loop and
    out of its GIL); `processes=False` uses threads (tests), `budget` overrides every
    level's budget (tests use tiny ones)."""

    def __init__(self, *, processes: bool = True, budget: Mapping[str, Any] | None = None,
                 hint_budget: Mapping[str, Any] | None = None) -> None:
        self.processes = processes
        self.budget = dict(budget or {})
        self.hint_budget = dict(HINT_BUDGET if hint_budget is None else hint_budget)
        self._pool: concurrent.futures.Executor | None = None
        self._starting = asyncio.Lock()

    def _executor(self) -> concurrent.futures.Executor:
        if self._pool is None:
            self._pool = self._make()
        return self._pool

    def _make(self) -> concurrent.futures.Executor:
        if not self.processes:
            return concurrent.futures.ThreadPoolExecutor(max_workers=1)
        # Started by the forkserver, never forked from us: the console's input thread
        # holds stdin's lock in `readline`, and a forked worker closing its copy of stdin
        # at start-up waited for that lock forever (issue 30 item 12: the first computer
        # move or /hint in a terminal never finished). The worker ignores Ctrl-C and ends
        # with its parent, as the render workers do.
        return concurrent.futures.ProcessPoolExecutor(
            max_workers=1, mp_context=multiprocessing.get_context("forkserver"),
            initializer=exit_with_parent)

    async def _started(self) -> concurrent.futures.Executor:
        """The pool, its worker started off the event loop: through the forkserver that
        takes a second or more on a loaded machine, and `submit` would do it on the loop's
        thread, stalling every other game's commands meanwhile."""
        if self._pool is None and self.processes:
            async with self._starting:
                if self._pool is None:
                    pool = self._make()
                    await asyncio.to_thread(lambda: pool.submit(int).result())
                    self._pool = pool
        return self._executor()

    async def choose(self, state: State, player: str, level: str, game_seed: int) -> str:
        """`player`'s decision in `state`: a pure function of the state and the game's
        seed (see decision_seed)."""
        loop = asyncio.get_running_loop()
        text = state.to_json()
        pool = await self._started()
        return await loop.run_in_executor(pool, _think, text, player, level,
                                          decision_seed(game_seed, text), self.budget)

    async def rank(self, state: State, player: str) -> list[tuple[str, float, list[list[str]]]]:
        loop = asyncio.get_running_loop()
        pool = await self._started()
        return await loop.run_in_executor(pool, _rank, state.to_json(), player,
                                          self.hint_budget)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


@dataclass(frozen=True, slots=True)
class Hint:
    player: str
    action: str
    label: str
    gain: float
    reason: Phrase


class Computers:
    """The computer seats (a part of `GameService`). `listeners` are told every action a
    computer committed (its `ActResult`), in order: adapters post its turn from there.
    Computers play through `play.act`, so their moves are checked, logged and undone like
    any; the repository's commit hook (`after_commit`) kicks them off after `start`/`act`,
    and its reminder hook keeps computers from being reminded."""

    def __init__(self, repo: GameRepository, play: Play) -> None:
        self.repo = repo
        self.play = play
        self.thinker: Thinker | None = None
        self.listeners: list[Listener] = []
        self._drives: dict[int, asyncio.Task[list[ActResult]]] = {}

    def close(self) -> None:
        if self.thinker is not None:
            self.thinker.close()

    def use_thinker(self, thinker: Thinker) -> None:
        self.thinker = thinker

    def _thinker(self) -> Thinker:
        if self.thinker is None:
            self.thinker = Thinker()
        return self.thinker

    def on_computer_move(self, listener: Listener) -> None:
        self.listeners.append(listener)

    # -- seats ------------------------------------------------------------------------------

    async def add_bot(self, game_id: int, by_user: str, level: str | None = None) -> Table:
        """The host seats a computer player in the open lobby: the seat and the setting
        that a computer plays it are one write, decided under the game's lock."""
        level = checked_level(level)
        await self.repo.game(game_id)
        player_id(by_user)

        def decide(game: Table) -> GameEdit:
            self.repo.require_host(game, by_user)
            if game.status != "lobby":
                self.repo.require_running(game)
            seats = int(game.settings.get("seats", 4))
            if len(game.players) >= seats:
                raise GameFull(game=game_id, count=seats)
            taken = set(game.player_ids)
            number = next(n for n in range(1, 9) if f"cpu{n}" not in taken)
            pid = f"cpu{number}"
            settings = {**game.settings, "computer": {**computer_seats(game.settings),
                                                      pid: level}}
            return GameEdit(settings=settings, seats=(
                NewSeat(pid, computer_name(number, level, game.language)),))

        return await self.repo.edit(game_id, decide)

    async def hand_over(self, game: Table, player: str, level: str, by_user: str,
                        request: int | None = None, *, stalled_at: int | None = None) -> Table:
        """A computer plays `player`'s seat from now on (checked by the caller: the host,
        the player themselves, or the players' vote); the history keeps when. A seat
        already handed over keeps its level and its history (two votes that tip at once
        hand it over once). `stalled_at`: a stall notice's press, checked by the caller
        against `game`; under the lock the game must still be as checked (a move in
        between may have ended the stall: the press is refused, and may be made again)."""

        def decide(current: Table) -> GameEdit:
            if player in computer_seats(current.settings):
                raise NotAPlayer(player=player, game=current.id)
            if stalled_at is not None and (current.action_count != game.action_count
                                           or player in replaced_seats(current.settings)):
                raise StallEnded(player=self.repo.name(current, player))
            self.repo.require_member(current, player)
            if player in replaced_seats(current.settings):
                return GameEdit()
            settings = {**current.settings,
                        "replaced": {**replaced_seats(current.settings), player: level}}
            note = EventNote("seat_replaced", by_user,
                             {"player": player, "level": level, "at": current.action_count,
                              "request": request})
            return GameEdit(settings=settings, events=(note,))

        game = await self.repo.edit(game.id, decide)
        with self.repo.translated(game.id):
            if rules.current_player(await self.repo.state(game)) == player:
                # Not reminded: a watchdog in case this process dies before it moves.
                await self.repo.schedule(game, player)
        self.kick_computers(game.id)
        return game

    async def reclaim(self, game_id: int, user_id: str) -> Table:
        """`user_id` takes their seat back: from their next decision on they play it."""
        await self.repo.game(game_id)
        player_id(user_id)

        def decide(game: Table) -> GameEdit:
            self.repo.require_running(game)
            self.repo.require_member(game, user_id)
            held = replaced_seats(game.settings)
            if user_id not in held:
                raise NotComputerSeat(player=self.repo.name(game, user_id))
            del held[user_id]
            note = EventNote("seat_reclaimed", user_id,
                             {"player": user_id, "at": game.action_count})
            return GameEdit(settings={**game.settings, "replaced": held}, events=(note,))

        game = await self.repo.edit(game_id, decide)
        if rules.current_player(await self.repo.state(game)) == user_id:
            await self.repo.schedule(game, user_id)  # their reminders start again now
        return game

    # -- playing ----------------------------------------------------------------------------

    def kick_computers(self, game_id: int) -> asyncio.Task[list[ActResult]] | None:
        """Start playing the game's computer decisions in the background (no-op when a
        drive of this game is under way); its results go to the listeners."""
        running = self._drives.get(game_id)
        if running is not None and not running.done():
            return running
        task = asyncio.get_running_loop().create_task(self._drive(game_id))
        self._drives[game_id] = task
        return task

    def stop_computers(self) -> None:
        """Cancel every drive under way (shutting down): a decision not yet applied is
        owed still, and made by the next start (`resume_computers`)."""
        for task in self._drives.values():
            task.cancel()

    async def computers_idle(self) -> None:
        """Wait until every computer drive of this service has ended (tests, console)."""
        while True:
            tasks = [t for t in self._drives.values() if not t.done()]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _drive(self, game_id: int) -> list[ActResult]:
        try:
            return await self.play_computers(game_id)
        except Exception:
            log.exception("a computer player of game %s could not move", game_id)
            return []

    async def play_computers(self, game_id: int) -> list[ActResult]:
        """Every decision owed by a computer seat, one by one, until a human must decide
        or the game ends. Each is thought for a version and applied with it: a decision
        the game moved past (an undo, another driver) is thrown away, never applied."""
        results: list[ActResult] = []
        for _ in range(MAX_MOVES):
            game = await self.repo.game(game_id)
            if game.status != "running":
                break
            state = await self.repo.state(game)
            player = rules.current_player(state)
            level = computer_level(game.settings, player)
            if player is None or level is None or rules.is_over(state):
                break
            notation = await self._thinker().choose(state, player, level, game.seed)
            fresh = await self.repo.game(game_id)
            if (fresh.version != game.version
                    or computer_level(fresh.settings, player) != level):
                continue  # think again about the game as it is now
            try:
                result = await self.play.act(game_id, player, notation,
                                             expected_version=game.version)
            except StaleVersion:
                continue
            results.append(result)
            for listener in self.listeners:
                try:
                    await listener(result)
                except Exception:
                    log.exception("a listener failed on a computer move of game %s", game_id)
        return results

    def after_commit(self, game: Table, next_player: str | None) -> None:
        """The hook of `act` and `start`: a computer to decide next is played off the
        event loop once the command has answered."""
        if computer_level(game.settings, next_player) is not None:
            # No running loop (a synchronous caller): the start-up check catches up.
            with contextlib.suppress(RuntimeError):
                self.kick_computers(game.id)

    async def owed_computer_games(self) -> list[Table]:
        """Running games whose decision belongs to a computer seat (after a restart)."""
        found: dict[int, Table] = {}
        for number in range(1, 9):
            pid = f"cpu{number}"
            for game in await self.repo.store.games_of_player(pid, ("running",)):
                if game.current_player == pid:
                    found[game.id] = Table.of(game)
        return [found[k] for k in sorted(found)]

    async def resume_computers(self, idle_s: float | None = None) -> int:
        """Kick every game owing a computer's decision; returns how many. With `idle_s`,
        only games unchanged for that long: the catch-up of the lease holder, which takes
        over the decisions a dead process left, not those another process is thinking
        about right now (those would only be thought twice, never applied twice)."""
        if idle_s is not None:
            idle_s = seconds(idle_s, "idle")
        games = await self.owed_computer_games()
        if idle_s is not None:
            before = self.repo.clock() - idle_s
            games = [g for g in games if g.updated_at <= before]
        for game in games:
            self.kick_computers(game.id)
        return len(games)

    # -- reminders: computers are never reminded -----------------------------------------------

    async def held_by_computer(self, reminder: Reminder) -> bool:
        """A reminder for a seat a computer now holds is not sent: the computer's
        decision is made instead (a replaced seat's decision owed after a restart)."""
        game = await self.repo.game(reminder.game_id)
        if computer_level(game.settings, reminder.user_id) is None:
            return False
        # A fresh watchdog, should this process die too before the computer moved.
        deciding = rules.current_player(await self.repo.state(game))
        if deciding is not None and deciding == reminder.user_id:
            await self.repo.schedule(game, deciding)
        else:
            await self.repo.store.set_reminders(game.id, [])
        self.kick_computers(game.id)
        return True

    # -- hints ------------------------------------------------------------------------------

    async def hint(self, game_id: int, user_id: str, lang: str = "en",
                   choice_lang: str | None = None) -> Hint:
        """A suggestion for `user_id`'s pending decision, with its reason: what the move
        does and gains (service.hints), or the lead the search projects for it. The reason
        is in `lang`; the choice is named in `choice_lang` (the language of the buttons it
        is compared with: the game's, on Discord), `lang` if not given."""
        lang = checked_language(lang)
        choice_lang = lang if choice_lang is None else checked_language(choice_lang)
        game = await self.repo.game(game_id)
        player_id(user_id)
        self.repo.require_running(game)
        self.repo.require_member(game, user_id)
        state = await self.repo.state(game)
        self.repo.require_turn(game, state, user_id)
        ranked = await self._thinker().rank(state, user_id)
        action, value, later = ranked[0]
        label, reason = hint_reason(state, user_id, action, value, self.repo.names(game, lang),
                                    lang, choice_lang, later=later)
        return Hint(user_id, action, label, value, reason)
