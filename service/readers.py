"""Whose language a message is in when no command asks for it (issue 31, item 4): a
reminder by direct message follows its reader, not the game.

The reader's language is their own setting for the game (`/game join language:`), else
their Discord client's as last seen (each command notes it, stored per user so every
process and a restart know it), else the game's public language."""

from __future__ import annotations

from .game_settings import checked_language
from .repository import GameRepository
from .results import Table
from .validation import instance_of, player_id

SEEN_KEPT = 10_000  # the users whose noted language a process remembers, not re-writing it


class Readers:
    def __init__(self, repo: GameRepository) -> None:
        self.repo = repo
        self._noted: dict[str, str] = {}  # written already: a command is not a write each

    async def note_language(self, user_id: str, lang: str) -> None:
        """`user_id`'s client shows `lang` now (a language the bot speaks)."""
        player_id(user_id)
        lang = checked_language(lang)
        if self._noted.get(user_id) == lang:
            return
        await self.repo.store.set_user_language(user_id, lang)
        if len(self._noted) >= SEEN_KEPT:
            self._noted.clear()
        self._noted[user_id] = lang

    async def reader_language(self, game: Table, user_id: str) -> str:
        """The language to write to `user_id` about `game` outside any command."""
        instance_of(game, Table, "game")
        player_id(user_id)
        own = next((p.language for p in game.players if p.user_id == user_id), None)
        if own:
            return checked_language(own)
        seen = await self.repo.store.user_language(user_id)
        if seen:
            return checked_language(seen)
        return checked_language(game.settings.get("language") or game.language)
