"""The told game (issue 14): the latest turn for the turn post and the console, the log as
pages with its era changes and undos, and "since your last turn" for the ping.

Each call replays the log once with every intermediate state (service.story.steps): the
same cost as the replay a lost turn post already makes, and nothing is stored twice. The
turn post right after a move is the exception: the service still holds the state the
ended turn began with (service.turn_start), so only that turn's few actions are applied.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import rules
from locales import translate
from store import Event

from .deadlines import Deadlines
from .progress import initial_state, solo_level
from .repository import GameRepository
from .results import ActResult, Table
from .seat_history import computer_log_lines, marked_names, played_by_computer, stints
from .seat_settings import replaced_seats
from .story import Step, page_of, since_last_turn, steps, tell, turns, undo_line
from .validation import flag, integer, optional_language, player_id
from .validation import language as checked_language

LOG_PAGE = 25  # lines a /log page shows: well under Discord's 2000 characters


@dataclass(frozen=True, slots=True)
class LogPage:
    lines: tuple[str, ...]
    page: int  # 1-based
    pages: int


class Stories:
    def __init__(self, repo: GameRepository) -> None:
        self.repo = repo

    async def _steps(self, game_id: int) -> list[Step]:
        game = await self.repo.game(game_id)
        if game.status == "lobby":
            return []
        with self.repo.translated(game_id):
            log = await self.repo.store.read_log(game_id)
        start = initial_state(game.edition_hash, game.player_ids, game.seed,
                              solo_level(game.settings))
        return steps(start, ((a.player_id, a.notation) for a in log))

    async def turn_story(self, game_id: int, lang: str | None = None) -> tuple[str, ...]:
        """The latest turn told: the last human turn and the Autobot's turns after it,
        each decision with what it changed; the ranked end if the game ended."""
        optional_language(lang)
        game = await self.repo.game(game_id)
        lang = checked_language(lang or game.language)
        # A seat a computer plays is named so (never as the human to move): "Ben (computer)";
        # at the end, every seat a computer played at some time.
        seats = (played_by_computer(game, await self._events(game)) if game.status != "running"
                 else set(replaced_seats(game.settings)))
        names = marked_names(game, self.repo.names(game, lang), lang, seats)
        ended = self.repo.turn_starts.ended(game_id, game.action_count, game.version)
        if ended is not None:
            moves, begun = ended
            with self.repo.translated(game_id):
                log = await self.repo.store.read_log(game_id, moves + 1)
            told = steps(begun, ((a.player_id, a.notation) for a in log), moves + 1)
            return (*Deadlines.headline(game, log, names, lang), *tell(told, names, lang))
        groups = turns(await self._steps(game_id))
        if not groups:
            return ()
        first = len(groups) - 1
        while first > 0 and groups[first][0].player not in game.player_ids:
            first -= 1  # the Autobot's turns belong with the human turn before them
        told = [step for group in groups[first:] for step in group]
        # A turn an expired deadline or auto-pass played says so first (service.deadlines).
        with self.repo.translated(game_id):
            log = await self.repo.store.read_log(game_id, told[0].seq) if told else []
        return (*Deadlines.headline(game, log, names, lang), *tell(told, names, lang))

    async def _events(self, game: Table) -> list[Event]:
        with self.repo.translated(game.id):
            return await self.repo.store.list_events(game.id)

    def move_story(self, game: Table, result: ActResult, lang: str) -> tuple[str, ...]:
        """One committed move told as the story tells it ("ann: Bauen: Hamburg–Bremen ..."
        and what it changed), then the Autobot's turns played after it; the ranked end if
        it ended the game. Told from the result's states: no replay."""
        lang = checked_language(lang)
        names = marked_names(game, self.repo.names(game, lang), lang,
                             set(replaced_seats(game.settings)))
        before = result.before
        if before is None or result.state is None:
            return (translate("story.step", lang, player=names.get(result.player,
                                                                   result.player),
                              action=result.notation),)
        after = (rules.apply(before, result.player, result.notation) if result.autobot
                 else result.state)
        told = [Step(result.player, result.notation, before, after, result.move)]
        if result.autobot:
            bot = rules.autobot_seat(before)
            assert bot is not None  # the Autobot moved: a solo game
            told += steps(after, [(bot, n) for n in result.autobot], result.move + 1)
        return tuple(tell(told, names, lang))

    async def since_last_turn(self, game_id: int, user_id: str,
                              lang: str | None = None) -> list[str]:
        """What the others did since `user_id` last decided, in a few lines."""
        optional_language(lang)
        user_id = player_id(user_id)
        game = await self.repo.game(game_id)
        lang = checked_language(lang or game.language)
        events = await self._events(game)
        # The moves a computer made for `user_id` count as the others': they have not seen them.
        for_them = {seq for s in stints(events) if s.player == user_id
                    for seq in range(s.first, (s.last or game.action_count) + 1)}
        names = marked_names(game, self.repo.names(game, lang), lang,
                             played_by_computer(game, events))
        return since_last_turn(await self._steps(game_id), user_id, names, lang, for_them)

    async def log_page(self, game_id: int, lang: str = "en",
                       page: int | None = None, with_notation: bool = False) -> LogPage:
        """One page of the told log (the latest when `page` is None): every move with its
        consequences, era changes marked, and each undo where its moves were;
        `with_notation`: each move's notation in brackets, for whoever asks for it."""
        game = await self.repo.game(game_id)
        lang = checked_language(lang)
        if page is not None:
            page = integer(page, "page", 1, 1_000_000)
        names = self.repo.names(game, lang)
        events = await self._events(game)
        lines = await self._told(game, names, lang, events,
                                 flag(with_notation, "with_notation"))
        shown, number, pages = page_of(lines, page, LOG_PAGE, lang)
        # Which seats computers play(ed), on every page: the latest page is the one shown.
        seats = computer_log_lines(game, names, lang, events)
        at = 1 if pages > 1 else 0
        return LogPage(tuple([*shown[:at], *seats, *shown[at:]]), number, pages)


    async def told_log(self, game_id: int, lang: str = "en",
                       with_notation: bool = False) -> tuple[str, ...]:
        """The whole told log, every page of `log_page` in one (the web page's log)."""
        game = await self.repo.game(game_id)
        lang = checked_language(lang)
        names = self.repo.names(game, lang)
        events = await self._events(game)
        return (*computer_log_lines(game, names, lang, events),
                *await self._told(game, names, lang, events,
                                  flag(with_notation, "with_notation")))

    async def _told(self, game: Table, names: Mapping[str, str], lang: str,
                    events: list[Event], notation: bool = False) -> list[str]:
        """Every move with its consequences, era changes marked, and each undo where its
        moves were; the empty log's line for a game without moves."""
        marks = sorted((e for e in events if e.kind == "undo"), key=lambda e: e.id)
        lines: list[str] = []
        for step in await self._steps(game.id):
            while marks and _first_removed(marks[0].detail) <= step.seq:
                lines.append(_undo(marks.pop(0), names, lang))
            lines += _numbered(step, names, lang, notation)
        lines += [_undo(m, names, lang) for m in marks]
        return lines or [translate("log.empty", lang)]


def _first_removed(detail: Mapping[str, Any]) -> int:
    removed = detail.get("removed") or []
    return int(removed[0]["seq"]) if removed else 0


def _numbered(step: Step, names: Mapping[str, str], lang: str, notation: bool) -> list[str]:
    told = tell([step], names, lang)
    text = f"{told[0]}  [{step.notation}]" if notation else told[0]
    head = translate("log.line", lang, move=step.seq, text=text)
    return [head, *told[1:]]


def _undo(event: Event, names: Mapping[str, str], lang: str) -> str:
    return undo_line(event.user_id, event.detail, names, lang)
