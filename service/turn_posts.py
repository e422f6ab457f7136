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
from store import StoreValueError

from .errors import BadOption
from .progress import changes, standings
from .repository import GameRepository
from .results import Change, Table, TurnPost, tables
from .stories import Stories
from .validation import game_id as checked_game_id
from .validation import instance_of, integer, optional_language, seconds, shown

CLAIM_LEASE_S = 120.0  # longer than one send with discord.py's retries (5xx, a 429 sleep)


class TurnPosts:
    def __init__(self, repo: GameRepository) -> None:
        self.repo = repo
        self.stories = Stories(repo)

    async def unposted_turns(self, guild_ids: Collection[int] | None = None) -> list[Table]:
        """Games (of these guilds) that owe a turn post no one is making now; oldest first."""
        if guild_ids is not None:
            if isinstance(guild_ids, str | bytes) or not isinstance(guild_ids, Collection):
                raise BadOption(name="guilds", value=shown(guild_ids),
                                expected=Phrase("expect.number"))
            for guild in guild_ids:
                integer(guild, "guild")
        return tables(await self.repo.store.unposted_games(guild_ids))

    async def claim_turn_post(self, game: Table, lease_s: float = CLAIM_LEASE_S) -> bool:
        """Take the post `game` owes for `lease_s` seconds: True for exactly one of several
        callers (two bots starting at once post once). A claim that is never recorded
        lapses, and the post is owed again: a crashed or failed post is retried then."""
        instance_of(game, Table, "game")
        seconds(lease_s, "lease")
        if not game.owes_turn_post or game.turn_version is None:
            return False
        with self.repo.translated(game.id):
            return await self.repo.store.claim_turn_post(game.id, game.turn_version, lease_s)

    async def turn_post(self, game_id: int, lang: str | None = None) -> TurnPost:
        """The turn message of the game as it is now: its latest action and what that
        changed, who decides next (or the final scores), and the board. Raises
        UnknownGame, GameNotStarted."""
        checked_game_id(game_id)
        optional_language(lang)
        game = await self.repo.game(game_id)
        if game.status == "lobby":
            self.repo.require_running(game)
        state = await self.repo.state(game)
        last = None
        if game.action_count:
            with self.repo.translated(game_id):
                found = await self.repo.store.read_log(game_id, game.action_count, limit=1)
            last = found[0] if found else None
        changed: tuple[Change, ...] = ()
        if last is not None:  # one replay, only when a post was lost
            changed = changes(await self.repo.state_at(game, game.action_count - 1), state)
        over = rules.is_over(state)
        board = await self.repo.render(state, self.repo.turn_view, lang or game.language,
                                       game=game, urgent=True)
        story = await self.stories.turn_story(game_id, lang or game.language) if last else ()
        return TurnPost(
            game, game.version, last.player_id if last else None,
            last.notation if last else None, changed, rules.current_player(state),
            self.repo.decision_kind(state), board, over, standings(state) if over else None,
            tuple(rules.winners(state)) if over else (), story, tuple(state.order))

    async def record_turn_post(self, game_id: int, version: int, channel_id: int,
                               message_id: int) -> bool:
        """A turn post showing the game at `version` went out as this message: it pays
        what the game owed up to `version` and becomes the board post reminders link to
        (`Table.board_channel_id`, `Table.board_message_id`). An older post never replaces
        a newer one; returns whether this one is now stored. Raises UnknownGame,
        BadOption (bad ids)."""
        checked_game_id(game_id)
        integer(version, "version")
        integer(channel_id, "channel", 1)
        integer(message_id, "message", 1)
        with self.repo.translated(game_id):
            try:
                return await self.repo.store.record_turn_post(game_id, version, channel_id,
                                                         message_id)
            except StoreValueError:
                raise BadOption(name="message", value=str(message_id)[:30],
                                expected=Phrase("expect.message_id")) from None
