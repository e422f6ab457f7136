"""Table records in and out: export a game, and import a record as a new game (its whole
log replayed once, then the game, its seats, its start and its log stored in one
transaction: `GameStore.import_game`)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import rules

from .game_settings import checked_language
from .progress import solo_level
from .records import check_record, make_record
from .repository import GameRepository
from .results import Table
from .sealing import KEY_NAME, seal_seed, unseal_seed
from .seat_history import computer_marks
from .validation import (
    parse_record,
    player_id,
)
from .validation import place as checked_place

_log = logging.getLogger("autobahn.service")


class Archive:
    def __init__(self, repo: GameRepository) -> None:
        self.repo = repo

    # -- records ----------------------------------------------------------------------------

    async def export(self, game_id: int) -> dict[str, Any]:
        """The game record: edition, seed, players, names and the notation log."""
        game = await self.repo.game(game_id)
        if game.status == "lobby":
            self.repo.require_running(game)
        with self.repo.translated(game_id):
            log = await self.repo.store.read_log(game_id)
            events = await self.repo.store.list_events(game_id)
        # Until the game ends its seed (the deals and draws to come) is sealed.
        sealed = None if game.status in ("finished", "abandoned") else seal_seed(
            await self._seal_key(), game.seed, game.edition_hash, game.player_ids)
        record = make_record(edition=game.edition, edition_hash=game.edition_hash,
                             seed=game.seed, sealed_seed=sealed, players=game.player_ids,
                             names=self.repo.names(game),
                             actions=[(a.player_id, a.notation) for a in log],
                             final=await self.repo.state(game),
                             solo_level=solo_level(game.settings))
        return {**record, **computer_marks(game.settings, events)}

    async def import_record(self, place: Any, host_id: str, record: Any,
                            language: str = "en") -> Table:
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
        key = await self._seal_key() if isinstance(record, Mapping) and \
            "sealed_seed" in record else b""
        checked = check_record(record, lambda token, edition_hash, players: unseal_seed(
            key, token, edition_hash, players))
        names = checked.names
        with self.repo.translated(0, host_id):
            return await self._store_record(place, host_id, checked, names, language)

    async def _seal_key(self) -> bytes:
        with self.repo.translated(0):
            return bytes.fromhex(await self.repo.store.secret(KEY_NAME))

    async def _store_record(self, place: Any, host_id: str, checked: Any,
                            names: Mapping[str, str], language: str) -> Table:
        state = checked.final
        game = Table.of(await self.repo.store.import_game(
            host_id=host_id, edition=checked.edition, edition_hash=checked.edition_hash,
            seed=checked.seed, guild_id=place.guild_id, channel_id=place.channel_id,
            thread_id=place.thread_id, language=language,
            settings={"seats": len(checked.players), "reminders": True, "imported": True,
                      **({"solo_level": checked.solo_level}
                         if checked.solo_level is not None else {})},
            players=[(pid, names.get(pid, pid)) for pid in checked.players],
            initial_snapshot=checked.initial.to_json(),
            first_player=rules.current_player(checked.initial), actions=checked.actions,
            final_snapshot=state.to_json(), next_player=rules.current_player(state),
            finished=rules.is_over(state)))
        self.repo.remember(game.id, game.version, state)
        return game
