"""The turn post a game owes: which games lost theirs, claiming one, what it shows, and
recording it (migration 004).

A move that ends a turn (and a start or an undo) commits "a post of this version is owed"
with the move itself. The adapter posts and then records the post with the version it
shows; until then the game owes it, so a crash between the commit and the post, or a send
that Discord failed past its retries, is made good at the next start or periodic check.
Adapters that post nothing (the console) simply never ask.
"""

from __future__ import annotations

from collections.abc import Collection

import rules
from locales import Phrase
from store import Game, StoreValueError

from .errors import BadOption
from .replay import changes
from .results import TurnPost
from .stories import StoryMixin

CLAIM_LEASE_S = 120.0  # longer than one send with discord.py's retries (5xx, a 429 sleep)


class TurnPostsMixin(StoryMixin):
    async def unposted_turns(self, guild_ids: Collection[int] | None = None) -> list[Game]:
        """Games (of these guilds) that owe a turn post no one is making now; oldest first."""
        return await self.store.unposted_games(guild_ids)

    async def claim_turn_post(self, game: Game, lease_s: float = CLAIM_LEASE_S) -> bool:
        """Take the post `game` owes for `lease_s` seconds: True for exactly one of several
        callers (two bots starting at once post once). A claim that is never recorded
        lapses, and the post is owed again: a crashed or failed post is retried then."""
        if not game.owes_turn_post or game.turn_version is None:
            return False
        with self._translated(game.id):
            return await self.store.claim_turn_post(game.id, game.turn_version, lease_s)

    async def turn_post(self, game_id: int, lang: str | None = None) -> TurnPost:
        """The turn message of the game as it is now: its latest action and what that
        changed, who decides next (or the final scores), and the board. Raises
        UnknownGame, GameNotStarted."""
        game = await self._game(game_id)
        if game.status == "lobby":
            self._require_running(game)
        state = await self._state(game)
        last = None
        if game.action_count:
            with self._translated(game_id):
                found = await self.store.read_log(game_id, game.action_count, limit=1)
            last = found[0] if found else None
        changed = ()
        if last is not None:  # one replay, only when a post was lost
            changed = changes(await self._state_at(game, game.action_count - 1), state)
        over = rules.is_over(state)
        board = await self.render(state, "full", lang or game.language)
        story = await self.turn_story(game_id, lang or game.language) if last else ()
        return TurnPost(
            game, game.version, last.player_id if last else None,
            last.notation if last else None, changed, rules.current_player(state),
            self.decision_kind(state), board, over, rules.scores(state) if over else None,
            tuple(rules.winners(state)) if over else (), story)

    async def record_turn_post(self, game_id: int, version: int, channel_id: int,
                               message_id: int) -> bool:
        """A turn post showing the game at `version` went out as this message: it pays
        what the game owed up to `version` and becomes the board post reminders link to
        (`Game.board_channel_id`, `Game.board_message_id`). An older post never replaces
        a newer one; returns whether this one is now stored. Raises UnknownGame,
        BadOption (bad ids)."""
        with self._translated(game_id):
            try:
                return await self.store.record_turn_post(game_id, version, channel_id,
                                                         message_id)
            except StoreValueError:
                raise BadOption(name="message", value=str(message_id)[:30],
                                expected=Phrase("expect.message_id")) from None
