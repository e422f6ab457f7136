"""The console's table: one session's commands over the same `GameService` as Discord.

It acts for whoever must decide (or `as <name> ...`), prints a short status after each
action and keeps going after an error: only /quit, the end of input or Ctrl-C ends it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from locales import Phrase, translate
from service import CONSOLE, ActResult, GameService, RuleError, ServiceError, Table, message
from service.errors import BadOption, NotYourTurn
from service.labels import in_display_order, legal_lines, settings_text
from service.names import start_words
from service.seat_settings import computer_level

from .io import NotARecordFile, file_problem, read_record_file, write_record_file
from .options import int_option, options, scores_text
from .pace import PaceCommands
from .votes import Votes, to_move

log = logging.getLogger("autobahn.console")
OPEN = ("lobby", "running")  # a game the table may go back to
FOLLOW_UP_LISTED = 24  # a follow-up decision with more choices is left to /legal
DEFAULT_NAMES = ("ann", "ben", "cem", "dan")
# The options each `/game` subcommand takes (None: any key, checked by the service).
GAME_OPTIONS: dict[str, tuple[str, ...] | None] = {
    "new": ("players", "names", "seed", "start", "level", "bots", "deadline", "at_deadline",
            "edition"),
    "list": (), "start": (),
    "join": ("name",), "leave": ("name",), "switch": ("game",), "abandon": None,
    "settings": None, "replace": None, "reclaim": (), "add-bot": ("level",),
    "history": None, "autopass": ("until",), "rematch": (),
}


class Console:
    """A table in the terminal: parses a command line, calls the service, prints the
    outcome in the session's language. /undo and the abandon vote live in `Votes`."""

    def __init__(self, service: GameService, *, lang: str = "en", boards: Path = Path("boards"),
                 out: Callable[[str], None] = print) -> None:
        self.service = service
        self.lang = lang
        self.boards = boards
        self.out = out
        self.game_id: int | None = None
        self.votes = Votes(self)
        self.pace = PaceCommands(self)  # /stats, /game history (console/pace.py)
        service.on_computer_move(self._on_computer)

    def say(self, code: str, **params: Any) -> None:
        self.out(translate(code, self.lang, **params))

    # -- the session ------------------------------------------------------------------------

    async def resume(self) -> None:
        """The open game played last (of several open, the one a move was made in last,
        not the newest), else the last one that ended: it stays the table's game to look
        at. A computer that owes a move plays it now, as it would have had the session not
        ended (issue 30 item 13: it waited for someone to type `/act` for it)."""
        games = (await self.service.games_here(CONSOLE)
                 or await self.service.games_here(CONSOLE, active=False))
        if not games:
            self.say("console.no_game")
            return
        chosen = max(games, key=lambda g: (g.updated_at, g.id))
        self.game_id = chosen.id
        self.say("console.resumed", game=self.game_id)
        others = [g.id for g in games if g.id != chosen.id and g.status in OPEN]
        if others:
            self.say("console.also_open", count=len(others),
                     games=", ".join(str(n) for n in others), first=others[0])
        await self.status()
        await self.say_web_link()
        await self._computers_play()

    async def _computers_play(self) -> None:
        """The computers' moves owed in the table's game, played and printed now."""
        if self.game_id is not None:
            self.service.kick_computers(self.game_id)
            await self.service.computers_idle()

    async def say_web_link(self) -> None:
        """The table's game in a browser, when the pages are served (WEB_PORT, --web)."""
        url = await self.service.web_link(self.game_id) if self.game_id else None
        if url:
            self.say("web.console_link", url=url)

    async def handle(self, line: str) -> bool:
        """Run one command line; False when the session should end."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        actor: str | None = None
        if line.lower().startswith("as "):
            _, actor, line = [*line.split(None, 2), "", ""][:3]
        head, _, rest = line.partition(" ")
        head = head.lower()
        if head in ("/quit", "/exit"):
            return False
        try:
            if actor is not None and not head:  # "as ann" and nothing to do
                raise ServiceError("console.as_needs_command", player=actor)
            await self.pace.settle()  # turns whose time ran out (console/pace.py)
            await self._dispatch(head, rest.strip(), actor)
            await self.service.computers_idle()  # the computers' turns, before the prompt
            await self.pace.settle()
        except (ServiceError, RuleError) as err:
            self.out("! " + message(err, self.lang))
        except Exception as err:  # never end the session on a bug: log it, say so, go on
            log.exception("console command failed: %s", line)
            self.out("! " + translate("internal_error", self.lang, ref=type(err).__name__))
        return True

    async def _dispatch(self, head: str, rest: str, actor: str | None) -> None:
        commands = {
            "/game": self.game, "/act": self.act, "/pass": self.act, "/legal": self.legal,
            "/board": self.board, "/status": self.status_cmd, "/log": self.log,
            "/undo": self.votes.undo, "/export": self.export, "/import": self.import_,
            "/help": self.help, "/rules": self.rules, "/hint": self.hint,
            "/stats": self.pace.stats,
        }
        handler = commands.get(head)
        if handler is None:
            self.say("console.unknown_command", command=head)
            return
        if head == "/pass":
            rest = "pass"
        await handler(rest, actor)

    # -- helpers ----------------------------------------------------------------------------

    def require_game(self) -> int:
        if self.game_id is None:
            raise ServiceError("no_game_here")
        return self.game_id

    async def resolve_actor(self, actor: str | None) -> str:
        """`as <name>` (a display name or id), else the player who must decide."""
        if actor is None:
            return await self.service.deciding(self.require_game())
        game = await self.service.game(self.require_game())
        for p in game.players:
            if actor in (p.user_id, p.display_name):
                return p.user_id
        raise ServiceError("not_a_player", player=actor, game=game.id)

    def _save(self, name: str, png: bytes) -> None:
        """Write a board image and say where. It is written after the move was committed:
        a folder that cannot take it (read-only, full, a file in the way) is one line of
        warning, never an error that would tell the player the saved move failed (issue 30
        item 14)."""
        path = self.boards / name
        try:
            self.boards.mkdir(parents=True, exist_ok=True)
            path.write_bytes(png)
        except OSError as err:
            self.say("console.board_not_written", path=path, problem=file_problem(err))
            return
        self.say("console.board_saved", path=path)

    # -- commands ---------------------------------------------------------------------------

    async def help(self, rest: str, actor: str | None) -> None:
        self.say("console.help")
        self.say("console.help_pace")
        self.say("console.help_rules")

    async def rules(self, rest: str, actor: str | None) -> None:
        """The player aid as the console shows it (issue 31 item 14): Discord's is
        markdown and ends with how to pick a choice there (buttons, menus, /zug, /jouer);
        here the emphasis is plain and the last part tells how to pick one here."""
        aid = translate("rules.aid", self.lang).split("\n")[:-1]
        for line in aid:
            self.out(line.replace("**", "").replace("*", ""))
        self.say("console.rules_playing")

    async def game(self, rest: str, actor: str | None) -> None:
        sub, _, args = rest.partition(" ")
        sub = sub.lower()
        if sub not in GAME_OPTIONS:
            raise ServiceError("console.game_usage", options=", ".join(GAME_OPTIONS))
        opts = options(args, f"/game {sub}", GAME_OPTIONS[sub])
        svc = self.service
        if sub == "history":
            await self.pace.history(args)
        elif sub == "autopass":
            await self.pace.autopass(args, actor)
        elif sub == "rematch":
            await self.pace.rematch(args, actor)
        elif sub == "new":
            await self._new(opts)
        elif sub == "list":
            games = await svc.games_here(CONSOLE, active=False)
            if not games:
                self.say("game.list_empty")
            for g in games:
                turn = (translate("game.list_turn", self.lang,
                                  player=svc.name(g, g.current_player))
                        if g.current_player and g.status == "running" else "")
                mark = "*" if g.id == self.game_id else ""
                self.say("game.list_item", game=f"#{g.id}{mark}",
                         status=translate(f"game.state.{g.status}", self.lang),
                         players=", ".join(p.display_name for p in g.players), turn=turn)
        elif sub == "switch":
            game = await svc.game(int_option(opts, "game"))
            self.game_id = game.id
            self.say("console.switched", game=game.id)
            await self.status()
            await self.say_web_link()
            await self._computers_play()
        elif sub == "start":
            game = await svc.game(self.require_game())
            await self._start(game, await self.resolve_actor(actor) if actor else game.host_id)
        elif sub in ("join", "leave"):
            name = opts.get("name") or actor or ""
            if not name:
                raise BadOption(name="name", value="", expected="name:<player>")
            if sub == "join":
                await svc.join(self.require_game(), name, name)
            else:
                await svc.leave(self.require_game(), name)
            self.say(f"game.{sub}ed" if sub == "join" else "game.left",
                     player=name, game=self.require_game())
        elif sub == "abandon":
            game = await svc.game(self.require_game())
            by = actor or game.host_id
            answer = args.strip().lower()
            if answer in ("yes", "no"):  # an answer to the open vote
                done = await svc.vote_abandon(game.id, by, answer == "yes")
            elif not answer:
                done = await svc.abandon(game.id, by)
            else:
                raise BadOption(name="/game abandon", value=args.strip(),
                                expected=Phrase("expect.abandon_word"))
            self.votes.report_abandon(game, done)
        elif sub in ("replace", "reclaim", "add-bot"):
            await self.votes.seat(sub, opts, args, actor)
        elif sub == "settings":
            game = await svc.game(self.require_game())
            rotate = opts.pop("web_link", None)
            if rotate is not None and rotate.lower() != "new":
                raise BadOption(name="web_link", value=rotate[:30], expected="new")
            changed = await svc.update_settings(game.id, actor or game.host_id, opts)
            if rotate is not None:
                await svc.rotate_web_token(game.id, actor or game.host_id)
                url = await svc.web_link(game.id)
                if url:
                    self.say("web.rotated", url=url)
            self.say("game.settings", game=game.id,
                     settings=settings_text(changed.settings, self.lang))

    async def _new(self, opts: dict[str, str]) -> None:
        names = [n for n in opts.get("names", "").split(",") if n]
        seats = int_option(opts, "players", len(names) or 3)
        if "bots" in opts:
            await self._new_with_bots(opts, names, seats)
            return
        level = int_option(opts, "level") if "level" in opts else None
        if seats == 1 or level is not None:
            await self._new_solo(opts, names, seats, level)
            return
        if not 2 <= seats <= len(DEFAULT_NAMES):
            raise BadOption(name="players", value=seats, expected=f"2-{len(DEFAULT_NAMES)}")
        if not names:
            names = list(DEFAULT_NAMES[:seats])
        if len(names) != seats:
            raise BadOption(name="names", value=",".join(names), expected=Phrase("expect.names"))
        seed = int_option(opts, "seed") if "seed" in opts else None
        # Every seat in the one transaction that creates the game: a refused name (a
        # duplicate, one the service cannot store) leaves no half-seated lobby behind.
        game = await self.service.create_game(
            CONSOLE, names[0], names[0], seats=seats, seed=seed, language=self.lang,
            players=[(name, name) for name in names[1:]], edition=opts.get("edition"))
        await self._opened(game, opts, "game.created", count=seats)

    async def _new_with_bots(self, opts: dict[str, str], names: list[str],
                             seats: int) -> None:
        """`/game new players:3 bots:2 level:strong`: computer players in the last seats."""
        bots = int_option(opts, "bots")
        if not 0 <= bots < seats:  # said of `bots`, before anything is made of the names
            raise BadOption(name="bots", value=bots, expected=f"0-{seats - 1}")
        humans = names or list(DEFAULT_NAMES[:seats - bots])
        seed = int_option(opts, "seed") if "seed" in opts else None
        game = await self.service.create_game(
            CONSOLE, humans[0], humans[0], seats=seats, seed=seed, language=self.lang,
            players=[(name, name) for name in humans[1:]], bots=bots,
            bot_level=opts.get("level"), edition=opts.get("edition"))
        await self._opened(game, opts, "game.created", count=seats)

    async def _on_computer(self, result: ActResult) -> None:
        if result.game_id == self.game_id:
            await self._report(result)

    async def hint(self, rest: str, actor: str | None) -> None:
        player = await self.resolve_actor(actor)
        found = await self.service.hint(self.require_game(), player, self.lang)
        self.out(translate(found.reason, self.lang, **found.reason.params))

    async def _new_solo(self, opts: dict[str, str], names: list[str], seats: int,
                        level: int | None) -> None:
        """`/game new players:1 level:N`: one human against the Autobot (SOLO.md)."""
        if seats != 1:
            raise BadOption(name="players", value=seats, expected="1")
        names = names or list(DEFAULT_NAMES[:1])
        if len(names) != 1:
            raise BadOption(name="names", value=",".join(names), expected=Phrase("expect.names"))
        seed = int_option(opts, "seed") if "seed" in opts else None
        game = await self.service.create_game(CONSOLE, names[0], names[0], seats=1, seed=seed,
                                              language=self.lang, solo_level=level,
                                              edition=opts.get("edition"))
        await self._opened(game, opts, "game.created_solo", level=level)

    async def _opened(self, game: Table, opts: dict[str, str], said: str,
                      **params: object) -> None:
        """A game just made by `/game new`: it becomes the table's game, is announced, and
        is dealt at once unless `start:no` asked for the lobby. The game the table had open
        stays as it was, and the player is told how to go back to it."""
        if self.game_id is not None and self.game_id != game.id:
            before = await self.service.game(self.game_id)
            if before.status in OPEN:
                self.say("console.left_open", game=before.id)
        self.game_id = game.id
        self.say(said, game=game.id, seed=game.seed, **params)
        await self.pace.new_options(game.id, game.host_id, opts)
        await self.say_web_link()
        if opts.get("start", "yes").lower() not in ("no", "false", "off"):
            await self._start(game)
        else:
            await self.status()

    async def _start(self, game: Table, by_user: str | None = None) -> None:
        started = await self.service.start(game.id, by_user or game.host_id)
        names = self.service.names(started.game, self.lang)
        code, words = start_words(started.game, started.turn_order, started.first_player)
        self.say(code, game=game.id, **{
            role: ", ".join(names.get(p, p) for p in who) if role == "players"
            else names.get(who, who) if isinstance(who, str) else who
            for role, who in words.items()})
        if started.board is not None:  # None: it could not be drawn; /board draws it later
            self._save(f"game{game.id}-move0000.png", started.board)
        await self.status()

    async def act(self, rest: str, actor: str | None) -> None:
        if rest.lower().startswith("as "):  # "/act as ben pass" reads naturally too
            _, actor, rest = [*rest.split(None, 2), "", ""][:3]
        game_id = self.require_game()
        player = await self.resolve_actor(actor)
        if not rest.strip():
            raise ServiceError("console.act_needs_action")
        if rest.strip().isdigit():  # "/act 12": number 12 of /legal, down the screen
            deciding = await self.service.deciding(game_id)
            if deciding != player:  # `as ben /act 1` on ann's turn: ben has no choice 1
                game = await self.service.game(game_id)
                raise NotYourTurn(current=self.service.name(game, deciding, self.lang),
                                  player=self.service.name(game, player, self.lang))
            shown = in_display_order(
                (await self.service.labelled(game_id, player, self.lang)).items)
            number = int(rest)
            if not 1 <= number <= len(shown):
                raise ServiceError("console.no_such_choice", number=number, count=len(shown))
            rest = shown[number - 1].notation
        result = await self.service.act(game_id, player, rest, lang=self.lang)
        await self._report(result)

    async def _report(self, result: ActResult) -> None:
        """A committed move as the story tells it (its label and what it changed), then
        the board and who decides next, every seat by its name in the table's language."""
        game = await self.service.game(result.game_id)
        for line in self.service.move_story(game, result, self.lang):
            self.out(line)
        if result.board is not None:
            self._save(f"game{result.game_id}-move{result.move:04d}.png", result.board)
        names = self.service.names(game, self.lang)
        if result.over:
            self.say("game.finished", scores=scores_text(result.scores or {}, names),
                     winners=", ".join(names.get(w, w) for w in result.winners))
        elif result.next_player is not None:
            # Also when the same player decides again (build -> promote, load -> move):
            # a scripted or new player must always see what the table waits for.
            self.say("act.next", decision=translate(f"decision.{result.decision}", self.lang),
                     player=to_move(game, result.next_player, names, self.lang))
            await self._follow_up(game, result)

    async def _follow_up(self, game: Table, result: ActResult) -> None:
        """A decision that follows from the last one (a route card, a promotion, a truck's
        move, a bonus...) lists its choices at once, as Discord's buttons show them: a
        player should not need /legal before every /act N (issue 31 item 14). A turn's
        main decision (up to ~50 choices) and a computer's are left to /legal."""
        player = result.next_player
        if (player is None or result.decision in ("main", "autobot")
                or computer_level(game.settings, player) is not None):
            return
        found = await self.service.labelled(game.id, player, self.lang)
        if not 0 < len(found.items) <= FOLLOW_UP_LISTED:
            return
        name = self.service.name(game, player, self.lang)
        for text in legal_lines(name, found.items, self.lang):
            self.out(text)

    async def legal(self, rest: str, actor: str | None) -> None:
        player = await self.resolve_actor(actor) if actor else None
        found = await self.service.labelled(self.require_game(), player, self.lang)
        game = await self.service.game(self.require_game())
        name = self.service.name(game, found.player, self.lang)  # "Computer 2", not cpu2
        for text in legal_lines(name, found.items, self.lang):
            self.out(text)

    async def board(self, rest: str, actor: str | None) -> None:
        opts = options(rest, "/board", ("at_move", "view"))
        at = int_option(opts, "at_move") if "at_move" in opts else None
        view = opts.get("view", "full")
        png = await self.service.board(self.require_game(), at_move=at, view=view, lang=self.lang)
        suffix = f"-at{at:04d}" if at is not None else ""
        self._save(f"game{self.require_game()}-board{suffix}-{view}.png", png)

    async def status_cmd(self, rest: str, actor: str | None) -> None:
        await self.status()

    async def status(self) -> None:
        if self.game_id is None:
            self.say("console.no_game")
            return
        view = await self.service.view(self.game_id)
        game, names = view.game, self.service.names(view.game, self.lang)
        if game.status == "lobby":
            seats = int(game.settings.get("seats", 0))
            if len(game.players) >= seats:  # nobody left to invite: it waits for the start
                self.say("status.lobby_full", game=game.id, players=", ".join(names.values()))
                self.say("console.start_hint")
            else:
                self.say("status.lobby", game=game.id, count=len(game.players), seats=seats,
                         players=", ".join(names.values()))
        elif game.status == "abandoned":
            self.say("status.abandoned", game=game.id)
        elif view.next_player is None:
            self.say("status.over", game=game.id, scores=scores_text(view.scores, names),
                     winners=", ".join(names.get(w, w) for w in view.winners))
        else:
            self.say("status.turn", game=game.id, move=game.action_count + 1, era=view.era,
                     player=to_move(game, view.next_player, names, self.lang),
                     decision=translate(f"decision.{view.decision}", self.lang))
            for pid, money in view.money.items():
                if pid == view.autobot:  # it never has money (SOLO S-9): its points only
                    self.say("status.autobot", player=names.get(pid, pid),
                             count=view.scores.get(pid, 0))
                else:
                    self.say("status.player", player=names.get(pid, pid), money=money,
                             count=view.scores.get(pid, 0))
            if view.undo is not None:  # a vote still waiting for answers
                self.say("status.undo_pending", asker=names.get(view.undo.asker, "?"),
                         count=view.undo.count,
                         waiting=", ".join(names.get(p, p) for p in view.undo.waiting))
            for line in await self.pace.status_lines(game.id):
                self.out(line)

    async def log(self, rest: str, actor: str | None) -> None:
        # `/log notation:yes` adds each move's notation, for whoever wants to copy it
        opts = options(rest, "/log", ("notation",))
        notation = opts.get("notation", "no").lower() in ("yes", "true", "on", "ja", "oui")
        for line in await self.service.log(self.require_game(), self.lang,
                                           with_notation=notation):
            self.out(line)

    async def export(self, rest: str, actor: str | None) -> None:
        game_id = self.require_game()
        record = await self.service.export(game_id)
        path = Path(rest.strip() or f"game{game_id}.json")
        try:
            write_record_file(path, json.dumps(record, indent=1, ensure_ascii=False) + "\n")
        except (OSError, NotARecordFile) as err:
            raise ServiceError("console.file_error", path=path, reason=file_problem(err)) from None
        self.say("console.exported", path=path)

    async def import_(self, rest: str, actor: str | None) -> None:
        if not rest.strip():  # Path("") is ".", which would be refused as a folder
            raise ServiceError("console.needs_file", command="/import")
        path = Path(rest.strip())
        try:
            data = read_record_file(path)  # size and nesting bounded first: BadRecord
            record = json.loads(data.decode("utf-8"))
        except (OSError, ValueError) as err:
            raise ServiceError("console.file_error", path=path, reason=file_problem(err)) from None
        host = (record.get("players") or ["host"])[0] if isinstance(record, dict) else "host"
        game = await self.service.import_record(CONSOLE, str(host), record, self.lang)
        self.game_id = game.id
        self.say("console.imported", game=game.id, count=game.action_count)
        await self.status()
        await self.say_web_link()
