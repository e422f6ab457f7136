"""`GameService`: create, join, start, act, look and end games — Discord-free.

Both adapters (the console and the Discord cogs) call these coroutines and translate what
comes back; a user's mistake is a `ServiceError` (or `IllegalAction` wrapping a
`RuleError`) with a code and parameters, never an English sentence.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import rules
from locales import Phrase
from rules import RuleError, State
from store import ActionRecord, Game, ReminderRequest, StoreValueError

from .abandon import AbandonMixin
from .animation import AnimationMixin
from .backups import BackupsMixin
from .checked import InputChecks
from .computer import (
    ComputerMixin,
    checked_level,
    computer_log_lines,
    computer_marks,
    computer_name,
)
from .errors import (
    BadMoveNumber,
    BadOption,
    GameFull,
    GameOver,
    IllegalAction,
    NotEnoughPlayers,
    SeatTaken,
    StaleVersion,
)
from .game_settings import checked_language, create_settings, setting
from .labels import labelled
from .log import log_lines
from .places import PlacesMixin, one_per_place
from .records import check_record, make_record
from .reminding import RemindingMixin
from .replay import autobot_moves, changes, edition_named, initial_state, solo_level, turn_passed
from .results import ActResult, GameView, LabelledLegal, Legal, StartResult
from .turn_posts import TurnPostsMixin
from .undo import UndoMixin
from .validation import (
    display_name,
    integer,
    interaction,
    is_int,
    mapping,
    optional_integer,
    optional_language,
    optional_moment,
    parse_record,
    player_id,
    shown,
    text,
)
from .validation import place as checked_place
from .vote_posts import VotePostsMixin

_log = logging.getLogger("autobahn.service")

ALTERNATIVES = 5  # legal actions suggested when one is refused
SEED_MAX = 2**63 - 1


class GameService(ComputerMixin, InputChecks, PlacesMixin, UndoMixin, AbandonMixin, RemindingMixin,
                  TurnPostsMixin, AnimationMixin, BackupsMixin, VotePostsMixin):
    # -- the lobby --------------------------------------------------------------------------

    @one_per_place  # adds `exclusive=True`: refused (GameHere) where a game is open
    async def create_game(self, place: Any, host_id: str, host_name: str, *, seats: int = 3,
                          seed: int | None = None, language: str = "en",
                          settings: Mapping[str, Any] | None = None,
                          solo_level: int | None = None,
                          players: Sequence[tuple[str, str]] = (), bots: int = 0,
                          bot_level: str | None = None) -> Game:
        """A new game in `place` (a `Place`) with the host in seat 0 and `players`
        ((user id, name) pairs) in the next seats, all in one transaction: a refused seat
        creates no game. With `solo_level`, the host alone plays against the Autobot at
        that level (SOLO.md)."""
        edition = edition_named("classic")
        checked_place(place)
        player_id(host_id, "host")
        display_name(host_name)
        solo: dict[str, Any] = {}
        if solo_level is not None:
            levels = edition.solo.levels if edition.solo is not None else {}
            if not is_int(solo_level) or solo_level not in levels:
                raise BadOption(name="level", value=shown(solo_level),
                                expected=f"{min(levels, default=1)}-{max(levels, default=1)}")
            seats, solo = 1, {"solo_level": solo_level}
        elif not (is_int(seats) and edition.players_min <= seats <= edition.players_max):
            raise BadOption(name="players", value=shown(seats),
                            expected=f"{edition.players_min}-{edition.players_max}")
        if not (isinstance(players, (list, tuple))
                and all(isinstance(p, (list, tuple)) and len(p) == 2 for p in players)):
            raise BadOption(name="names", value=shown(players), expected=Phrase("expect.names"))
        if len(players) + 1 > seats:
            raise BadOption(name="names", value=",".join([host_name, *(n for _, n in players)]),
                            expected=Phrase("expect.names"))
        computer: dict[str, str] = {}
        if not (is_int(bots) and 0 <= bots <= seats - 1 - len(players)):
            raise BadOption(name="bots", value=shown(bots), expected=f"0-{seats - 1}")
        level = checked_level(bot_level)  # checked even when unused: a typo is told
        if bots:
            computer = {f"cpu{n}": level for n in range(1, bots + 1)}
            players = [*players, *((pid, computer_name(n, level, checked_language(language)))
                                   for n, pid in enumerate(computer, 1))]
            solo = {**solo, "computer": computer}
        seen = {host_id}
        for user_id, name in players:
            player_id(user_id)
            display_name(name)
            if user_id in seen:
                raise SeatTaken("seat_taken_twice", player=name)
            seen.add(user_id)
        seed = secrets.randbelow(2**31) if seed is None else integer(seed, "seed", 0, SEED_MAX)
        language = checked_language(language)
        options = {"reminders": True, **create_settings(settings), "seats": seats, **solo}
        with self._translated(0, host_id):
            return await self.store.create_game(
                host_id=host_id, host_name=host_name, edition=edition.name,
                edition_hash=edition.hash, seed=seed, guild_id=place.guild_id,
                channel_id=place.channel_id, thread_id=place.thread_id, language=language,
                settings=options, players=players)

    async def join(self, game_id: int, user_id: str, name: str,
                   language: str | None = None) -> Game:
        player_id(user_id)
        display_name(name)
        language = optional_language(language)
        game = await self._game(game_id)
        seats = int(game.settings.get("seats", 4))
        with self._translated(game_id, user_id):
            try:
                return await self.store.add_player(game_id, user_id, name, language=language,
                                                   max_players=seats)
            except StoreValueError:
                raise BadOption(name="name", value=name, expected=Phrase("expect.text")) from None
            except Exception as err:
                if getattr(err, "reason", "") == "game_full":
                    raise GameFull(game=game_id, seats=seats) from None
                raise

    async def leave(self, game_id: int, user_id: str) -> Game:
        await self._game(game_id)
        player_id(user_id)
        with self._translated(game_id, user_id):
            return await self.store.remove_player(game_id, user_id)

    async def start(self, game_id: int, by_user: str) -> StartResult:
        """Deal the game: seats in join order, the start player drawn by the seeded RNG."""
        game = await self._game(game_id)
        player_id(by_user)
        self._require_host(game, by_user)
        if game.status != "lobby":
            self._require_running(game)  # raises the right status error
        edition = rules.edition_by_hash(game.edition_hash)
        level = solo_level(game.settings)
        low = 1 if level is not None else edition.players_min
        if len(game.players) < low:
            raise NotEnoughPlayers(game=game_id, count=len(game.players), low=low)
        state = initial_state(game.edition_hash, game.player_ids, game.seed, level)
        first = rules.current_player(state)
        assert first is not None
        with self._translated(game_id):
            started = await self.store.start_game(
                game_id, expected_version=game.version, snapshot_json=state.to_json(),
                current_player=first, by_user=by_user, turn_post=True)
        self._remember(game_id, started.version, state)
        try:  # committed already: a reminder that cannot be planned must not undo the start
            with self._translated(game_id):
                await self._schedule(started, first)
        except Exception:
            _log.exception("could not plan the first reminder of game %s", game_id)
        board = await self._board_after_commit(game_id, state, game.language)
        self._after_commit(started, first)
        return StartResult(started, first, self.decision_kind(state) or "", board, state)

    # -- playing ----------------------------------------------------------------------------

    async def act(self, game_id: int, user_id: str, notation: str, *,
                  expected_version: int | None = None, interaction_id: str | None = None,
                  lang: str | None = None, issued_at: float | None = None) -> ActResult:
        """Apply `notation` for `user_id`: checks, rules, one store transaction, board.

        `issued_at` (unix time the player sent a command that names no version, such as a
        typed slash command) refuses the command as stale when the same player's own
        previous action landed after it was sent: a double-sent `/pass` must not pass
        twice, on two different decisions."""
        game = await self._game(game_id)
        player_id(user_id)
        text(notation, "action")
        expected_version = optional_integer(expected_version, "version")
        interaction_id = interaction(interaction_id)
        lang = optional_language(lang)
        issued_at = optional_moment(issued_at, "issued_at")
        if expected_version is not None and expected_version != game.version:
            raise StaleVersion(expected=expected_version, actual=game.version)
        if issued_at is not None:
            last = await self.last_action(game_id)
            if last is not None and last.player_id == user_id and last.created_at > issued_at:
                raise StaleVersion(expected=game.version - 1, actual=game.version)
        self._require_running(game)
        self._require_member(game, user_id)
        state = await self._state(game)
        if state.solo is not None and rules.current_player(state) == state.order[0]:
            # The Autobot's turn was not stored (a write failed after the human's move):
            # it is played now, before anything else.
            game, state = await self._play_autobot(game, state)
        self._require_turn(game, state, user_id)
        try:
            after = rules.apply(state, user_id, notation)
            canonical = str(rules.parse_action(notation))
        except RuleError as err:
            raise IllegalAction(err, self._alternatives(state, user_id, notation)) from None
        bot_moves, final = autobot_moves(after)
        if bot_moves:
            return await self._act_then_autobot(game, state, user_id, canonical, after,
                                                bot_moves, final, interaction_id, lang)
        over = rules.is_over(after)
        passed = turn_passed(state, after)
        next_player = rules.current_player(after)
        reminders: list[ReminderRequest] | None = None
        if over:
            reminders = []
        elif next_player != user_id and next_player is not None:
            reminders = await self._reminders_for(game, next_player)
        with self._translated(game_id, user_id):
            result = await self.store.append_action(
                game_id, expected_version=game.version, player_id=user_id, notation=canonical,
                snapshot_json=after.to_json(), next_player=next_player,
                interaction_id=interaction_id, status="finished" if over else None,
                reminders=reminders, turn_post=passed or over)
        self._remember(game_id, result.version, after)
        board = await self._board_after_commit(game_id, after, lang or game.language) if (
            passed or over) else None
        scores = rules.scores(after) if over else None
        self._after_commit(game, next_player)
        return ActResult(
            game_id, result.version, result.action.seq, user_id, canonical,
            changes(state, after), passed, next_player, self.decision_kind(after), board,
            over, scores, tuple(rules.winners(after)) if over else (), after)

    async def _act_then_autobot(self, game: Game, state: State, user_id: str, canonical: str,
                                after: State, bot_moves: list[tuple[str, str]], final: State,
                                interaction_id: str | None, lang: str | None) -> ActResult:
        """The human's action, then the Autobot's turns, stored as one batch: the log holds
        every Autobot decision as an ordinary action (SOLO.md), and the human is told the
        result once, at their next decision."""
        over = rules.is_over(final)
        next_player = rules.current_player(final)
        reminders: list[ReminderRequest] | None = []
        if not over and next_player is not None:
            reminders = await self._reminders_for(game, next_player)
        with self._translated(game.id, user_id):
            first = await self.store.append_action(
                game.id, expected_version=game.version, player_id=user_id, notation=canonical,
                snapshot_json=after.to_json(), next_player=rules.current_player(after),
                interaction_id=interaction_id, turn_post=True)
            result = await self.store.append_actions(
                game.id, expected_version=first.version, actions=bot_moves,
                snapshot_json=final.to_json(), next_player=next_player,
                status="finished" if over else None, reminders=reminders)
        self._remember(game.id, result.version, final)
        board = await self.render(final, "full", lang or game.language)
        return ActResult(
            game.id, result.version, first.action.seq, user_id, canonical,
            changes(state, final), True, next_player, self.decision_kind(final), board, over,
            rules.scores(final) if over else None,
            tuple(rules.winners(final)) if over else (), final,
            autobot=tuple(n for _p, n in bot_moves))

    async def _play_autobot(self, game: Game, state: State) -> tuple[Game, State]:
        bot_moves, final = autobot_moves(state)
        over = rules.is_over(final)
        with self._translated(game.id):
            result = await self.store.append_actions(
                game.id, expected_version=game.version, actions=bot_moves,
                snapshot_json=final.to_json(), next_player=rules.current_player(final),
                status="finished" if over else None)
        self._remember(game.id, result.version, final)
        return await self._game(game.id), final

    def _alternatives(self, state: State, user_id: str, text: str) -> list[str]:
        """A few legal actions, those sharing the most words with the refused text first."""
        words = text.lower().split()
        legal = [str(a) for a in rules.legal_actions(state, user_id)]

        def closeness(option: str) -> tuple[int, int]:
            parts = option.split()
            same_head = int(bool(words) and parts[0] == words[0])
            return (-same_head, -len(set(parts) & set(words)))

        return sorted(legal, key=closeness)[:ALTERNATIVES]

    async def check_turn(self, game_id: int, user_id: str) -> None:
        """Raise what `act` would refuse before the rules look at the action: the game
        not running, `user_id` not seated, or another player's decision (a button pressed
        by the wrong person gets the same true answer as /act)."""
        game = await self._game(game_id)
        self._require_running(game)
        self._require_member(game, user_id)
        self._require_turn(game, await self._state(game), user_id)

    async def legal(self, game_id: int, user_id: str | None = None) -> Legal:
        """(player, their legal actions, the game version they belong to); `user_id` None
        means whoever must decide. The list is derived from the state at exactly that
        version, so buttons made from it carry the right version without a re-read."""
        game = await self._game(game_id)
        if user_id is not None:
            player_id(user_id)
        self._require_running(game)
        state = await self._state(game)
        player = user_id or rules.current_player(state) or ""
        return Legal(player, [str(a) for a in rules.legal_actions(state, player)],
                     game.version)

    async def labelled(self, game_id: int, user_id: str | None = None,
                       lang: str = "en") -> LabelledLegal:
        """`legal`, each action also named by the board in `lang` (service.labels)."""
        lang = checked_language(lang)
        found = await self.legal(game_id, user_id)
        state = await self._state(await self._game(game_id))
        return LabelledLegal(found.player, tuple(labelled(
            found.actions, rules.edition_of(state), lang, state, found.player)), found.version)

    # -- looking ----------------------------------------------------------------------------

    async def game(self, game_id: int) -> Game:
        """The game's row (seats, status, version, settings) without parsing its state.
        Raises UnknownGame."""
        return await self._game(game_id)

    async def deciding(self, game_id: int) -> str:
        """The player whose decision is pending; GameNotStarted / GameOver when nobody's
        is (an adapter acting "for whoever must decide" asks this first)."""
        game = await self._game(game_id)
        self._require_running(game)
        player = rules.current_player(await self._state(game))
        if player is None:
            raise GameOver(game=game_id)
        return player

    async def last_action(self, game_id: int) -> ActionRecord | None:
        """The latest action of the log (None before the first). Raises UnknownGame."""
        game = await self._game(game_id)
        if game.action_count == 0:
            return None
        with self._translated(game_id):
            found = await self.store.read_log(game_id, game.action_count, limit=1)
        return found[0] if found else None

    async def view(self, game_id: int) -> GameView:
        game = await self._game(game_id)
        if game.status == "lobby" or (game.status == "abandoned" and game.action_count == 0
                                      and not await self.store.read_snapshot(game_id)):
            return GameView(game, None, None, None, None, {}, {})
        state = await self._state(game)
        over = rules.is_over(state)
        return GameView(game, state, rules.current_player(state), self.decision_kind(state),
                        rules.era(state), rules.scores(state),
                        {p: rules.money(state, p) for p in state.order},
                        tuple(rules.winners(state)) if over else ())

    async def state_at(self, game_id: int, at_move: int | None = None) -> State:
        game = await self._game(game_id)
        if game.status == "lobby":
            self._require_running(game)
        if at_move is not None and not is_int(at_move):
            raise BadOption(name="at_move", value=shown(at_move), expected=Phrase("expect.number"))
        if at_move is None or at_move == game.action_count:
            return await self._state(game)
        if not 0 <= at_move <= game.action_count:
            raise BadMoveNumber(move=at_move, count=game.action_count)
        return await self._state_at(game, at_move)

    async def board(self, game_id: int, *, at_move: int | None = None, view: str = "full",
                    lang: str = "en") -> bytes:
        if not isinstance(view, str) or view not in ("full", "map", "players"):
            raise BadOption(name="view", value=shown(view), expected="map | players | full")
        lang = checked_language(lang)
        return await self.render(await self.state_at(game_id, at_move), view, lang)

    async def log(self, game_id: int, lang: str = "en") -> list[str]:
        game = await self._game(game_id)
        lang = checked_language(lang)
        with self._translated(game_id):
            actions = await self.store.read_log(game_id)
        return [*computer_log_lines(game, self.names(game), lang),
                *log_lines(actions, self.names(game), lang)]

    # -- records ----------------------------------------------------------------------------

    async def export(self, game_id: int) -> dict[str, Any]:
        """The game record: edition, seed, players, names and the notation log."""
        game = await self._game(game_id)
        if game.status == "lobby":
            self._require_running(game)
        with self._translated(game_id):
            log = await self.store.read_log(game_id)
        record = make_record(edition=game.edition, edition_hash=game.edition_hash,
                             seed=game.seed, players=game.player_ids, names=self.names(game),
                             actions=[(a.player_id, a.notation) for a in log],
                             final=await self._state(game),
                             solo_level=solo_level(game.settings))
        return {**record, **computer_marks(game.settings)}

    async def import_record(self, place: Any, host_id: str, record: Any,
                            language: str = "en") -> Game:
        """Replay `record` (raises BadRecord / RecordMismatch) and store it as a new game.

        The record is replayed once (by `check_record`); its whole log is then stored in
        one transaction, so a 250-action game imports in a fraction of a second. `record`
        may be the file's bytes or text: their size and nesting are bounded before they
        are parsed."""
        checked_place(place)
        player_id(host_id, "host")
        language = checked_language(language)
        if isinstance(record, bytes | str):
            record = parse_record(record)
        checked = check_record(record)
        names = checked.names
        with self._translated(0, host_id):
            return await self._store_record(place, host_id, checked, names, language)

    async def _store_record(self, place: Any, host_id: str, checked: Any,
                            names: Mapping[str, str], language: str) -> Game:
        game = await self.store.create_game(
            host_id=host_id, edition=checked.edition, edition_hash=checked.edition_hash,
            seed=checked.seed, guild_id=place.guild_id, channel_id=place.channel_id,
            thread_id=place.thread_id, language=language,
            settings={"seats": len(checked.players), "reminders": True, "imported": True,
                      **({"solo_level": checked.solo_level}
                         if checked.solo_level is not None else {})})
        for pid in checked.players:
            game = await self.store.add_player(game.id, pid, names.get(pid, pid))
        game = await self.store.start_game(
            game.id, expected_version=game.version, snapshot_json=checked.initial.to_json(),
            current_player=rules.current_player(checked.initial), by_user=host_id)
        state, version = checked.final, game.version
        if checked.actions:
            result = await self.store.append_actions(
                game.id, expected_version=version, actions=checked.actions,
                snapshot_json=state.to_json(), next_player=rules.current_player(state),
                status="finished" if rules.is_over(state) else None, reminders=[])
            version = result.version
        self._remember(game.id, version, state)
        return await self.store.get_game(game.id)

    # -- settings and the end -----------------------------------------------------------------

    async def update_settings(self, game_id: int, by_user: str,
                              changes: Mapping[str, str]) -> Game:
        """Change game settings (host only): seats (lobby), language, reminders on/off."""
        game = await self._game(game_id)
        player_id(by_user)
        changes = mapping(changes, "settings")
        if changes:
            self._require_host(game, by_user)
        settings = dict(game.settings)
        for key, raw in changes.items():
            settings[key] = setting(game, key, raw)
        with self._translated(game_id):
            return await self.store.update_settings(game_id, settings) if changes else game

    async def set_player_language(self, game_id: int, user_id: str,
                                  lang: str | None) -> Game:
        """A seated player's language for what the game tells them personally (None: the
        game's language). Anyone seated may change their own; it changes no board.
        Raises UnknownGame, NotAPlayer, BadOption (not a supported language)."""
        from locales import SUPPORTED

        if lang is not None and (not isinstance(lang, str) or lang not in SUPPORTED):
            raise BadOption(name="language", value=shown(lang),
                            expected=", ".join(SUPPORTED))
        game = await self._game(game_id)
        player_id(user_id)
        self._require_member(game, user_id)
        with self._translated(game_id, user_id):
            return await self.store.set_player_language(game_id, user_id, lang)

    # -- the board post -----------------------------------------------------------------------

    async def set_board_message(self, game_id: int, channel_id: int, message_id: int) -> bool:
        """Remember the game's latest board post (an adapter's channel and message ids),
        which reminders link to; read it back as `Game.board_channel_id` and
        `Game.board_message_id`. An older post never replaces a newer one; returns
        whether this one is now stored. Raises UnknownGame, BadOption (bad ids)."""
        await self._game(game_id)
        integer(channel_id, "channel", 1)
        integer(message_id, "message", 1)
        with self._translated(game_id):
            try:
                return await self.store.set_board_message(game_id, channel_id, message_id)
            except StoreValueError:
                raise BadOption(name="message", value=str(message_id)[:30],
                                expected=Phrase("expect.message_id")) from None
