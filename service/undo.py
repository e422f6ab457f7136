"""Undo (DESIGN §3): free within your own turn until something hidden was revealed;
otherwise the other players' consent, or the host's word.

An undo takes back the actor's most recent action and everything after it. It is free
when all of that is the actor's own, within the turn that is still theirs, and the state's
`reveals` count has not moved (no bonus tile drawn, no card refilled: taking back after
seeing a hidden thing would let a player peek). Otherwise a request is recorded as an
event; every other player answers it, and it lapses as soon as the board changes (the
version moves). The host may force a pending request, or their own undo.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import rules
from store import ActionRecord, Event, Game, ReminderRequest

from .core import ServiceCore
from .errors import ConsentRequired, NothingToUndo, NoUndoRequest, OwnRequest, StaleVersion
from .replay import turn_owner
from .results import UndoResult, VoteResult


class UndoMixin(ServiceCore):
    async def undo(self, game_id: int, user_id: str, *, force: bool = False,
                   expected_version: int | None = None,
                   interaction_id: str | None = None) -> UndoResult:
        """Take back `user_id`'s last action (and whatever followed it).

        Raises NothingToUndo, ConsentRequired (a request was recorded), NotHost (force by
        someone else), and the usual UnknownGame / NotAPlayer / StaleVersion / status errors.
        """
        game = await self._game(game_id)
        if expected_version is not None and expected_version != game.version:
            raise StaleVersion(expected=expected_version, actual=game.version)
        self._require_running(game)
        self._require_member(game, user_id)
        if force:
            self._require_host(game, user_id)
            request = await self.pending_undo(game_id)
            if request is not None:
                return await self._perform(game, int(request.detail["count"]), user_id,
                                           "forced by the host", interaction_id, forced=True)
        with self._translated(game_id):
            log = await self.store.read_log(game_id)
        mine = [i for i, a in enumerate(log) if a.player_id == user_id]
        if not mine:
            raise NothingToUndo()
        removed = log[mine[-1]:]
        if force:
            return await self._perform(game, len(removed), user_id, "forced by the host",
                                       interaction_id, forced=True)
        if await self._free(game, removed, user_id):
            return await self._perform(game, len(removed), user_id, "own turn", interaction_id)
        others = [p for p in game.player_ids if p != user_id]
        with self._translated(game_id):
            event = await self.store.record_event(
                game_id, "undo_request", user_id=user_id,
                detail={"count": len(removed), "version": game.version,
                        "notations": [a.notation for a in removed]})
        raise ConsentRequired(players=", ".join(self.name(game, p) for p in others),
                              count=len(removed), request=event.id, waiting=tuple(others))

    async def _free(self, game: Game, removed: Sequence[ActionRecord], user_id: str) -> bool:
        if any(a.player_id != user_id for a in removed):
            return False
        now = await self._state(game)
        before = await self._state_at(game, removed[0].seq - 1)
        return (turn_owner(before) == turn_owner(now) == ("turn", user_id)
                and before.reveals == now.reveals)

    async def pending_undo(self, game_id: int) -> Event | None:
        """The undo request still open: made at the current version and refused by nobody."""
        game = await self._game(game_id)
        with self._translated(game_id):
            events = await self.store.list_events(game_id)
        requests = [e for e in events if e.kind == "undo_request"
                    and e.detail.get("version") == game.version]
        if not requests:
            return None
        request = requests[-1]
        votes = _votes(events, request.id)
        return None if False in votes.values() else request

    async def vote_undo(self, game_id: int, user_id: str, accept: bool,
                        interaction_id: str | None = None) -> UndoResult | VoteResult:
        """Answer the open undo request; the last acceptance carries the undo out."""
        game = await self._game(game_id)
        self._require_running(game)
        self._require_member(game, user_id)
        request = await self.pending_undo(game_id)
        if request is None:
            raise NoUndoRequest()
        if request.user_id == user_id:
            raise OwnRequest()  # the asker does not vote: asking was their yes
        with self._translated(game_id):
            await self.store.record_event(game_id, "undo_vote", user_id=user_id,
                                          detail={"request": request.id, "accept": accept})
            events = await self.store.list_events(game_id)
        votes = _votes(events, request.id)
        waiting = tuple(p for p in game.player_ids
                        if p != request.user_id and votes.get(p) is not True)
        if not accept or waiting:
            return VoteResult(game_id, request.id, user_id, accept, () if not accept else waiting)
        return await self._perform(game, int(request.detail["count"]), str(request.user_id),
                                   "consent of the other players", interaction_id)

    async def _perform(self, game: Game, count: int, by_user: str, reason: str,
                       interaction_id: str | None, *, forced: bool = False) -> UndoResult:
        keep = game.action_count - count
        state = await self._state_at(game, keep)
        next_player = rules.current_player(state)
        reminders: list[ReminderRequest] = []
        if next_player is not None:  # respects the game's reminders switch, as a move does
            reminders = await self._reminders_for(game, next_player)
        with self._translated(game.id, by_user):
            event = await self.store.undo(
                game.id, count=count, expected_version=game.version, by_user=by_user,
                reason=reason, snapshot_json=state.to_json(), next_player=next_player,
                interaction_id=interaction_id, reminders=reminders,
                turn_post=True)  # an undo is announced with the board, like a turn
        self._remember(game.id, event.to_version, state)
        board = await self.render(state, "full", game.language, game=game)
        return UndoResult(game.id, event.to_version, by_user,
                          tuple(a.notation for a in event.removed), forced, next_player,
                          self.decision_kind(state), board)


def _votes(events: Sequence[Event], request_id: int) -> dict[str, Any]:
    """Each voter's latest answer to request `request_id`."""
    return {str(e.user_id): bool(e.detail.get("accept")) for e in events
            if e.kind == "undo_vote" and e.detail.get("request") == request_id}
