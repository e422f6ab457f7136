"""The whole game as an animated image (`/replay`): the log replayed once, drawn off-loop.

The worker receives the game record (edition, players, seed, log), not the states: a
record is a few kilobytes where hundreds of states would be megabytes to send across the
process boundary, and replaying it is cheap next to drawing the frames.

A replay draws a frame per turn (seconds of CPU), so each user may ask for a few per
window and for one at a time; replays run in a worker of their own (service.render_pool), so
they never delay a turn board.
"""

from __future__ import annotations

from collections import deque

from .errors import ReplayLimited
from .progress import solo_level
from .repository import GameRepository
from .validation import game_id as checked_game_id
from .validation import language, player_id

REPLAYS_PER_WINDOW = 3
REPLAY_WINDOW_S = 600.0


class Animation:
    def __init__(self, repo: GameRepository) -> None:
        self.repo = repo

    _replays_by_user: dict[str, deque[float]]
    _replaying: set[str]

    async def replay_animation(self, game_id: int, lang: str = "en",
                               user_id: str | None = None) -> bytes:
        """An animated GIF of the map after every turn of the game so far. With `user_id`,
        refused (ReplayLimited) while that user's previous replay is still being drawn or
        after REPLAYS_PER_WINDOW of them within REPLAY_WINDOW_S."""
        checked_game_id(game_id)
        language(lang)
        if user_id is not None:
            player_id(user_id)
        game = await self.repo.game(game_id)
        if game.status == "lobby":
            self.repo.require_running(game)
        if user_id is not None:
            self._take_replay(user_id)
        try:
            with self.repo.translated(game_id):
                log = await self.repo.store.read_log(game_id)
            actions = tuple((a.player_id, a.notation) for a in log)
            return await self.repo.boards.animate(game.edition_hash, tuple(game.player_ids),
                                                  game.seed, actions, lang,
                                                  solo_level(game.settings),
                                                  self.repo.names(game, lang))
        finally:
            if user_id is not None:
                self._replaying.discard(user_id)

    def _take_replay(self, user_id: str) -> None:
        if not hasattr(self, "_replays_by_user"):
            self._replays_by_user, self._replaying = {}, set()
        now = self.repo.clock()
        if user_id in self._replaying:
            raise ReplayLimited(seconds=1)
        recent = self._replays_by_user.setdefault(user_id, deque())
        while recent and recent[0] <= now - REPLAY_WINDOW_S:
            recent.popleft()
        if len(recent) >= REPLAYS_PER_WINDOW:
            raise ReplayLimited(seconds=max(1, round(recent[0] + REPLAY_WINDOW_S - now)))
        recent.append(now)
        self._replaying.add(user_id)
        if len(self._replays_by_user) > 10_000:  # forget users whose window has passed
            for uid in [u for u, q in self._replays_by_user.items()
                        if not q or q[-1] <= now - REPLAY_WINDOW_S]:
                del self._replays_by_user[uid]
