"""`GameService`: the one object the adapters (console, Discord cogs) hold — a thin facade.

It composes a `GameRepository` (store, clock, boards, state cache, store errors -> service
errors) with small use-case parts, each checking its own input (service/validation.py)
before it reads or writes anything:

    lobby.py       create, join, leave, start, settings     places.py   which game is here
    play.py        act, the Autobot, legal actions          looking.py  view, board, log
    undo.py / abandon.py / seat_votes.py / vote_posts.py   the votes and their posts
    computer.py    computer seats, /hint                    seat_history.py  who played when
    turn_posts.py  the turn post a game owes                reminding.py  reminders
    stories.py     the told turn, the told log, the catch-up digest
    archive.py     export / import records                  animation.py  /replay GIFs
    web_pages.py   a game's web page: its private link, the board at any move
    backups.py     backups and pruning                      leases.py   once-only work

Every public coroutine here only hands over to its part, with the same signature; a
user's mistake is a typed `ServiceError` (or `IllegalAction` wrapping a `RuleError`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from rules import State
from store import ActionRecord, Event, GameStore, Reminder, ReminderSettings

from .abandon import Abandon
from .animation import Animation
from .archive import Archive
from .backups import INTERACTIONS_KEPT_S, Maintenance
from .computer import Computers, Hint, Listener, Thinker
from .deadlines import Deadlines, ExpiryListener
from .editions import Editions
from .health import Health, HealthCheck
from .history import History, HistoryPage, PlayerStats, ServerStats
from .leases import DEFAULT_TTL_S, Leases
from .lobby import Lobby
from .looking import Looking
from .places import Places
from .play import Play
from .readers import Readers
from .rematch import Rematch, RematchResult
from .reminding import Reminding
from .render_pool import BoardPool, Renderer
from .repository import Clock, GameRepository, Place
from .results import (
    AbandonResult,
    ActResult,
    GameView,
    LabelledLegal,
    Legal,
    StartResult,
    Table,
    TurnPost,
    UndoResult,
    VoteResult,
    WebBoard,
)
from .seat_votes import ReplaceResult, SeatVotes
from .stalls import Stalls
from .stories import LogPage, Stories
from .turn_posts import CLAIM_LEASE_S, TurnPosts
from .undo import Undo
from .vote_posts import VotePosts
from .web_pages import WebPages
from .web_pages import stylesheet as web_stylesheet

# Something an entry point runs beside an adapter on the same service (the web pages):
# started with the service, it returns how to stop it.
Companion = Callable[["GameService"], Awaitable[Callable[[], Awaitable[None]]]]


class GameService:
    def __init__(
        self,
        store: GameStore,
        *,
        clock: Clock = time.time,
        renderer: Renderer | BoardPool | None = None,
        turn_view: str = "full",
        lease_owner: str | None = None,
        lease_ttl_s: float = DEFAULT_TTL_S,
        editions: Editions | None = None,
    ) -> None:
        self.repo = repo = GameRepository(store, clock=clock, renderer=renderer,
                                          turn_view=turn_view)
        # The once-only work of several processes (leases.py); adapters' loops hold these.
        self.leases = Leases(store, clock, lease_owner, lease_ttl_s)
        self.places = Places(repo)
        self.editions = editions or Editions()
        self.lobby = Lobby(repo, self.places, self.editions)
        self.play = Play(repo)
        self.looking = Looking(repo)
        self.stories = Stories(repo)
        self.archive = Archive(repo)
        self.undo_votes = Undo(repo)
        self.abandon_votes = Abandon(repo)
        self.turn_posts = TurnPosts(repo)
        self.reminders = Reminding(repo)
        self.animation = Animation(repo)
        self.maintenance = Maintenance(repo)
        self.checks = HealthCheck(repo)
        self.computers = Computers(repo, self.play)
        self.seat_votes = SeatVotes(repo, self.computers)
        self.vote_posts = VotePosts(repo, self.undo_votes, self.seat_votes)
        self.history = History(repo)
        self.deadlines = Deadlines(repo, self.play, self.computers)
        repo.committed.append(self.deadlines.after_commit)
        self.rematch = Rematch(repo, self.lobby)
        self.web_pages = WebPages(repo, self.stories)
        self.readers = Readers(repo)
        repo.committed.append(self.computers.after_commit)
        self.reminders.held_by_computer = self.computers.held_by_computer

    # -- what the adapters read directly ---------------------------------------------------

    @property
    def store(self) -> GameStore:
        return self.repo.store

    @property
    def clock(self) -> Clock:
        return self.repo.clock

    @property
    def boards(self) -> BoardPool:
        return self.repo.boards

    def close(self) -> None:
        self.computers.close()
        self.repo.close()

    names = staticmethod(GameRepository.names)
    host_of = staticmethod(GameRepository.host_of)
    decision_kind = staticmethod(GameRepository.decision_kind)

    @staticmethod
    def name(game: Table, user_id: str | None, lang: str | None = None) -> str:
        return GameRepository.name(game, user_id, lang)

    async def _state(self, game: Table) -> State:  # tests read the cached state
        return await self.repo.state(game)

    @property
    def _states(self) -> dict[int, tuple[int, State]]:
        return self.repo._states

    async def render(self, state: State, view: str = "full", lang: str = "en") -> bytes:
        return await self.looking.render(state, view, lang)

    def on_game_changed(self, listener: Callable[[Table, str | None], None]) -> None:
        """Call `listener(game, next_player)` after every committed start, move or undo
        of this process (the web page's live updates; other processes' moves are found
        by polling the game's version)."""
        self.repo.committed.append(listener)

    # -- computer seats (computer.py) ----------------------------------------------------
    def use_thinker(self, thinker: Thinker) -> None:
        self.computers.use_thinker(thinker)

    def on_computer_move(self, listener: Listener) -> None:
        self.computers.on_computer_move(listener)

    def kick_computers(self, game_id: int) -> asyncio.Task[list[ActResult]] | None:
        return self.computers.kick_computers(game_id)

    def stop_computers(self) -> None:
        self.computers.stop_computers()

    async def add_bot(self, game_id: int, by_user: str, level: str | None = None) -> Table:
        return await self.computers.add_bot(game_id, by_user, level)

    async def replace(self, game_id: int, by_user: str, player: str,
                      level: str | None = None, at_move: int | None = None) -> ReplaceResult:
        return await self.seat_votes.replace(game_id, by_user, player, level, at_move)

    async def remember_stall_post(self, game_id: int, player: str, at_move: int,
                                  channel_id: int, message_id: int) -> None:
        return await Stalls(self.repo).remember_stall_post(game_id, player, at_move,
                                                          channel_id, message_id)

    async def vote_replace(self, game_id: int, user_id: str, accept: bool, *,
                           request: int | None = None) -> ReplaceResult:
        return await self.seat_votes.vote_replace(game_id, user_id, accept, request=request)

    async def pending_replace(self, game_id: int) -> Event | None:
        return await self.seat_votes.pending_replace(game_id)

    async def reclaim(self, game_id: int, user_id: str) -> Table:
        return await self.computers.reclaim(game_id, user_id)

    async def computers_idle(self) -> None:
        await self.computers.computers_idle()

    async def play_computers(self, game_id: int) -> list[ActResult]:
        return await self.computers.play_computers(game_id)

    async def owed_computer_games(self) -> list[Table]:
        return await self.computers.owed_computer_games()

    async def resume_computers(self, idle_s: float | None = None) -> int:
        return await self.computers.resume_computers(idle_s)

    # -- readers (readers.py) --------------------------------------------------------
    async def note_language(self, user_id: str, lang: str) -> None:
        await self.readers.note_language(user_id, lang)

    async def reader_language(self, game: Table, user_id: str) -> str:
        return await self.readers.reader_language(game, user_id)

    async def hint(self, game_id: int, user_id: str, lang: str = "en",
                   choice_lang: str | None = None) -> Hint:
        return await self.computers.hint(game_id, user_id, lang, choice_lang)

    # -- lobby (lobby.py) ------------------------------------------------------------
    async def create_game(self, place: Any, host_id: str, host_name: str, *, seats: int = 3,
                          seed: int | None = None, language: str = "en",
                          settings: Mapping[str, Any] | None = None,
                          solo_level: int | None = None,
                          players: Sequence[tuple[str, str]] = (), exclusive: bool = False,
                          bots: int = 0, bot_level: str | None = None,
                          edition: str | None = None) -> Table:
        return await self.lobby.create_game(
            place, host_id, host_name, seats=seats, seed=seed, language=language,
            settings=settings, solo_level=solo_level, players=players, exclusive=exclusive,
            bots=bots, bot_level=bot_level, edition=edition)

    async def join(
        self, game_id: int, user_id: str, name: str, language: str | None = None
    ) -> Table:
        return await self.lobby.join(game_id, user_id, name, language)

    async def leave(self, game_id: int, user_id: str) -> Table:
        return await self.lobby.leave(game_id, user_id)

    async def start(self, game_id: int, by_user: str) -> StartResult:
        return await self.lobby.start(game_id, by_user)

    async def update_settings(
        self, game_id: int, by_user: str, changes: Mapping[str, str]
    ) -> Table:
        return await self.lobby.update_settings(game_id, by_user, changes)

    async def set_player_language(self, game_id: int, user_id: str, lang: str | None) -> Table:
        return await self.lobby.set_player_language(game_id, user_id, lang)

    # -- places (places.py) ----------------------------------------------------------
    async def games_here(self, place: Any, *, active: bool = True) -> list[Table]:
        return await self.places.games_here(place, active=active)

    async def game_here(self, place: Any, user_id: str | None = None) -> Table:
        return await self.places.game_here(place, user_id)

    async def game_to_look_at(self, place: Any, user_id: str | None = None) -> Table:
        return await self.places.game_to_look_at(place, user_id)

    async def games_of(self, user_id: str, *, ended: bool = True) -> list[Table]:
        return await self.places.games_of(user_id, ended=ended)

    # -- play (play.py) --------------------------------------------------------------
    async def act(self, game_id: int, user_id: str, notation: str, *,
                  expected_version: int | None = None, interaction_id: str | None = None,
                  lang: str | None = None, issued_at: float | None = None) -> ActResult:
        return await self.play.act(game_id, user_id, notation,
                                   expected_version=expected_version,
                                   interaction_id=interaction_id, lang=lang,
                                   issued_at=issued_at)

    async def check_turn(self, game_id: int, user_id: str) -> None:
        return await self.play.check_turn(game_id, user_id)

    async def legal(self, game_id: int, user_id: str | None = None) -> Legal:
        return await self.play.legal(game_id, user_id)

    async def labelled(self, game_id: int, user_id: str | None = None,
                       lang: str = "en") -> LabelledLegal:
        """`legal`, each action also named by the board in `lang` (service.labels). It asks
        this facade's own `legal`, so the list and its labels come from one read."""
        return await self.play.label(await self.legal(game_id, user_id), game_id, lang)

    async def deciding(self, game_id: int) -> str:
        return await self.play.deciding(game_id)

    async def last_action(self, game_id: int) -> ActionRecord | None:
        return await self.play.last_action(game_id)

    # -- looking (looking.py) --------------------------------------------------------
    async def game(self, game_id: int) -> Table:
        return await self.looking.game(game_id)

    async def view(self, game_id: int) -> GameView:
        return await self.looking.view(game_id)

    async def state_at(self, game_id: int, at_move: int | None = None) -> State:
        return await self.looking.state_at(game_id, at_move)

    async def board(
        self, game_id: int, *, at_move: int | None = None, view: str = "full", lang: str = "en"
    ) -> bytes:
        return await self.looking.board(game_id, at_move=at_move, view=view, lang=lang)

    async def log(self, game_id: int, lang: str = "en", page: int | None = None,
                  told: bool = False, with_notation: bool = False) -> list[str]:
        return await self.looking.log(game_id, lang, page, told, with_notation)

    # -- the told game (stories.py) ----------------------------------------------------
    async def turn_story(self, game_id: int, lang: str | None = None) -> tuple[str, ...]:
        return await self.stories.turn_story(game_id, lang)

    def move_story(self, game: Table, result: ActResult, lang: str) -> tuple[str, ...]:
        return self.stories.move_story(game, result, lang)

    async def since_last_turn(self, game_id: int, user_id: str,
                              lang: str | None = None) -> list[str]:
        return await self.stories.since_last_turn(game_id, user_id, lang)

    async def log_page(self, game_id: int, lang: str = "en",
                       page: int | None = None, with_notation: bool = False) -> LogPage:
        return await self.stories.log_page(game_id, lang, page, with_notation)

    async def set_board_message(self, game_id: int, channel_id: int, message_id: int) -> bool:
        return await self.looking.set_board_message(game_id, channel_id, message_id)

    # -- archive (archive.py) --------------------------------------------------------
    async def export(self, game_id: int) -> dict[str, Any]:
        return await self.archive.export(game_id)

    async def import_record(
        self, place: Any, host_id: str, record: Any, language: str = "en"
    ) -> Table:
        return await self.archive.import_record(place, host_id, record, language)

    # -- undo (undo.py) --------------------------------------------------------------
    async def undo(
        self,
        game_id: int,
        user_id: str,
        *,
        force: bool = False,
        expected_version: int | None = None,
        interaction_id: str | None = None,
    ) -> UndoResult:
        return await self.undo_votes.undo(game_id, user_id, force=force,
                                          expected_version=expected_version,
                                          interaction_id=interaction_id)

    async def undoer(self, game_id: int) -> str | None:
        return await self.undo_votes.undoer(game_id)

    async def pending_undo(self, game_id: int) -> Event | None:
        return await self.undo_votes.pending_undo(game_id)

    async def vote_undo(
        self, game_id: int, user_id: str, accept: bool, interaction_id: str | None = None
    ) -> UndoResult | VoteResult:
        return await self.undo_votes.vote_undo(game_id, user_id, accept, interaction_id)

    # -- abandon (abandon.py) --------------------------------------------------------
    async def abandon(self, game_id: int, by_user: str, *, is_admin: bool = False) -> AbandonResult:
        return await self.abandon_votes.abandon(game_id, by_user, is_admin=is_admin)

    async def pending_abandon(self, game_id: int) -> Event | None:
        return await self.abandon_votes.pending_abandon(game_id)

    async def vote_abandon(
        self, game_id: int, user_id: str, accept: bool, *, request: int | None = None
    ) -> AbandonResult:
        return await self.abandon_votes.vote_abandon(game_id, user_id, accept, request=request)

    # -- vote_posts (vote_posts.py) --------------------------------------------------
    async def remember_vote_post(
        self, game_id: int, request: int, channel_id: int, message_id: int
    ) -> None:
        return await self.vote_posts.remember_vote_post(game_id, request, channel_id, message_id)

    async def decided_vote_posts(self, game_id: int) -> list[tuple[int, int, int]]:
        return await self.vote_posts.decided_vote_posts(game_id)

    async def lapsed_seat_posts(self, game_id: int) -> dict[int, str]:
        return await self.vote_posts.lapsed_seat_posts(game_id)

    async def vote_post_closed(self, game_id: int, post_id: int) -> Event:
        return await self.vote_posts.vote_post_closed(game_id, post_id)

    # -- turn_posts (turn_posts.py) --------------------------------------------------
    async def unposted_turns(self, guild_ids: Collection[int] | None = None) -> list[Table]:
        return await self.turn_posts.unposted_turns(guild_ids)

    async def claim_turn_post(self, game: Table, lease_s: float = CLAIM_LEASE_S) -> bool:
        return await self.turn_posts.claim_turn_post(game, lease_s)

    async def turn_post(self, game_id: int, lang: str | None = None) -> TurnPost:
        return await self.turn_posts.turn_post(game_id, lang)

    async def record_turn_post(
        self, game_id: int, version: int, channel_id: int, message_id: int
    ) -> bool:
        return await self.turn_posts.record_turn_post(game_id, version, channel_id, message_id)

    # -- reminders (reminding.py) ----------------------------------------------------
    async def reminder_settings(self, user_id: str, game_id: int | None = None) -> ReminderSettings:
        return await self.reminders.reminder_settings(user_id, game_id)

    async def set_reminder_settings(self, settings: ReminderSettings) -> ReminderSettings:
        return await self.reminders.set_reminder_settings(settings)

    async def set_aside_reminder(self, reminder: Reminder) -> bool:
        return await self.reminders.set_aside_reminder(reminder)

    async def due_reminders(self, now: float | None = None) -> list[Reminder]:
        return await self.reminders.due_reminders(now)

    async def claim_reminder(self, reminder: Reminder) -> bool:
        return await self.reminders.claim_reminder(reminder)

    async def may_send_reminder(self, reminder: Reminder) -> bool:
        return await self.reminders.may_send_reminder(reminder)

    async def mark_reminder_sent(self, reminder: Reminder) -> bool:
        return await self.reminders.mark_reminder_sent(reminder)

    # -- animation (animation.py) ----------------------------------------------------
    async def replay_animation(
        self, game_id: int, lang: str = "en", user_id: str | None = None
    ) -> bytes:
        return await self.animation.replay_animation(game_id, lang, user_id)

    # -- the web page (web_pages.py) --------------------------------------------------
    @staticmethod
    def web_stylesheet() -> str:
        return web_stylesheet()

    def set_web_base(self, base_url: str | None) -> None:
        self.web_pages.set_web_base(base_url)

    async def web_link(self, game_id: int) -> str | None:
        return await self.web_pages.web_link(game_id)

    async def web_token(self, game_id: int) -> str:
        return await self.web_pages.web_token(game_id)

    async def rotate_web_token(self, game_id: int, by_user: str) -> str:
        return await self.web_pages.rotate_web_token(game_id, by_user)

    async def game_for_page(self, game_id: Any, token: Any) -> Table:
        return await self.web_pages.game_for_page(game_id, token)

    async def web_board(self, game_id: int, token: str, at_move: int | None = None,
                        lang: str = "en") -> WebBoard:
        return await self.web_pages.web_board(game_id, token, at_move, lang)

    async def web_log(self, game_id: int, token: str, lang: str = "en") -> tuple[str, ...]:
        return await self.web_pages.web_log(game_id, token, lang)

    # -- maintenance (backups.py) ----------------------------------------------------
    async def backup_now(self, folder: str | Path, keep: int) -> Path:
        return await self.maintenance.backup_now(folder, keep)

    async def health(self) -> Health:
        return await self.checks.health()

    async def pack_finished(self) -> int:
        return await self.maintenance.pack_finished()

    async def prune_interactions(self, keep_s: float = INTERACTIONS_KEPT_S) -> int:
        return await self.maintenance.prune_interactions(keep_s)

    # -- a server's memory (history.py) ----------------------------------------------------
    async def player_stats(self, place: Place, player: str,
                           versus: str | None = None) -> PlayerStats:
        return await self.history.player_stats(place, player, versus)

    async def server_stats(self, place: Place) -> ServerStats:
        return await self.history.server_stats(place)

    async def game_history(self, place: Place, page: int | None = None) -> HistoryPage:
        return await self.history.game_history(place, page)

    # -- deadlines and auto-pass (deadlines.py) ----------------------------------------------
    def on_expiry(self, listener: ExpiryListener) -> None:
        self.deadlines.on_expiry(listener)

    async def deadline_of(self, game_id: int) -> float | None:
        return await self.deadlines.deadline_of(game_id)

    async def expire(self, reminder: Reminder) -> list[ActResult]:
        return await self.deadlines.expire(reminder)

    async def expire_due(self, now: float | None = None, *,
                         game_id: int | None = None) -> list[ActResult]:
        return await self.deadlines.expire_due(now, game_id=game_id)

    async def set_autopass(self, game_id: int, user_id: str, until: str) -> Table:
        return await self.deadlines.set_autopass(game_id, user_id, until)

    async def kicks_idle(self) -> None:
        await self.deadlines.kicks_idle()

    # -- rematch (rematch.py) ----------------------------------------------------------------
    async def press_rematch(self, game_id: int, user_id: str) -> RematchResult:
        return await self.rematch.press_rematch(game_id, user_id)
