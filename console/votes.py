"""The console's votes: /undo with its consent vote, the answer to /game abandon, and the
computer seats: /game add-bot, /game replace (at once by the host, else the remaining
players' vote, answered with `/game replace yes|no`) and /game reclaim."""

from __future__ import annotations

from typing import Any, Protocol

from locales import Named, Phrase, translate
from service import AbandonResult, GameService, ServiceError, Table, UndoResult, VoteResult
from service.errors import BadOption
from service.seat_settings import computer_level, computer_seats, replaced_seats
from service.undo import undo_parts


class Owner(Protocol):
    """What the votes need of the console's table (`console.table.Console`)."""

    @property
    def service(self) -> GameService: ...
    @property
    def lang(self) -> str: ...
    def say(self, code: str, **params: Any) -> None: ...
    def require_game(self) -> int: ...
    async def resolve_actor(self, actor: str | None) -> str: ...


class Votes:
    """/undo and the abandon vote for one table: the table is given, not inherited, so
    nothing here is declared only to type-check."""

    def __init__(self, table: Owner) -> None:
        self.table = table

    async def undo(self, rest: str, actor: str | None) -> None:
        table = self.table
        svc, game_id = table.service, table.require_game()
        game = await svc.game(game_id)
        word = rest.strip().lower()
        if word in ("accept", "refuse"):
            voters = [await table.resolve_actor(actor)] if actor else [
                p for p in game.player_ids
                if (req := await svc.pending_undo(game_id)) and p != req.user_id]
            if not voters:
                raise ServiceError("no_undo_request")
            for voter in voters:
                outcome = await svc.vote_undo(game_id, voter, word == "accept")
                self.report_undo(outcome, game)
                if isinstance(outcome, UndoResult) or not outcome.accepted:
                    break
            return
        if word == "force":
            host = await table.resolve_actor(actor) if actor else game.host_id
            outcome = await svc.undo(game_id, host, force=True)
        elif word:
            raise BadOption(name="/undo", value=rest.strip(), expected=Phrase("expect.undo_word"))
        else:
            last = await svc.last_action(game_id)
            # With no action yet, the host asks: the service then says why nothing can be
            # taken back (not started, nothing to undo) instead of naming an empty player.
            # The last human who acted asks: a computer never asks to take a move back,
            # its replies go with the human move before them (issue 30 item 11).
            who = (await table.resolve_actor(actor) if actor
                   else await svc.undoer(game_id) or game.host_id if last else game.host_id)
            outcome = await svc.undo(game_id, who)
        self.report_undo(outcome, game)

    def report_undo(self, outcome: UndoResult | VoteResult, game: Table) -> None:
        say, lang = self.table.say, self.table.lang

        def name(game: Table, player: str | None) -> str:
            return self.table.service.name(game, player, lang)
        if isinstance(outcome, VoteResult):
            if outcome.accepted:
                say("undo.vote", player=name(game, outcome.voter),
                    waiting=", ".join(name(game, p) for p in outcome.waiting))
            else:
                say("undo.refused", player=name(game, outcome.voter))
            return
        own, replies = undo_parts(outcome, self.table.service.names(game, lang))
        say("undo.done", player=name(game, outcome.by), count=len(own),
            actions=Named.joined(own))
        if replies:
            say("undo.replies", count=len(replies), actions=Named.joined(replies))
        if outcome.next_player:
            say("act.next", player=name(game, outcome.next_player),
                decision=translate(f"decision.{outcome.decision}", self.table.lang))

    def report_abandon(self, game: Table, done: AbandonResult) -> None:
        say, names = self.table.say, self.table.service.names(game, self.table.lang)
        if done.ended:  # by the host or an admin, or by the players who voted yes
            who = done.yes if done.request is not None else (done.by,)
            say("game.abandoned", game=game.id,
                player=", ".join(names.get(p, p) for p in who))
        else:
            say("abandon.refused" if done.refused else "abandon.vote", game=game.id,
                count=done.needed, seats=len(game.players),
                yes=", ".join(names.get(p, p) for p in done.yes),
                waiting=", ".join(names.get(p, p) for p in done.waiting))

    # -- computer seats --------------------------------------------------------------------

    async def seat(self, sub: str, opts: dict[str, str], args: str, actor: str | None) -> None:
        table = self.table
        svc, game_id = table.service, table.require_game()
        game = await svc.game(game_id)
        by = await table.resolve_actor(actor) if actor else game.host_id
        if sub == "add-bot":
            added = await svc.add_bot(game_id, by, opts.get("level"))
            table.say("computer.added", name=added.players[-1].display_name, game=game_id)
            return
        if sub == "reclaim":
            held = list(replaced_seats(game.settings))
            who = by if actor or not held else held[0]
            await svc.reclaim(game_id, who)
            table.say("computer.reclaimed", player=svc.name(game, who), game=game_id)
            return
        word = args.strip().lower()
        if word in ("yes", "no"):
            done = await svc.vote_replace(game_id, by, word == "yes")
        else:
            seat = await table.resolve_actor(opts.get("player") or "-")
            others = [p for p in game.player_ids
                      if p != seat and computer_level(game.settings, p) is None]
            if not others and opts.get("confirm", "").lower() != "yes":
                # Nobody would be left to wait for: the computers would play the rest of
                # the game at once, and /game reclaim find it over (issue 31 item 14).
                raise ServiceError("console.replace_last_human", game=game_id,
                                   player=svc.name(game, seat, table.lang),
                                   command=f"/game replace player:{seat} confirm:yes")
            done = await svc.replace(game_id, by, seat, opts.get("level"))
        self.report_replace(done)

    def report_replace(self, done: Any) -> None:
        say, names = self.table.say, self.table.service.names(done.game)
        level = translate(f"computer.level.{done.level}", self.table.lang)
        who = names.get(done.player, done.player)
        if done.replaced:
            say("computer.replaced", level=level, player=who, game=done.game.id)
        elif done.refused:
            say("computer.vote_refused", player=who, game=done.game.id)
        else:
            say("computer.vote", player=who, count=done.needed,
                yes=", ".join(names.get(p, p) for p in done.yes),
                waiting=", ".join(names.get(p, p) for p in done.waiting))


def to_move(game: Table, player: str, names: dict[str, str], lang: str) -> str:
    """The one to decide as the console names them: a seat a computer plays for a human
    is "Ben (computer)" — the computer moves, nobody is asked to type for it."""
    name = names.get(player, player)
    if player not in replaced_seats(game.settings) or player in computer_seats(game.settings):
        return name
    return translate("computer.played_for", lang, player=name)
