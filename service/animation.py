"""The whole game as an animated image (`/replay`): the log replayed once, drawn off-loop.

The worker receives the game record (edition, players, seed, log), not the states: a
record is a few kilobytes where hundreds of states would be megabytes to send across the
process boundary, and replaying it is cheap next to drawing the frames.
"""

from __future__ import annotations

from .core import ServiceCore


class AnimationMixin(ServiceCore):
    async def replay_animation(self, game_id: int, lang: str = "en") -> bytes:
        """An animated GIF of the map after every turn of the game so far."""
        game = await self._game(game_id)
        if game.status == "lobby":
            self._require_running(game)
        with self._translated(game_id):
            log = await self.store.read_log(game_id)
        actions = tuple((a.player_id, a.notation) for a in log)
        return await self.boards.animate(game.edition_hash, tuple(game.player_ids), game.seed,
                                         actions, lang, self.names(game))
