"""The lobby: open a game, take and leave seats, deal it, change its settings.

A place holds one open game at a time: `create_game(exclusive=True)` (Discord) is
refused with GameHere where one is open (see `Places.lock`)."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import rules
from locales import Phrase
from store import GameEdit, NewSeat, PlaceTakenError

from .editions import Editions
from .errors import (
    BadOption,
    BadValue,
    GameFull,
    GameHere,
    NotEnoughPlayers,
    SeatTaken,
    SoloNeedsLevel,
)
from .game_settings import checked_language, create_settings, setting
from .places import Places
from .progress import initial_state, solo_level
from .repository import GameRepository
from .results import StartResult, Table
from .seat_settings import checked_level, computer_name
from .validation import (
    display_name,
    flag,
    integer,
    is_int,
    mapping,
    optional_language,
    player_id,
    shown,
)
from .validation import place as checked_place

_log = logging.getLogger("autobahn.service")

SEED_MAX = 2**63 - 1


class Lobby:
    def __init__(self, repo: GameRepository, places: Places,
                 editions: Editions | None = None) -> None:
        self.repo = repo
        self.places = places
        self.editions = editions or Editions()

    async def create_game(self, place: Any, host_id: str, host_name: str, *, seats: int = 3,
                          seed: int | None = None, language: str = "en",
                          settings: Mapping[str, Any] | None = None,
                          solo_level: int | None = None,
                          players: Sequence[tuple[str, str]] = (),
                          exclusive: bool = False, bots: int = 0,
                          bot_level: str | None = None, edition: str | None = None) -> Table:
        """A new game in `place` (a `Place`) with the host in seat 0 and `players`
        ((user id, name) pairs) in the next seats, all in one transaction: a refused seat
        creates no game. With `solo_level`, the host alone plays against the Autobot at
        that level (SOLO.md). `exclusive` (Discord): refused with GameHere while a game is
        open at `place`. `edition` names one the server offers (service.editions; None:
        the classic); the game keeps that file's hash."""
        chosen = self.editions.named(edition)
        checked_place(place)
        player_id(host_id, "host")
        display_name(host_name)
        solo: dict[str, Any] = {}
        if solo_level is not None:
            levels = chosen.solo.levels if chosen.solo is not None else {}
            if not is_int(solo_level) or solo_level not in levels:
                raise BadOption(name="level", value=shown(solo_level),
                                expected=f"{min(levels, default=1)}-{max(levels, default=1)}")
            seats, solo = 1, {"solo_level": solo_level}
        elif seats == 1 and chosen.solo is not None and chosen.solo.levels:
            # One seat is a solo game, whose difficulty the player must choose.
            raise SoloNeedsLevel(low=min(chosen.solo.levels), high=max(chosen.solo.levels))
        elif not (is_int(seats) and chosen.players_min <= seats <= chosen.players_max):
            raise BadOption(name="players", value=shown(seats),
                            expected=f"{chosen.players_min}-{chosen.players_max}")
        if isinstance(players, str | bytes) or not isinstance(players, Sequence) or not all(
                isinstance(p, tuple | list) and len(p) == 2 for p in players):
            raise BadOption(name="names", value=shown(players), expected=Phrase("expect.names"))
        if len(players) + 1 > seats:
            raise BadOption(name="names", value=",".join([host_name, *(n for _, n in players)]),
                            expected=Phrase("expect.names"))
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
        flag(exclusive, "exclusive")
        async with self.places.lock(place, exclusive):
            try:
                with self.repo.translated(0, host_id):
                    return Table.of(await self.repo.store.create_game(
                        host_id=host_id, host_name=host_name, edition=chosen.name,
                        edition_hash=chosen.hash, seed=seed, guild_id=place.guild_id,
                        channel_id=place.channel_id, thread_id=place.thread_id,
                        language=language, settings=options, players=players,
                        one_per_place=exclusive))
            except PlaceTakenError:
                # Another process opened a game here between the check and the write.
                open_here = await self.places.games_here(place)
                raise GameHere(game=open_here[0].id if open_here else "?") from None

    async def join(self, game_id: int, user_id: str, name: str,
                   language: str | None = None) -> Table:
        """Take the next seat of the lobby; the seat count is read under the game's lock,
        so a join racing `/game settings seats:` never seats more than it allows."""
        player_id(user_id)
        display_name(name)
        language = optional_language(language)
        await self.repo.game(game_id)

        def decide(game: Table) -> GameEdit:
            seats = int(game.settings.get("seats", 4))
            if game.status == "lobby" and user_id not in game.player_ids \
                    and len(game.players) >= seats:
                raise GameFull(game=game_id, count=seats)
            return GameEdit(seats=(NewSeat(user_id, name, language),))

        try:
            return await self.repo.edit(game_id, decide, user_id)
        except BadValue:
            raise BadOption(name="name", value=name, expected=Phrase("expect.text")) from None

    async def leave(self, game_id: int, user_id: str) -> Table:
        await self.repo.game(game_id)
        player_id(user_id)
        with self.repo.translated(game_id, user_id):
            return Table.of(await self.repo.store.remove_player(game_id, user_id))

    async def start(self, game_id: int, by_user: str) -> StartResult:
        """Deal the game: seats in join order, the start player drawn by the seeded RNG."""
        game = await self.repo.game(game_id)
        player_id(by_user)
        self.repo.require_host(game, by_user)
        if game.status != "lobby":
            self.repo.require_running(game)  # raises the right status error
        edition = rules.edition_by_hash(game.edition_hash)
        level = solo_level(game.settings)
        low = 1 if level is not None else edition.players_min
        if len(game.players) < low:
            raise NotEnoughPlayers(game=game_id, count=len(game.players), low=low)
        state = initial_state(game.edition_hash, game.player_ids, game.seed, level)
        first = rules.current_player(state)
        assert first is not None
        with self.repo.translated(game_id):
            started = Table.of(await self.repo.store.start_game(
                game_id, expected_version=game.version, snapshot_json=state.to_json(),
                current_player=first, by_user=by_user, turn_post=True))
        self.repo.remember(game_id, started.version, state)
        self.repo.turn_starts.remember(game_id, 0, started.version, state)
        try:  # committed already: a reminder that cannot be planned must not undo the start
            with self.repo.translated(game_id):
                await self.repo.schedule(started, first)
        except Exception:
            _log.exception("could not plan the first reminder of game %s", game_id)
        board = await self.repo.board_after_commit(game_id, state, game.language, game=started)
        for hook in self.repo.committed:
            hook(started, first)
        return StartResult(started, first, self.repo.decision_kind(state) or "", board, state,
                           tuple(state.order))

    # -- settings and the end -----------------------------------------------------------------

    async def update_settings(self, game_id: int, by_user: str,
                              changes: Mapping[str, str]) -> Table:
        """Change game settings (host only): seats (lobby), language, reminders on/off.
        Checked and written under the game's lock (`GameRepository.edit`)."""
        game = await self.repo.game(game_id)
        player_id(by_user)
        changes = mapping(changes, "settings")
        if not changes:
            return game

        def decide(current: Table) -> GameEdit:
            self.repo.require_host(current, by_user)
            settings = dict(current.settings)
            for key, raw in changes.items():
                settings[key] = setting(current, key, raw)
            return GameEdit(settings=settings)

        return await self.repo.edit(game_id, decide)

    async def set_player_language(self, game_id: int, user_id: str,
                                  lang: str | None) -> Table:
        """A seated player's language for what the game tells them personally (None: the
        game's language). Anyone seated may change their own; it changes no board.
        Raises UnknownGame, NotAPlayer, BadOption (not a supported language)."""
        from locales import SUPPORTED

        if lang is not None and (not isinstance(lang, str) or lang not in SUPPORTED):
            raise BadOption(name="language", value=shown(lang),
                            expected=", ".join(SUPPORTED))
        game = await self.repo.game(game_id)
        player_id(user_id)
        self.repo.require_member(game, user_id)
        with self.repo.translated(game_id, user_id):
            return Table.of(await self.repo.store.set_player_language(game_id, user_id, lang))

