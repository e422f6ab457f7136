"""Undo (DESIGN §3): free within your own turn until something hidden was revealed;
otherwise the other players' consent, or the host's word.

An undo takes back the actor's most recent action and everything after it. It is free
when all of that is the actor's own, within the turn that is still theirs, and the state's
`reveals` count has not moved (no bonus tile drawn, no card refilled: taking back after
seeing a hidden thing would let a player peek). Otherwise a request is recorded as an
event; every other player answers it, and it lapses as soon as the board changes (the
version moves). The host may force a pending request, or their own undo. Computers
(and a computer playing a stalled human's seat) are not asked: with only computers to
ask, the undo is made at once. In a solo game
the human's undo is always free: it takes back their move and the Autobot's turns after it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import rules
from locales import Named, translate
from rules import RuleError, State
from store import ActionRecord, Event, ReminderRequest

from .errors import (
    ConsentRequired,
    NothingToUndo,
    NoUndoRequest,
    StaleVersion,
)
from .labels import named_actions
from .progress import solo_level, turn_owner
from .repository import GameRepository
from .results import PendingUndo, Table, UndoResult, VoteResult
from .seat_settings import computer_level
from .validation import flag, interaction, optional_integer, player_id
from .validation import game_id as checked_game_id
from .votes import answer, answers, ask


class Undo:
    def __init__(self, repo: GameRepository) -> None:
        self.repo = repo

    async def undo(self, game_id: int, user_id: str, *, force: bool = False,
                   expected_version: int | None = None,
                   interaction_id: str | None = None) -> UndoResult:
        """Take back `user_id`'s last action (and whatever followed it).

        Raises NothingToUndo, ConsentRequired (a request was recorded), NotHost (force by
        someone else), and the usual UnknownGame / NotAPlayer / StaleVersion / status errors.
        """
        checked_game_id(game_id)
        player_id(user_id)
        flag(force, "force")
        optional_integer(expected_version, "version")
        interaction(interaction_id)
        game = await self.repo.game(game_id)
        if expected_version is not None and expected_version != game.version:
            raise StaleVersion(expected=expected_version, actual=game.version)
        self.repo.require_running(game)
        self.repo.require_member(game, user_id)
        if force:
            self.repo.require_host(game, user_id)
            request = await self.pending_undo(game_id)
            if request is not None:
                return await self._perform(game, int(request.detail["count"]), user_id,
                                           "forced by the host", interaction_id, forced=True)
        with self.repo.translated(game_id):
            log = await self.repo.store.read_log(game_id)
        mine = [i for i, a in enumerate(log) if a.player_id == user_id]
        if not mine:
            raise NothingToUndo()
        removed = log[mine[-1]:]
        if solo_level(game.settings) is not None and all(
                a.player_id in (user_id, _autobot(game)) for a in removed):
            # Alone against the Autobot nobody else can consent, nor be wronged by a peek:
            # the human takes back their move and the Autobot's turns after it.
            return await self._perform(game, len(removed), user_id, "solo", interaction_id)
        if force:
            return await self._perform(game, len(removed), user_id, "forced by the host",
                                       interaction_id, forced=True)
        if await self._free(game, removed, user_id):
            return await self._perform(game, len(removed), user_id, "own turn", interaction_id)
        others = _consenting(game, user_id)
        if not others:  # only computers to ask: they have no say in taking a move back
            return await self._perform(game, len(removed), user_id, "only computers to ask",
                                       interaction_id)
        event = await ask(self.repo, game, "undo", user_id,
                          {"count": len(removed), "version": game.version,
                           "notations": [a.notation for a in removed]})
        raise ConsentRequired(players=", ".join(self.repo.name(game, p) for p in others),
                              count=len(removed), request=event.id, waiting=tuple(others))

    async def _free(self, game: Table, removed: Sequence[ActionRecord], user_id: str) -> bool:
        if any(a.player_id != user_id for a in removed):
            return False
        now = await self.repo.state(game)
        before = await self.repo.state_at(game, removed[0].seq - 1)
        return (turn_owner(before) == turn_owner(now) == ("turn", user_id)
                and before.reveals == now.reveals)

    async def pending_undo(self, game_id: int) -> Event | None:
        """The undo request still open: made at the current version and refused by nobody."""
        game = await self.repo.game(game_id)
        with self.repo.translated(game_id):
            events = await self.repo.store.list_events(game_id)
        found = open_undo(game, events)
        return found.request if found is not None else None

    async def vote_undo(self, game_id: int, user_id: str, accept: bool,
                        interaction_id: str | None = None) -> UndoResult | VoteResult:
        """Answer the open undo request; the last acceptance carries the undo out."""
        checked_game_id(game_id)
        player_id(user_id)
        flag(accept, "accept")
        interaction(interaction_id)
        game = await self.repo.game(game_id)
        self.repo.require_running(game)
        self.repo.require_member(game, user_id)
        request = await self.pending_undo(game_id)
        if request is None:
            raise NoUndoRequest()
        events = await answer(self.repo, game, "undo", request.id, user_id, accept,
                              askers={request.user_id})
        votes = answers(events, "undo", {request.id})
        waiting = tuple(p for p in _consenting(game, request.user_id)
                        if votes.get(p) is not True)
        if not accept or waiting:
            return VoteResult(game_id, request.id, user_id, accept, () if not accept else waiting)
        return await self._perform(game, int(request.detail["count"]), str(request.user_id),
                                   "consent of the other players", interaction_id)

    async def _perform(self, game: Table, count: int, by_user: str, reason: str,
                       interaction_id: str | None, *, forced: bool = False) -> UndoResult:
        keep = game.action_count - count
        state = await self.repo.state_at(game, keep)
        next_player = rules.current_player(state)
        reminders: list[ReminderRequest] = []
        if next_player is not None:  # respects the game's reminders switch, as a move does
            reminders = await self.repo.reminders_for(game, next_player)
        with self.repo.translated(game.id, by_user):
            event = await self.repo.store.undo(
                game.id, count=count, expected_version=game.version, by_user=by_user,
                reason=reason, snapshot_json=state.to_json(), next_player=next_player,
                interaction_id=interaction_id, reminders=reminders,
                turn_post=True)  # an undo is announced with the board, like a turn
        self.repo.remember(game.id, event.to_version, state)
        board = await self.repo.board_after_commit(game.id, state, game.language, game=game)
        for hook in self.repo.committed:  # a computer left to decide plays on
            hook(game, next_player)
        removed = taken_back(state, [(a.player_id, a.notation) for a in event.removed])
        return UndoResult(game.id, event.to_version, by_user, removed, forced, next_player,
                          self.repo.decision_kind(state), board,
                          tuple(a.player_id for a in event.removed))

    async def undoer(self, game_id: int) -> str | None:
        """Whose move a plain `/undo` at a shared table (the console) takes back: the last
        player who acted in their own seat. A computer never asks to take a move back, so
        the computers' replies go with the human move before them (issue 30 item 11)."""
        game = await self.repo.game(game_id)
        with self.repo.translated(game_id):
            log = await self.repo.store.read_log(game_id)
        for action in reversed(log):
            if computer_level(game.settings, action.player_id) is None:
                return action.player_id
        return None


def undo_parts(result: UndoResult, names: Mapping[str, str]) -> tuple[list[str], list[Named]]:
    """The actions an undo took back, as said to the table: those of the player whose move
    was taken back (the first), and the replies that followed it, each named with whoever
    played it, so a computer's replies are never credited to the human (issue 30 item 11)."""
    if not result.players:
        return list(result.removed), []
    first = result.players[0]
    own = [a for a, p in zip(result.removed, result.players, strict=True) if p == first]
    replies = [_reply(names.get(p, p), a)
               for a, p in zip(result.removed, result.players, strict=True) if p != first]
    return own, replies


def _reply(player: str, action: str) -> Named:
    return Named(f"{player}: {action}",
                 lambda lang: translate("undo.reply", lang, player=player, action=action))


def taken_back(state: State, removed: Sequence[tuple[str, str]]) -> tuple[str, ...]:
    """The notations taken back, each also labelled as played then (from `state`, the game
    before the first of them): the undo message names them as the board does. Labelling
    never fails the committed undo: past a move that does not replay, notation stays."""
    out: list[str] = []
    here: State | None = state
    for player, notation in removed:
        out.append(named_actions([notation], here, player)[0] if here is not None
                   else notation)
        try:
            here = rules.apply(here, player, notation) if here is not None else None
        except RuleError:
            here = None
    return tuple(out)


def open_undo(game: Table, events: Sequence[Event]) -> PendingUndo | None:
    """The undo request still open (made at the current version and refused by nobody),
    and who has not agreed yet."""
    requests = [e for e in events if e.kind == "undo_request"
                and e.detail.get("version") == game.version]
    if not requests:
        return None
    request = requests[-1]
    votes = answers(events, "undo", {request.id})
    if False in votes.values():
        return None
    waiting = tuple(p for p in _consenting(game, request.user_id) if votes.get(p) is not True)
    return PendingUndo(request, str(request.user_id), int(request.detail.get("count", 1)),
                       waiting)


def _consenting(game: Table, asker: str | None) -> list[str]:
    """Who must consent to `asker`'s undo: the others playing their own seats (a computer,
    also one playing a stalled human's seat, neither answers nor is waited for)."""
    return [p for p in game.player_ids
            if p != asker and computer_level(game.settings, p) is None]


def _autobot(game: Table) -> str:
    solo = rules.edition_by_hash(game.edition_hash).solo
    return solo.bot if solo is not None else ""

