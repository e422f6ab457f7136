"""The console's votes: /undo with its consent vote, and the answer to /game abandon."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from locales import Phrase, translate

from .errors import BadOption, ServiceError
from .game_service import GameService
from .results import AbandonResult, UndoResult, VoteResult
from .results import Table as Game


class VotesMixin:
    service: GameService
    lang: str
    say: Callable[..., None]
    _game_id: Callable[[], int]
    _actor: Callable[[str | None], Any]

    async def undo(self, rest: str, actor: str | None) -> None:
        svc, game_id = self.service, self._game_id()
        game = await svc.game(game_id)
        word = rest.strip().lower()
        if word in ("accept", "refuse"):
            voters = [await self._actor(actor)] if actor else [
                p for p in game.player_ids
                if (req := await svc.pending_undo(game_id)) and p != req.user_id]
            if not voters:
                raise ServiceError("no_undo_request")
            for voter in voters:
                outcome = await svc.vote_undo(game_id, voter, word == "accept")
                self._report_undo(outcome, game)
                if isinstance(outcome, UndoResult) or not outcome.accepted:
                    break
            return
        if word == "force":
            host = await self._actor(actor) if actor else game.host_id
            outcome = await svc.undo(game_id, host, force=True)
        elif word:
            raise BadOption(name="/undo", value=rest.strip(), expected=Phrase("expect.undo_word"))
        else:
            last = await svc.last_action(game_id)
            # With no action yet, the host asks: the service then says why nothing can be
            # taken back (not started, nothing to undo) instead of naming an empty player.
            who = (await self._actor(actor) if actor
                   else last.player_id if last else game.host_id)
            outcome = await svc.undo(game_id, who)
        self._report_undo(outcome, game)

    def _report_undo(self, outcome: UndoResult | VoteResult, game: Game) -> None:
        name = self.service.name
        if isinstance(outcome, VoteResult):
            if outcome.accepted:
                self.say("undo.vote", player=name(game, outcome.voter),
                         waiting=", ".join(name(game, p) for p in outcome.waiting))
            else:
                self.say("undo.refused", player=name(game, outcome.voter))
            return
        self.say("undo.done", player=name(game, outcome.by), count=len(outcome.removed),
                 actions="; ".join(outcome.removed))
        if outcome.next_player:
            self.say("act.next", player=name(game, outcome.next_player),
                     decision=translate(f"decision.{outcome.decision}", self.lang))

    def _report_abandon(self, game: Game, done: AbandonResult) -> None:
        names = self.service.names(game)
        if done.ended:  # by the host or an admin, or by the players who voted yes
            who = done.yes if done.request is not None else (done.by,)
            self.say("game.abandoned", game=game.id,
                     player=", ".join(names.get(p, p) for p in who))
        else:
            self.say("abandon.refused" if done.refused else "abandon.vote", game=game.id,
                     needed=done.needed, seats=len(game.players),
                     yes=", ".join(names.get(p, p) for p in done.yes),
                     waiting=", ".join(names.get(p, p) for p in done.waiting))

