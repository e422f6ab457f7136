"""The console's side of the table's pace and memory (issue 35): `/stats`, `/game
history` (reading the local database: the console's games are one server, guild 0),
`/game autopass`, the deadline in `/status`, and the turns whose time ran out.

The console has no background loop: before each command it plays the turns whose
deadline passed (`GameService.expire_due`, with the service's clock), tells each expiry
as it begins, and prints the moves like a computer's."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from locales import translate
from service import CONSOLE
from service.deadlines import MAX_CHAIN, Expiry
from service.history_text import history_lines, server_lines, stats_lines

from .options import int_option, options

if TYPE_CHECKING:
    from .table import Console


def local_date(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).astimezone().strftime("%Y-%m-%d %H:%M")


log = logging.getLogger("autobahn.console")
# `/game new` options that are the table's pace, and the setting each one sets
NEW_OPTIONS = {"deadline": "deadline", "at_deadline": "deadline_action"}


class PaceCommands:
    def __init__(self, table: Console) -> None:
        self.table = table
        table.service.on_expiry(self._expired)

    async def settle(self) -> None:
        """Before and after a command: the turns whose time is up, and the away players'
        turns the last command handed to them, played and told."""
        service = self.table.service
        try:
            for _ in range(MAX_CHAIN):
                played = await service.expire_due()
                await service.kicks_idle()
                await service.computers_idle()
                if not played:
                    break
        except Exception:  # the command itself must still run: logged, tried next time
            log.exception("the turns whose time ran out could not be played")

    async def _expired(self, expiry: Expiry) -> None:
        if expiry.game.id != self.table.game_id:
            return
        lang = self.table.lang
        names = self.table.service.names(expiry.game, lang)
        mark = "autopass" if expiry.autopass else "deadline"
        self.table.out(translate(
            f"pace.{mark}.{expiry.how}", lang, player=names.get(expiry.player, expiry.player),
            level=translate(f"computer.level.{expiry.level}", lang)))
        if expiry.stalled:
            self.table.out(translate("pace.stalled", lang,
                                     player=names.get(expiry.player, expiry.player),
                                     count=expiry.misses, game=expiry.game.id))

    async def new_options(self, game_id: int, host: str, opts: dict[str, str]) -> None:
        """`/game new ... deadline:24 at_deadline:pass`: set before the game is dealt."""
        changes = {setting: opts[key] for key, setting in NEW_OPTIONS.items() if key in opts}
        if changes:
            await self.table.service.update_settings(game_id, host, changes)

    async def status_lines(self, game_id: int) -> list[str]:
        """The deadline of the turn going on, for `/status`."""
        service = self.table.service
        due = await service.deadline_of(game_id)
        if due is None:
            return []
        game = await service.game(game_id)
        player = game.current_player or ""
        left = max(0, round((due - service.clock()) / 3600))
        return [translate("pace.deadline.console", self.table.lang,
                          player=service.names(game, self.table.lang).get(player, player),
                          when=local_date(due),
                          hours=translate("pace.hours", self.table.lang, count=left))]

    async def rematch(self, args: str, actor: str | None) -> None:
        """`/game rematch` (as each player who played): once all pressed, the new game
        opens and becomes the table's game."""
        options(args, "/game rematch", ())
        table = self.table
        game = await table.service.game(table.require_game())
        player = await table.resolve_actor(actor) if actor else game.host_id
        done = await table.service.press_rematch(game.id, player)
        names = table.service.names(done.game, table.lang)
        if done.opened is not None:
            new = done.opened.game
            table.game_id = new.id
            fresh = table.service.names(new, table.lang)
            table.say("pace.rematch.opened", old=game.id, game=new.id,
                      players=", ".join(fresh[p] for p in new.player_ids),
                      player=fresh.get(done.opened.first_player, done.opened.first_player))
            await table.status()
        elif done.already is not None:
            table.say("pace.rematch.already", old=game.id, game=done.already.id)
        else:
            table.say("pace.rematch.waiting", player=names.get(player, player), game=game.id,
                      waiting=", ".join(names.get(p, p) for p in done.waiting))

    async def autopass(self, args: str, actor: str | None) -> None:
        """`/game autopass until:era|back|off` for `as <name>`, else whoever must decide."""
        opts = options(args, "/game autopass", ("until",))
        until = opts.get("until", "back")
        table = self.table
        player = await table.resolve_actor(actor)
        game = await table.service.set_autopass(table.require_game(), player, until)
        lang = table.lang
        how = translate(f"pace.setting.action.{game.settings.get('deadline_action', 'computer')}",
                        lang)
        table.out(translate(f"pace.autopass.set.{until}", lang,
                            player=table.service.names(game, lang).get(player, player), how=how))

    async def stats(self, rest: str, actor: str | None) -> None:
        """`/stats` (who must decide, or `as X`), `/stats ann`, `/stats ann vs:ben`,
        `/stats server`."""
        words = [w for w in rest.split() if ":" not in w]
        opts = options(" ".join(w for w in rest.split() if ":" in w), "/stats", ("vs",))
        table, service = self.table, self.table.service
        if words[:1] == ["server"]:
            lines = server_lines(await service.server_stats(CONSOLE), table.lang)
        else:
            player = " ".join(words) or actor or await self._someone()
            found = await service.player_stats(CONSOLE, player, opts.get("vs"))
            lines = stats_lines(found, table.lang)
        for line in lines:
            table.out(line)

    async def _someone(self) -> str:
        """The player `/stats` is about when none is named: whoever must decide, else
        the host of the table's game."""
        table = self.table
        game = await table.service.game(table.require_game())
        if game.status == "running":
            return await table.service.deciding(game.id)
        return game.host_id

    async def history(self, args: str) -> None:
        opts = options(args, "/game history", ("page",))
        page = int_option(opts, "page") if "page" in opts else None
        table = self.table
        found = await table.service.game_history(CONSOLE, page)
        for line in history_lines(found, table.lang, local_date,
                                  lambda past: f"/game switch game:{past.game.id}"):
            table.out(line)
