"""Looking at a game: its row, its state at any move, the board, the log, and the
board post reminders link to."""

from __future__ import annotations

import logging

import rules
from locales import Phrase
from rules import State
from store import StoreValueError

from .errors import (
    BadMoveNumber,
    BadOption,
)
from .game_settings import checked_language
from .log import log_lines
from .progress import standings
from .render_pool import VIEWS
from .repository import GameRepository
from .results import GameView, Table
from .seat_history import computer_log_lines
from .stories import Stories
from .undo import open_undo
from .validation import flag, instance_of, integer, is_int, language, shown

_log = logging.getLogger("autobahn.service")


class Looking:
    def __init__(self, repo: GameRepository) -> None:
        self.repo = repo
        self.stories = Stories(repo)

    # -- looking ----------------------------------------------------------------------------

    async def game(self, game_id: int) -> Table:
        """The game's row (seats, status, version, settings) without parsing its state.
        Raises UnknownGame."""
        return await self.repo.game(game_id)

    async def view(self, game_id: int) -> GameView:
        game = await self.repo.game(game_id)
        if game.status == "lobby" or (game.status == "abandoned" and game.action_count == 0
                                      and not await self.repo.store.read_snapshot(game_id)):
            return GameView(game, None, None, None, None, {}, {})
        state = await self.repo.state(game)
        over = rules.is_over(state)
        undo = None
        if not over:  # a vote waits for answers: /status says so (issue 31, item 13)
            with self.repo.translated(game_id):
                undo = open_undo(game, await self.repo.store.list_events(game_id))
        return GameView(game, state, rules.current_player(state), self.repo.decision_kind(state),
                        rules.era(state), standings(state) if over else rules.scores(state),
                        {p: rules.money(state, p) for p in state.order},
                        tuple(rules.winners(state)) if over else (), rules.autobot_seat(state),
                        undo)

    async def state_at(self, game_id: int, at_move: int | None = None) -> State:
        game = await self.repo.game(game_id)
        if game.status == "lobby":
            self.repo.require_running(game)
        if at_move is not None and not is_int(at_move):
            raise BadOption(name="at_move", value=shown(at_move), expected=Phrase("expect.number"))
        if at_move is None or at_move == game.action_count:
            return await self.repo.state(game)
        if not 0 <= at_move <= game.action_count:
            raise BadMoveNumber(move=at_move, count=game.action_count)
        return await self.repo.state_at(game, at_move)

    async def render(self, state: State, view: str = "full", lang: str = "en") -> bytes:
        """Any state's board (the facade's `render`), its input checked first."""
        instance_of(state, State, "state")
        if not isinstance(view, str) or view not in VIEWS:
            raise BadOption(name="view", value=shown(view), expected="map | players | full | card")
        language(lang)
        return await self.repo.render(state, view, lang)

    async def board(self, game_id: int, *, at_move: int | None = None, view: str = "full",
                    lang: str = "en") -> bytes:
        if not isinstance(view, str) or view not in VIEWS:
            raise BadOption(name="view", value=shown(view), expected="map | players | full | card")
        lang = checked_language(lang)
        state = await self.state_at(game_id, at_move)
        return await self.repo.render(state, view, lang, game=await self.repo.game(game_id))

    async def log(self, game_id: int, lang: str = "en", page: int | None = None,
                  told: bool = False, with_notation: bool = False) -> list[str]:
        """One line per move; `told`: a page (the latest unless `page`) of the told log,
        consequences, era changes and undos included (service.stories); `with_notation`:
        each move's notation in brackets (engine words: only for whoever asks)."""
        notation = flag(with_notation, "with_notation")
        if flag(told, "told"):
            return list((await self.stories.log_page(game_id, lang, page, notation)).lines)
        game = await self.repo.game(game_id)
        lang = checked_language(lang)
        with self.repo.translated(game_id):
            actions = await self.repo.store.read_log(game_id)
            events = await self.repo.store.list_events(game_id)
        return [*computer_log_lines(game, self.repo.names(game, lang), lang, events),
                *log_lines(actions, self.repo.names(game, lang), lang,
                           with_notation=notation)]

    # -- the board post -----------------------------------------------------------------------

    async def set_board_message(self, game_id: int, channel_id: int, message_id: int) -> bool:
        """Remember the game's latest board post (an adapter's channel and message ids),
        which reminders link to; read it back as `Table.board_channel_id` and
        `Table.board_message_id`. An older post never replaces a newer one; returns
        whether this one is now stored. Raises UnknownGame, BadOption (bad ids)."""
        await self.repo.game(game_id)
        integer(channel_id, "channel", 1)
        integer(message_id, "message", 1)
        with self.repo.translated(game_id):
            try:
                return await self.repo.store.set_board_message(game_id, channel_id, message_id)
            except StoreValueError:
                raise BadOption(name="message", value=str(message_id)[:30],
                                expected=Phrase("expect.message_id")) from None

