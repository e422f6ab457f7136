"""Playing: one action through the rules and one store transaction, the Autobot's turns
after it in a solo game, and what may be played now.

A user's mistake is a `ServiceError` (or `IllegalAction` wrapping a `RuleError`) with a
code and parameters, never an English sentence."""

from __future__ import annotations

import logging

import rules
from rules import RuleError, State
from store import ActionRecord, ReminderRequest

from .errors import (
    GameOver,
    IllegalAction,
    StaleVersion,
)
from .game_settings import checked_language
from .labels import labelled, named_actions, named_params
from .names import seat_names
from .progress import autobot_moves, changes, standings, turn_passed
from .repository import GameRepository
from .results import ActResult, LabelledLegal, Legal, Table
from .validation import (
    interaction,
    optional_integer,
    optional_language,
    optional_moment,
    player_id,
    text,
)

_log = logging.getLogger("autobahn.service")

ALTERNATIVES = 5  # legal actions suggested when one is refused

def refused(err: RuleError, state: State, player: str,
            alternatives: list[str]) -> IllegalAction:
    """The refusal a player is shown: the rule error with the board's names for its ids and
    the suggestions as labels (both still the ids and notation as strings)."""
    error = IllegalAction(err, named_actions(alternatives, state, player))
    error.params = named_params(err.code, err.params, state, player)
    return error


class Play:
    def __init__(self, repo: GameRepository) -> None:
        self.repo = repo

    # -- playing ----------------------------------------------------------------------------

    async def act(self, game_id: int, user_id: str, notation: str, *,
                  expected_version: int | None = None, interaction_id: str | None = None,
                  lang: str | None = None, issued_at: float | None = None) -> ActResult:
        """Apply `notation` for `user_id`: checks, rules, one store transaction, board.

        `issued_at` (unix time the player sent a command that names no version, such as a
        typed slash command) refuses the command as stale when the same player's own
        previous action landed after it was sent: a double-sent `/pass` must not pass
        twice, on two different decisions."""
        game = await self.repo.game(game_id)
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
        self.repo.require_running(game)
        self.repo.require_member(game, user_id)
        state = await self.repo.state(game)
        if state.solo is not None and rules.current_player(state) == rules.autobot_seat(state):
            # The Autobot's turn was not stored (a write failed after the human's move):
            # it is played now, before anything else.
            game, state = await self._play_autobot(game, state)
        self.repo.require_turn(game, state, user_id)
        try:
            after = rules.apply(state, user_id, notation)
            canonical = str(rules.parse_action(notation))
        except RuleError as err:
            raise refused(err, state, user_id, self._alternatives(state, user_id, notation)) \
                from None
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
            reminders = await self.repo.reminders_for(game, next_player)
        with self.repo.translated(game_id, user_id):
            result = await self.repo.store.append_action(
                game_id, expected_version=game.version, player_id=user_id, notation=canonical,
                snapshot_json=after.to_json(), next_player=next_player,
                interaction_id=interaction_id, status="finished" if over else None,
                reminders=reminders, turn_post=passed or over)
        self.repo.remember(game_id, result.version, after)
        board = None
        if passed or over:  # the board marks what the whole turn changed, against its start
            found = await self.repo.committed_turn_start(game)
            if passed:
                self.repo.turn_starts.remember(game_id, game.action_count + 1, result.version,
                                               after, ended=found)
            board = await self.repo.board_after_commit(
                game_id, after, lang or game.language, game=game,
                before=found[1] if found is not None else None)
        scores = standings(after) if over else None
        for hook in self.repo.committed:
            hook(game, next_player)
        return ActResult(
            game_id, result.version, result.action.seq, user_id, canonical,
            changes(state, after), passed, next_player, self.repo.decision_kind(after), board,
            over, scores, tuple(rules.winners(after)) if over else (), after, before=state)

    async def _act_then_autobot(self, game: Table, state: State, user_id: str, canonical: str,
                                after: State, bot_moves: list[tuple[str, str]], final: State,
                                interaction_id: str | None, lang: str | None) -> ActResult:
        """The human's action, then the Autobot's turns, stored as one batch: the log holds
        every Autobot decision as an ordinary action (SOLO.md), and the human is told the
        result once, at their next decision."""
        over = rules.is_over(final)
        next_player = rules.current_player(final)
        reminders: list[ReminderRequest] | None = []
        if not over and next_player is not None:
            reminders = await self.repo.reminders_for(game, next_player)
        with self.repo.translated(game.id, user_id):
            first = await self.repo.store.append_action(
                game.id, expected_version=game.version, player_id=user_id, notation=canonical,
                snapshot_json=after.to_json(), next_player=rules.current_player(after),
                interaction_id=interaction_id, turn_post=True)
            result = await self.repo.store.append_actions(
                game.id, expected_version=first.version, actions=bot_moves,
                snapshot_json=final.to_json(), next_player=next_player,
                status="finished" if over else None, reminders=reminders)
        self.repo.remember(game.id, result.version, final)
        # the board marks the human's whole turn and the Autobot's turns after it
        found = await self.repo.committed_turn_start(game)
        self.repo.turn_starts.remember(game.id, game.action_count + 1 + len(bot_moves),
                                       result.version, final, ended=found)
        board = await self.repo.render(final, self.repo.turn_view, lang or game.language,
                                       game=game,
                                       before=found[1] if found is not None else None,
                                       urgent=True)
        return ActResult(
            game.id, result.version, first.action.seq, user_id, canonical,
            changes(state, final), True, next_player, self.repo.decision_kind(final), board, over,
            standings(final) if over else None,
            tuple(rules.winners(final)) if over else (), final,
            autobot=tuple(n for _p, n in bot_moves), before=state)

    async def _play_autobot(self, game: Table, state: State) -> tuple[Table, State]:
        bot_moves, final = autobot_moves(state)
        over = rules.is_over(final)
        with self.repo.translated(game.id):
            result = await self.repo.store.append_actions(
                game.id, expected_version=game.version, actions=bot_moves,
                snapshot_json=final.to_json(), next_player=rules.current_player(final),
                status="finished" if over else None)
        self.repo.remember(game.id, result.version, final)
        self.repo.turn_starts.remember(game.id, game.action_count + len(bot_moves),
                                       result.version, final)
        return await self.repo.game(game.id), final

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
        game = await self.repo.game(game_id)
        self.repo.require_running(game)
        self.repo.require_member(game, user_id)
        self.repo.require_turn(game, await self.repo.state(game), user_id)

    async def legal(self, game_id: int, user_id: str | None = None) -> Legal:
        """(player, their legal actions, the game version they belong to); `user_id` None
        means whoever must decide. The list is derived from the state at exactly that
        version, so buttons made from it carry the right version without a re-read."""
        game = await self.repo.game(game_id)
        if user_id is not None:
            player_id(user_id)
        self.repo.require_running(game)
        state = await self.repo.state(game)
        player = user_id or rules.current_player(state) or ""
        return Legal(player, [str(a) for a in rules.legal_actions(state, player)],
                     game.version)

    async def label(self, found: Legal, game_id: int, lang: str) -> LabelledLegal:
        """`found` (a `legal` answer), each action also named by the board in `lang`."""
        lang = checked_language(lang)
        game = await self.repo.game(game_id)
        state = await self.repo.state(game)
        return LabelledLegal(found.player, tuple(labelled(
            found.actions, rules.edition_of(state), lang, state, found.player,
            seat_names(game, lang))), found.version)

    async def deciding(self, game_id: int) -> str:
        """The player whose decision is pending; GameNotStarted / GameOver when nobody's
        is (an adapter acting "for whoever must decide" asks this first)."""
        game = await self.repo.game(game_id)
        self.repo.require_running(game)
        player = rules.current_player(await self.repo.state(game))
        if player is None:
            raise GameOver(game=game_id)
        return player

    async def last_action(self, game_id: int) -> ActionRecord | None:
        """The latest action of the log (None before the first). Raises UnknownGame."""
        game = await self.repo.game(game_id)
        if game.action_count == 0:
            return None
        with self.repo.translated(game_id):
            found = await self.repo.store.read_log(game_id, game.action_count, limit=1)
        return found[0] if found else None

