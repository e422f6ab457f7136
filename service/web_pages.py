"""The web page of a game (issue 36): its private link and what the page shows.

A game's page is reachable only through an unguessable token kept in its settings
(`web_token`, never shown among the settings, never exported); the host gets a new one
with `/game settings` (`web_link:new`), which ends every old link at once. Every read
here takes the token and answers a wrong one exactly as a game that does not exist, so a
guess learns nothing.

The page shows the board at any move: the log is the truth, so a move's board is the
deal with the first N actions applied (each game's steps are replayed once per version
and kept for a few games). Nothing of the future is ever handed out: the map and boards
are drawn from the state (render.svg_map, render.web_boards), which show what the PNG
shows, never the seed, the generator or the order of the bag and decks.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
from collections import OrderedDict
from typing import Any

import render.svg_map
import render.web_boards
import rules
from locales import translate
from rules import State, map_changes
from store import GameEdit

from .errors import BadMoveNumber, UnknownGame
from .progress import initial_state, solo_level, turn_passed
from .repository import GameRepository
from .results import Table, WebBoard
from .stories import Stories
from .story import Step, steps, tell
from .validation import game_id as checked_game_id
from .validation import integer, language

TOKEN_KEY = "web_token"  # the settings key of a game's page token
TOKEN_BYTES = 24  # 192 bits: 32 URL-safe characters
STEP_GAMES = 8  # games whose replayed steps are kept (a 220-move game: ~0.4 MB, 40 ms)


PAGE_PATH = "/g/{game}/{token}"  # a game's page, below the base address


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class WebPages:
    def __init__(self, repo: GameRepository, stories: Stories) -> None:
        self.repo = repo
        self.stories = stories
        # game id -> (version, the game's steps): replay at any move without replaying
        self._steps: OrderedDict[int, tuple[int, list[Step]]] = OrderedDict()
        # Where the pages' links start, set by whoever serves the pages (None: no pages).
        self.base_url: str | None = None

    def set_web_base(self, base_url: str | None) -> None:
        """Where the served pages' links start ("http://localhost:8080"); None: off."""
        self.base_url = base_url.rstrip("/") if base_url else None

    async def web_link(self, game_id: int) -> str | None:
        """The game's page link, None while no pages are served. Raises UnknownGame."""
        if self.base_url is None:
            return None
        token = await self.web_token(game_id)
        return self.base_url + PAGE_PATH.format(game=int(game_id), token=token)

    # -- the link ---------------------------------------------------------------------------

    async def web_token(self, game_id: int) -> str:
        """The game's page token, made on first use (a game from before the web page has
        none). Raises UnknownGame."""
        game = await self.repo.game(game_id)
        token = game.settings.get(TOKEN_KEY)
        if isinstance(token, str) and token:
            return token
        made = new_token()

        def first(locked: Table) -> GameEdit:  # another writer may have made one first
            if locked.settings.get(TOKEN_KEY):
                return GameEdit()
            return GameEdit(settings={**locked.settings, TOKEN_KEY: made})

        return str((await self.repo.edit(game.id, first)).settings[TOKEN_KEY])

    async def rotate_web_token(self, game_id: int, by_user: str) -> str:
        """A new token for the game's page (host only): every old link stops working.
        Raises UnknownGame, NotHost."""
        made = new_token()

        def rotate(locked: Table) -> GameEdit:
            self.repo.require_host(locked, by_user)
            return GameEdit(settings={**locked.settings, TOKEN_KEY: made})

        await self.repo.edit(checked_game_id(game_id), rotate, by_user)
        return made

    async def game_for_page(self, game_id: Any, token: Any) -> Table:
        """The game whose page `token` opens. A wrong token, a game without one or a game
        that does not exist all raise UnknownGame alike (constant-time comparison)."""
        if isinstance(game_id, str) and game_id.isdigit() and len(game_id) < 13:
            game_id = int(game_id)  # as a page address gives it
        try:
            game_id = checked_game_id(game_id)
        except Exception:
            raise UnknownGame(game=str(game_id)[:20]) from None
        try:
            game = await self.repo.game(game_id)
        except UnknownGame:
            game = None
        stored = game.settings.get(TOKEN_KEY) if game is not None else None
        given = (token.encode("utf-8", "replace") if isinstance(token, str)
                 and len(token) <= 64 else b"")
        expected = stored.encode() if isinstance(stored, str) and stored else b"\0" * 32
        if not hmac.compare_digest(given, expected) or game is None or not stored:
            raise UnknownGame(game=game_id)
        return game

    # -- what the page shows ----------------------------------------------------------------

    async def web_board(self, game_id: int, token: str, at_move: int | None = None,
                        lang: str = "en") -> WebBoard:
        """The page's board at move `at_move` (None: the latest), in `lang`: the map, the
        header, the shared boards, the players' boards, the score by department, and the
        turn up to that move told with what it changed on the map. Raises UnknownGame
        (also for a wrong token), BadMoveNumber, BadOption."""
        game = await self.game_for_page(game_id, token)
        lang = language(lang)
        title = self.title(game, lang)
        if game.status == "lobby":
            return WebBoard(game.id, title, game.status, game.version, 0, 0, lang,
                            names=tuple(self.repo.names(game, lang)[p] for p in game.player_ids))
        all_steps = await self.steps(game)
        moves = len(all_steps)
        move = moves if at_move is None else integer(at_move, "at_move", 0, 1_000_000)
        if move > moves:
            raise BadMoveNumber(move=move, count=moves)
        names = self.repo.names(game, lang)
        turn = _turn_up_to(all_steps, move)
        state = all_steps[move - 1].after if move else await self._deal(game)
        marks = map_changes(turn[0].before, state) if turn else None
        story = tuple(tell(turn, names, lang)) if turn else ()
        map_title = translate("web.map_title", lang, game=title)
        parts = await asyncio.to_thread(_draw, state, lang, names, marks, map_title)
        return WebBoard(game.id, title, game.status, game.version, move, moves, lang,
                        names=tuple(names.get(p, p) for p in state.order),
                        over=rules.is_over(state), story=story, **parts)

    async def web_log(self, game_id: int, token: str, lang: str = "en") -> tuple[str, ...]:
        """The whole game told, move by move (the told log of `/log`, every page)."""
        game = await self.game_for_page(game_id, token)
        lang = language(lang)
        if game.status == "lobby":
            return ()
        return await self.stories.told_log(game.id, lang)

    @staticmethod
    def title(game: Table, lang: str) -> str:
        name = game.settings.get("name")
        return translate("web.game_title", lang, game=game.id) + (
            f" · {name}" if isinstance(name, str) and name else "")

    async def steps(self, game: Table) -> list[Step]:
        """Every step of the game's log (kept per version for STEP_GAMES games)."""
        cached = self._steps.get(game.id)
        if cached is not None and cached[0] == game.version:
            self._steps.move_to_end(game.id)
            return cached[1]
        with self.repo.translated(game.id):
            log = await self.repo.store.read_log(game.id)
        start = await self._deal(game)
        done = steps(start, ((a.player_id, a.notation) for a in log))
        self._steps[game.id] = (game.version, done)
        self._steps.move_to_end(game.id)
        while len(self._steps) > STEP_GAMES:
            self._steps.popitem(last=False)
        return done

    async def _deal(self, game: Table) -> State:
        return initial_state(game.edition_hash, game.player_ids, game.seed,
                             solo_level(game.settings))


def _turn_up_to(all_steps: list[Step], move: int) -> list[Step]:
    """The steps of the turn that move `move` belongs to, up to that move: what the page
    tells and marks on the map (the whole last turn, when the latest move is shown)."""
    if move == 0:
        return []
    first = move - 1
    while first > 0 and not turn_passed(all_steps[first - 1].before, all_steps[first - 1].after):
        first -= 1
    return all_steps[first:move]


def stylesheet() -> str:
    """The page stylesheet's colours (roads, players, the change mark), from the boards'
    own palette (render.style)."""
    return render.web_boards.road_css()


def _draw(state: State, lang: str, names: dict[str, str], marks: rules.MapChanges | None,
          title: str) -> dict[str, Any]:
    return {
        "map_svg": render.svg_map.map_svg(state, lang, names, marks, title),
        "label_size": render.svg_map.label_size(),
        "header_html": render.web_boards.header_html(state, lang, names),
        "shared_html": render.web_boards.shared_html(state, lang, names),
        "scores_html": render.web_boards.scores_html(state, lang, names),
        "players_html": render.web_boards.players_html(state, lang, names),
    }
