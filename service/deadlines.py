"""Deadlines and auto-pass (issue 35): what happens when a turn's time is up.

A game may have a deadline (`deadline`: hours, `service.deadline_clock` says how the clock
runs). The hand-off that gives a human the turn commits a reminder row of kind "deadline"
(`GameRepository.reminders_for`); the lease holder's reminder loop (or, in the console,
the table before each command) finds it due and calls `expire`. Then, as the table chose
(`deadline_action`), the computer plays that one turn for the seat at the table's level
(`deadline_level`), or the seat passes: `pass` where the rules allow it, else the least a
turn can do (take back the played cards, else the government grant), and where the rules
demand a choice, the easy computer makes it. The player keeps the seat. After
`deadline_stall` expiries of one seat in a row (default 3; 0: never) the expiry says so
(`Expiry.stalled`, once, when the count is reached) and the adapter posts the stall notice
as for a stalled reminder, with its offer to hand the seat to a computer. It is told, not
stored as a reminder row: the next player's move replaces the game's pending reminders,
and would drop a notice about someone else.

Auto-pass is a player's own choice ("pass for me until the end of this era" or "until I'm
back", `away`): their turn's deadline row is due at once, and the same expiry plays it as
the table chose. It ends when taken back, or when the era it was set in is over; it does
not count as an expiry (the player said so), and the table may forbid it (`autopass off`).

Exactly once, across restarts and processes: each action of an expired turn is applied
with the version it was chosen for and an interaction id naming the game and that version
(`deadline:<game>:<version>`), so of two processes (a lease that changed hands, a console
and a loop) one applies it and the other is told it is stale; the row stays due until the
turn is over, so a process that dies half way leaves the rest to the next holder. The log
is the record: the actions carrying such an id are the ones the deadline played, which is
how the story names them and how expiries in a row are counted.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import rules
from locales import translate
from rules import State
from store import ActionRecord, GameEdit, Reminder

from .deadline_clock import away_active, away_of, deadline_at, deadline_hours
from .errors import BadOption, DuplicateInteraction, ServiceError, StaleVersion
from .progress import turn_owner
from .repository import GameRepository
from .results import ActResult, Table
from .seat_settings import DEFAULT_LEVEL, computer_level
from .validation import game_id as checked_game_id
from .validation import instance_of, optional_moment, player_id, shown

if TYPE_CHECKING:
    from .computer import Computers
    from .play import Play

log = logging.getLogger("autobahn.service.deadlines")

DEADLINE_MARK = "deadline"  # interaction ids of the actions an expired deadline played
AUTOPASS_MARK = "autopass"  # ... and of those auto-pass played
DEFAULT_STALL = 3
MAX_TURN = 60  # decisions one expired turn may take (a turn is a handful)
MAX_CHAIN = 2_000  # turns played in a row while every seat is away (a game is ~250 actions)
PLAIN = ("pass", "takeback", "grant")  # what a passing seat does, in this order

ExpiryListener = Callable[["Expiry"], Awaitable[None]]


class AutopassOff(ServiceError):
    """The table does not allow auto-pass (`/game settings autopass:off`)."""

    code = "pace.autopass.off"


class NotAway(ServiceError):
    code = "pace.autopass.not_set"


@dataclass(frozen=True, slots=True)
class Expiry:
    """A turn played because its time was up (or its player is away): told before the
    moves (the console prints it; Discord's turn card tells it in the story)."""

    game: Table
    player: str
    how: str  # "computer" | "pass"
    level: str
    autopass: bool
    misses: int  # expiries of this seat in a row, this one included (0 for auto-pass)
    stalled: bool  # the stall notice was scheduled now


def deadline_action(settings: Mapping[str, Any]) -> str:
    return "pass" if settings.get("deadline_action") == "pass" else "computer"


def deadline_level(settings: Mapping[str, Any]) -> str:
    level = settings.get("deadline_level")
    return level if isinstance(level, str) and level in ("easy", "normal", "strong") \
        else DEFAULT_LEVEL


def stall_after(settings: Mapping[str, Any]) -> int:
    value = settings.get("deadline_stall")
    return value if isinstance(value, int) and not isinstance(value, bool) else DEFAULT_STALL


def marked(record: ActionRecord) -> str | None:
    """"deadline" or "autopass" for an action an expiry played, else None."""
    mark = (record.interaction_id or "").split(":", 1)[0]
    return mark if mark in (DEADLINE_MARK, AUTOPASS_MARK) else None


def misses_in_a_row(log: Sequence[ActionRecord], player: str) -> int:
    """How many of `player`'s latest turns in a row a deadline played: their runs of
    actions, newest first, while the run's first action carries the deadline's mark."""
    runs: list[list[ActionRecord]] = []
    for record in log:
        if runs and runs[-1][0].player_id == record.player_id:
            runs[-1].append(record)
        else:
            runs.append([record])
    count = 0
    for run in reversed(runs):
        if run[0].player_id != player:
            continue
        if marked(run[0]) != DEADLINE_MARK:
            break
        count += 1
    return count


def plain_action(state: State, player: str) -> str | None:
    """What a passing seat does now: `pass` where the rules allow it, else take back, else
    the grant; None where the rules demand a real choice (the easy computer makes it)."""
    legal = {str(a) for a in rules.legal_actions(state, player)}
    return next((a for a in PLAIN if a in legal), None)


class Deadlines:
    """The part of `GameService` that plays expired turns and keeps auto-pass."""

    def __init__(self, repo: GameRepository, play: Play, computers: Computers) -> None:
        self.repo = repo
        self.play = play
        self.computers = computers
        self.listeners: list[ExpiryListener] = []
        self._locks: dict[int, asyncio.Lock] = {}
        self._kicks: dict[int, asyncio.Task[list[ActResult]]] = {}

    def on_expiry(self, listener: ExpiryListener) -> None:
        self.listeners.append(listener)

    # -- the settings write (one place, see write_settings) ----------------------------------

    async def write_settings(self, game_id: int,
                             change: Callable[[Table, dict[str, Any]], None]) -> Table:
        """Change the game's settings in one transaction under the game's lock
        (`GameRepository.edit`): `change(game, settings)` sees the game as it is there,
        edits the settings in place, or raises a service error to change nothing."""

        def decide(game: Table) -> GameEdit:
            settings = dict(game.settings)
            change(game, settings)
            return GameEdit(settings=settings)

        return await self.repo.edit(game_id, decide)

    # -- the deadline's due time, as players read it ---------------------------------------

    async def deadline_of(self, game_id: int) -> float | None:
        """When the turn going on runs out (unix time), or None: no deadline, or a
        computer plays the seat."""
        game = await self.repo.game(checked_game_id(game_id))
        if game.status != "running":
            return None
        with self.repo.translated(game_id):
            pending = await self.repo.store.pending_reminders(game_id)
        due = [r.due_at for r in pending if r.kind == "deadline"]
        return min(due) if due else None

    # -- auto-pass -----------------------------------------------------------------------------

    async def set_autopass(self, game_id: int, user_id: str, until: str) -> Table:
        """`user_id` is away: "era" (until this era ends), "back" (until they say so), or
        "off" (back now). Their turn, if it is theirs now, is played at once."""
        player_id(user_id)
        if not isinstance(until, str) or until not in ("era", "back", "off"):
            raise BadOption(name="until", value=shown(until), expected="era | back | off")
        game = await self.repo.game(checked_game_id(game_id))
        self.repo.require_running(game)
        self.repo.require_member(game, user_id)
        state = await self.repo.state(game)
        era = rules.era(state)

        def change(now: Table, settings: dict[str, Any]) -> None:
            if until != "off" and settings.get("autopass") is False:
                raise AutopassOff()
            if until == "off" and away_of(settings, user_id) is None:
                raise NotAway(player=self.repo.name(now, user_id))
            away = dict(settings.get("away") or {})
            if until == "off":
                away.pop(user_id, None)
            else:
                away[user_id] = {"until": until, "era": era}
            settings["away"] = away

        game = await self.write_settings(game.id, change)
        if rules.current_player(state) == user_id:
            # Their turn now: its deadline row is due at once (away) or as usual (back).
            await self.repo.schedule(game, user_id)
            if until != "off":
                self.kick(game.id)
        return game

    def kick(self, game_id: int) -> asyncio.Task[list[ActResult]] | None:
        """Play an away player's turn in the background, right after the command that
        gave it to them (the reminder loop would find it due too, a few seconds later)."""
        running = self._kicks.get(game_id)
        if running is not None and not running.done():
            return running
        try:
            task = asyncio.get_running_loop().create_task(self._kicked(game_id))
        except RuntimeError:
            return None
        self._kicks[game_id] = task
        return task

    async def _kicked(self, game_id: int) -> list[ActResult]:
        """Every turn of the game due now, one after the other: two away players hand the
        turn to each other without waiting for the reminder loop's next round."""
        results: list[ActResult] = []
        try:
            for _ in range(MAX_CHAIN):
                played = await self.expire_due(game_id=game_id)
                if not played:
                    break
                results += played
        except Exception:
            log.exception("auto-pass of game %s failed; the reminder loop tries again", game_id)
        return results

    def after_commit(self, game: Table, next_player: str | None) -> None:
        """The hook of `act` and `start`: an away player's turn is played at once."""
        if next_player is not None and away_of(game.settings, next_player) is not None:
            self.kick(game.id)

    async def kicks_idle(self) -> None:
        while tasks := [t for t in self._kicks.values() if not t.done()]:
            await asyncio.gather(*tasks, return_exceptions=True)

    # -- expiry ----------------------------------------------------------------------------------

    async def expire_due(self, now: float | None = None, *,
                         game_id: int | None = None) -> list[ActResult]:
        """Every deadline due at `now` (default: the clock), of one game or all: what the
        console runs before each command; the Discord loop calls `expire` per row."""
        at = self.repo.clock() if now is None else optional_moment(now, "now")
        if game_id is not None:
            game_id = checked_game_id(game_id)
        results: list[ActResult] = []
        for reminder in await self.repo.store.due_reminders(at):
            if reminder.kind != "deadline":
                continue
            if game_id is not None and reminder.game_id != game_id:
                continue
            results += await self.expire(reminder)
        return results

    async def expire(self, reminder: Reminder) -> list[ActResult]:
        """Play the turn whose deadline `reminder` is, if it is still due: see the module.
        Returns the actions applied (none when the turn was played meanwhile, the clock
        was stopped since, or another process applied them)."""
        instance_of(reminder, Reminder, "reminder")
        lock = self._locks.setdefault(reminder.game_id, asyncio.Lock())
        async with lock:
            return await self._expire(reminder)

    async def _still_pending(self, reminder: Reminder) -> bool:
        """Whether `reminder` is still the unsent row it was when read. A row read before
        the turn was played is gone, and SQLite may have given its id to the next turn's
        row: a row is only ever touched here after this check, under the game's lock."""
        with self.repo.translated(reminder.game_id):
            pending = await self.repo.store.pending_reminders(reminder.game_id)
        return any(r.id == reminder.id and r.created_at == reminder.created_at
                   and r.user_id == reminder.user_id and r.kind == reminder.kind
                   for r in pending)

    async def _expire(self, reminder: Reminder) -> list[ActResult]:
        if not await self._still_pending(reminder):
            return []  # played, replaced or spent meanwhile
        game = await self.repo.game(reminder.game_id)
        player = reminder.user_id
        state = await self.repo.state(game) if game.status == "running" else None
        if (state is None or player is None or rules.current_player(state) != player
                or computer_level(game.settings, player) is not None):
            # Played meanwhile, or the game ended, or a computer holds the seat now: the
            # row is spent (a computer's own watchdog is the reminder loop's business).
            await self.repo.store.mark_reminder_sent(reminder.id, sent_at=self.repo.clock())
            return []
        era = rules.era(state)
        autopass = away_active(game.settings, player, era)
        if away_of(game.settings, player) is not None and not autopass:
            # The era it was set for is over (or the table forbade it): the player is back.
            def back(_game: Table, settings: dict[str, Any]) -> None:
                away = dict(settings.get("away") or {})
                away.pop(player, None)
                settings["away"] = away

            game = await self.write_settings(game.id, back)
            await self.repo.schedule(game, player)
            return []
        if not autopass:
            hours = deadline_hours(game.settings)
            if not hours:  # the table took the deadline off during this turn
                await self.repo.store.mark_reminder_sent(reminder.id, sent_at=self.repo.clock())
                return []
            settings = await self.repo.store.get_reminder_settings(player, game.id)
            due = deadline_at(reminder.created_at, hours, settings)
            if due > self.repo.clock():
                # The player's quiet hours or vacation stopped the clock since it was set.
                await self.repo.store.defer_reminder(reminder.id, due)
                return []
        return await self._play_turn(game, state, player, autopass)

    async def _play_turn(self, game: Table, state: State, player: str,
                         autopass: bool) -> list[ActResult]:
        how = deadline_action(game.settings)
        level = deadline_level(game.settings)
        with self.repo.translated(game.id):
            log_before = await self.repo.store.read_log(game.id)
        # A turn an expiry began and a process left half played (it died, or lost the
        # lease) is finished here, counted and told once.
        resumed = bool(log_before) and log_before[-1].player_id == player and marked(
            log_before[-1]) is not None
        misses = 0 if autopass else misses_in_a_row(log_before, player) + (not resumed)
        limit = stall_after(game.settings)
        stalled = not autopass and limit > 0 and misses == limit
        expiry = Expiry(game, player, how, level, autopass, misses, stalled)
        for listener in self.listeners if not resumed else ():
            try:
                await listener(expiry)
            except Exception:
                log.exception("an expiry listener failed in game %s", game.id)
        owner = turn_owner(state)
        mark = AUTOPASS_MARK if autopass else DEADLINE_MARK
        results: list[ActResult] = []
        for _ in range(MAX_TURN):
            if (game.status != "running" or rules.current_player(state) != player
                    or turn_owner(state) != owner):
                break
            notation = plain_action(state, player) if how == "pass" else None
            if notation is None:
                notation = await self.computers._thinker().choose(
                    state, player, level if how == "computer" else "easy", game.seed)
            try:
                result = await self.play.act(
                    game.id, player, notation, expected_version=game.version,
                    interaction_id=f"{mark}:{game.id}:{game.version}")
            except (StaleVersion, DuplicateInteraction):
                break  # another process played it: the game moved on without us
            results.append(result)
            for told in self.computers.listeners:
                try:
                    await told(result)
                except Exception:
                    log.exception("a listener failed on an expired turn of game %s", game.id)
            game = await self.repo.game(game.id)
            state = await self.repo.state(game)
        return results

    # -- how the story names it -----------------------------------------------------------------

    @staticmethod
    def headline(game: Table, records: Sequence[ActionRecord], names: Mapping[str, str],
                 lang: str) -> list[str]:
        """The line a told turn opens with when an expiry played it: "The computer
        (normal) played for Greta (deadline)." / "Greta's turn passed (deadline)." /
        the same for auto-pass."""
        lines: list[str] = []
        seen: set[tuple[str, str]] = set()
        for record in records:
            mark = marked(record)
            if mark is None or (record.player_id, mark) in seen:
                continue
            seen.add((record.player_id, mark))
            how = deadline_action(game.settings)
            lines.append(translate(
                f"pace.{mark}.{how}", lang,
                player=names.get(record.player_id, record.player_id),
                level=translate(f"computer.level.{deadline_level(game.settings)}", lang)))
        return lines
