"""Reminders: the loop that sends what is due, and `/remind` for each player's settings.

The loop does the work that must happen once however many bot processes run: owed turn
posts, the computer players' catch-up, reminders and pruning. Each iteration runs only in
the process holding the reminders lease (service/leases.py), renewed before every
reminder it sends; another process's loop idles until the holder dies and the lease
expires, then takes it over.

Ordering guarantee (DESIGN §7, "overdue reminders go out once, never twice, and none is
lost"): for each due reminder the loop asks the service whether it may go out now
(`may_send_reminder`: vacation and quiet hours applied again with the player's settings as
they are now, which defers it and says no), sends it with a nonce naming the reminder,
and then marks it sent (`mark_reminder_sent`, which schedules its follow-up, the next
repeat or the stall notice, in the same transaction, for the one caller that marked it).
A process that dies before the mark leaves the reminder unsent and due: the next lease
holder sends it. If the dead one had sent it already, the repeat carries the same nonce
and Discord answers with the first message instead of a second (Discord keeps nonces a
few minutes, longer than a lease takes to pass on). Two loops of one process share its
lease and skip a reminder the other is sending (`AutobahnBot.sending_reminders`). A
completed turn replaces the game's pending reminders in the move's own transaction, so a
reminder for a turn already played is never due. The loop only asks "what is due now"
with the bot's injected clock.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import re
import zoneinfo
from functools import cache
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs.computer import handover_view, remember_notice
from cogs.context import (
    Interaction,
    WidgetCog,
    begin,
    board_link,
    game_name,
    home_channel,
    note,
    place_of,
    public_lang,
    reply,
    service_of,
    user_id,
)
from cogs.errors import CogError
from cogs.i18n import SAFE_MENTIONS, Safe, t
from cogs.loops import BackgroundLoop
from cogs.turn_posts import post_owed_turns
from locales import Phrase, translate
from service import Reminder, ReminderSettings, Table
from service.leases import REMINDERS, Lease
from service.reminder_limits import MAX_REPEATS, MAX_VACATION_DAYS, MAX_WAIT_HOURS

if TYPE_CHECKING:
    from cogs.client import AutobahnBot

log = logging.getLogger("autobahn.discord.reminders")
_HHMM = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")


class ReminderLoop(BackgroundLoop):
    """Every iteration is guarded, so one failure is logged and the next iteration runs."""

    name = "autobahn-reminders"

    prune_every_s = 3600.0  # processed interaction ids are forgotten once an hour
    catch_up_every_s = 15.0  # how often the holder looks for computers' decisions left owed
    computer_idle_s = 60.0  # unchanged this long: no process is thinking about it any more

    def __init__(self, bot: AutobahnBot, interval: float = 30.0) -> None:
        super().__init__()
        self.bot = bot
        self.interval = interval
        self._next_prune = 0.0
        self._next_catch_up = 0.0
        self._holding = False  # held at the last iteration: taking it over catches up all

    @property
    def lease(self) -> Lease:
        return self.bot.service.leases.lease(REMINDERS)

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            await self.iteration()
            await asyncio.sleep(self.interval)

    async def iteration(self) -> bool:
        """One round of the once-only work if this process holds the lease (taking or
        renewing it); returns whether it did. First the turn messages a crash or a failed
        send left owed (the first round is the start-up check; see cogs.turn_posts), then
        the computers' decisions a dead process left, then the reminders, which link to
        those posts."""
        if not await self.lease.hold():
            self._holding = False
            return False
        taken_over, self._holding = not self._holding, True
        for step, what in ((self.post_owed, "turn post check"),
                           (lambda: self.catch_up(everything=taken_over), "computer catch-up"),
                           (self.tick, "reminder"), (self.maintain, "maintenance")):
            try:
                await step()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("%s iteration failed; the loop goes on", what)
        return True

    async def catch_up(self, *, everything: bool = False) -> int:
        """Play the computers' decisions owed in games no process is driving: all of them
        when this process just took the lease (a start, or a holder that died), else
        those unchanged for `computer_idle_s` (another process may be thinking about a
        fresher one; a decision thought twice is still applied once)."""
        now = self.bot.clock()
        if not everything and now < self._next_catch_up:
            return 0
        self._next_catch_up = now + self.catch_up_every_s
        return await self.bot.service.resume_computers(
            None if everything else self.computer_idle_s)

    async def post_owed(self) -> int:
        return await post_owed_turns(self.bot)

    async def maintain(self) -> int:
        """Once an hour: prune the processed interaction ids (the table grows by one row
        per command otherwise) and pack the games finished since (their log and snapshot
        in one compressed row, issue 37), then log a health line; returns how many ids
        went."""
        now = self.bot.clock()
        if now < self._next_prune:
            return 0
        self._next_prune = now + self.prune_every_s
        removed = await self.bot.service.prune_interactions()
        if removed:
            log.info("forgot %d processed interaction ids", removed)
        packed = await self.bot.service.pack_finished()  # finished games kept small
        if packed:
            log.info("packed %d finished games", packed)
        # The operator's hourly line (docs/operating.md): grep the log for "health ".
        log.info("health %s", (await self.bot.service.health()).line())
        return removed

    async def tick(self) -> int:
        """Send everything due at the bot's clock; returns how many went out."""
        service = self.bot.service
        sending = self.bot.sending_reminders
        sent = 0
        for reminder in await service.due_reminders(self.bot.clock()):
            if reminder.game_id in self.bot.live_posts or reminder.id in sending:
                # Its turn post is being made right now: the ping links to that post, so it
                # waits for the next tick rather than link to the bare channel.
                continue
            if not await self.lease.hold():
                break  # lost the lease (a pause past its expiry): the new holder goes on
            sending.add(reminder.id)
            try:
                if await self.deliver(reminder):
                    sent += 1
            except Exception:  # one broken reminder must not hold back the others
                log.exception("reminder %s of game %s failed; tried again later",
                              reminder.id, reminder.game_id)
                await self._set_aside(reminder)
            finally:
                sending.discard(reminder.id)
        return sent

    async def _set_aside(self, reminder: Reminder) -> None:
        # Left due, a failing reminder would stay first in line on every tick, and a
        # hundred of them fill the batch so no healthy one is ever sent.
        try:
            await self.bot.service.set_aside_reminder(reminder)
        except Exception:
            log.exception("reminder %s could not be set aside", reminder.id)

    async def deliver(self, reminder: Reminder) -> bool:
        """Send one due reminder and mark it sent (see the module docstring); True when
        this call sent and marked it."""
        service = self.bot.service
        if reminder.kind == "deadline":
            # The turn's time is up (or its player is away): the service plays it, and
            # the computer listeners post its turn card (cogs.pace, service.deadlines).
            await service.expire(reminder)
            return False
        game = (await service.view(reminder.game_id)).game
        if not await service.may_send_reminder(reminder):
            return False  # deferred (vacation, quiet hours) or a computer holds the seat
        lang = public_lang(game)
        link = board_link(game)
        nonce = reminder_nonce(reminder)
        if reminder.kind == "stalled":
            text = t("reminder.stalled", lang, game=game_name(game), player=reminder.user_id,
                     count=reminder.attempt)
            # The table may hand the stalled seat to a computer from here (cogs.computer);
            # the notice is remembered, so its button comes off when this stall ends.
            view = handover_view(game, reminder.user_id)
            posted = await self._to_channel(game, f"{text}\n{link}", nonce, view=view)
            await remember_notice(self.bot, game, reminder.user_id, posted, view)
            return await service.mark_reminder_sent(reminder)
        if reminder.user_id is None:  # the store gives every turn reminder its player
            raise ValueError(f"turn reminder {reminder.id} without a player")
        settings = await service.reminder_settings(reminder.user_id, game.id)
        if settings.delivery == "dm":
            # a direct message follows its reader: their language, not the table's
            reader = await service.reader_language(game, reminder.user_id)
            text = await self._turn_text(game, reminder.user_id, reader)
            try:
                dm = await self.bot.create_dm(discord.Object(int(reminder.user_id)))
                await dm.send(f"{text}\n{link}"[:2000], allowed_mentions=SAFE_MENTIONS,
                              nonce=nonce)
                return await service.mark_reminder_sent(reminder)
            except (discord.HTTPException, ValueError):
                log.info("DM to %s refused; reminding in the channel", reminder.user_id)
        text = await self._turn_text(game, reminder.user_id, lang)
        await self._to_channel(game, f"{text}\n{link}", nonce)
        return await service.mark_reminder_sent(reminder)

    async def _turn_text(self, game: Table, user: str, lang: str) -> str:
        """The ping and what happened since the player's last turn, in `lang`."""
        text = t("reminder.turn", lang, player=user, game=game_name(game))
        with contextlib.suppress(Exception):  # the digest is a courtesy: the ping goes out
            text += "\n" + "\n".join(await self.bot.service.since_last_turn(game.id, user, lang))
        return text

    async def _to_channel(self, game: Table, text: str, nonce: str,
                          view: discord.ui.View | None = None) -> discord.Message:
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        return await home_channel(self.bot, game).send(
            text[:2000], allowed_mentions=SAFE_MENTIONS, nonce=nonce, **extra)


def reminder_nonce(reminder: Reminder) -> str:
    """Names the message of one reminder: a repeat of its send is the same message. The
    row's creation time is part of it because SQLite may give a deleted row's id to a
    later reminder, which must not be taken for the earlier one's repeat."""
    stamp = int(reminder.created_at * 1000) % 10**9
    return f"remind-{reminder.id}.{stamp}"[:25]  # Discord allows 25 characters


def minutes(text: str | None, name: str = "quiet_start") -> int | None:
    if text is None:
        return None
    match = _HHMM.match(text.strip())
    if match is None:
        raise CogError("bad_option", name=name, value=text[:20], expected=Phrase("expect.clock"))
    return int(match[1]) * 60 + int(match[2])


@cache
def zone_names() -> tuple[str, ...]:
    return tuple(sorted(zoneinfo.available_timezones()))


def describe(settings: ReminderSettings, lang: str = "en") -> str:
    """The reminder settings in `lang` as phrases a player reads ("first after 1 hour,
    then every 24 hours, at most 3 repeats"), every word from the catalogue."""
    none = translate("remind.none", lang)
    quiet = none
    if settings.quiet_start is not None and settings.quiet_end is not None:
        quiet = (f"{settings.quiet_start // 60:02d}:{settings.quiet_start % 60:02d}–"
                 f"{settings.quiet_end // 60:02d}:{settings.quiet_end % 60:02d}")
    vacation = (translate("remind.on_vacation", lang, date=f"<t:{int(settings.vacation_until)}:D>")
                if settings.vacation_until else translate("remind.no_vacation", lang))
    parts = (translate(f"remind.delivery.{settings.delivery}", lang),
             translate("remind.first_after", lang, count=settings.delay_s // 3600),
             translate("remind.every", lang, count=settings.repeat_s // 3600),
             translate("remind.at_most", lang, count=settings.max_repeats),
             translate("setting.item", lang, name=translate("remind.quiet", lang), value=quiet),
             translate("setting.item", lang, name=translate("remind.zone", lang),
                       value=settings.time_zone),
             vacation)
    return translate("word.separator", lang).join(parts)


@app_commands.guild_only()
class Reminders(WidgetCog):
    """Posts no buttons."""

    @app_commands.command(name="remind", description="How and when the bot reminds you")
    @app_commands.describe(
        delivery="A mention in the game's channel, or a direct message",
        delay_hours="Hours after your turn begins before the first reminder",
        repeat_hours="Hours between reminders", max_repeats="How many repeats at most",
        quiet_start="Start of your quiet hours, HH:MM", quiet_end="End of quiet hours, HH:MM",
        time_zone="Your time zone, e.g. Europe/Berlin",
        vacation_days="No reminders for this many days (0 ends a vacation)",
        this_game="Only for the game of this channel (default: all your games)")
    @app_commands.choices(delivery=[app_commands.Choice(name="channel", value="channel"),
                                    app_commands.Choice(name="dm", value="dm")])
    async def remind(self, interaction: Interaction, delivery: str | None = None,
                     delay_hours: app_commands.Range[int, 0, MAX_WAIT_HOURS] | None = None,
                     repeat_hours: app_commands.Range[int, 1, MAX_WAIT_HOURS] | None = None,
                     max_repeats: app_commands.Range[int, 0, MAX_REPEATS] | None = None,
                     quiet_start: str | None = None, quiet_end: str | None = None,
                     time_zone: str | None = None,
                     vacation_days: app_commands.Range[int, 0, MAX_VACATION_DAYS] | None = None,
                     this_game: bool = False) -> None:
        await begin(interaction)
        service = service_of(interaction)
        game_id = None
        if this_game:
            game = await service.game_here(place_of(interaction), user_id(interaction))
            game_id = game.id
            note(interaction, game)
        lang = interaction.extras.get("lang") or note(interaction)
        current = await service.reminder_settings(user_id(interaction), game_id)
        changes: dict[str, Any] = {}
        if delivery in ("channel", "dm"):
            changes["delivery"] = delivery
        if delay_hours is not None:
            changes["delay_s"] = delay_hours * 3600
        if repeat_hours is not None:
            changes["repeat_s"] = repeat_hours * 3600
        if max_repeats is not None:
            changes["max_repeats"] = max_repeats
        if (quiet_start is None) != (quiet_end is None):
            raise CogError("remind.quiet_pair")
        if quiet_start is not None:
            changes["quiet_start"] = minutes(quiet_start, "quiet_start")
            changes["quiet_end"] = minutes(quiet_end, "quiet_end")
        if time_zone is not None:
            changes["time_zone"] = time_zone[:64]
        if vacation_days is not None:
            changes["vacation_until"] = (self.bot.clock() + vacation_days * 86400
                                         if vacation_days else None)
        if changes:
            current = await service.set_reminder_settings(
                dataclasses.replace(current, game_id=game_id, **changes))
        where = game_name(game) if game_id is not None else t("remind.scope_all", lang)
        # The whole text is the catalogue's and a checked zone name: not cut at a
        # parameter's 200 characters, as it was ("<t:17…" in German and French).
        await reply(interaction, t("discord.remind_settings", lang, scope=Safe(where),
                                   settings=Safe(describe(current, lang))))

    @remind.autocomplete("time_zone")
    async def zones(self, interaction: Interaction,
                    current: str) -> list[app_commands.Choice[str]]:
        typed = current.lower()[:64]
        found = [z for z in zone_names() if typed in z.lower()]
        found.sort(key=lambda z: (not z.lower().startswith(typed), z))
        return [app_commands.Choice(name=z, value=z) for z in found[:25]]


async def setup(bot: AutobahnBot) -> None:
    await bot.add_cog(Reminders(bot))
