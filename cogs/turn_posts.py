"""Turn messages the games still owe: posted once the bot is connected, and re-checked by
the reminder loop.

A turn-ending move commits "this version owes its public turn message" with the move
(service.turn_posts); the live post pays it. When the bot was killed between the commit
and the post, or Discord failed the send past discord.py's retries, the game still owes
it, and this posts the game as it is now — summary, board, mention and buttons — and
records it with the version it shows.

Exactly once: each owed post is first claimed in the store (a lease: of two bots starting
at once only one gets it), then sent with a nonce naming the game and version (a send
whose record a crash lost is answered by Discord with the first message, not a second),
then recorded. A claim whose post failed lapses after its lease and is tried again: a
back-off, not a loop hammering a channel that refuses us. Games with a live post under
way in this process are left to it (`AutobahnBot.live_posts`). Only the process holding
the reminders lease runs this check (cogs.reminders); with several processes it also
posts what the other shards' games owe (`owed_here`).

Why after READY and not in `setup_hook`: posting needs the guild list (a game of a server
the bot has left is not ours to post, and the console's games have no server), and
`setup_hook` runs before the gateway delivers it; it also must not hold up connecting.
The reminder loop already starts in `setup_hook` and waits for READY, and `on_ready`
fires again on every reconnect, so the loop's first iteration is the start-up check.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from cogs.context import public_lang
from cogs.posting import announce, of_turn_post
from service import Table

if TYPE_CHECKING:
    from cogs.client import AutobahnBot

log = logging.getLogger("autobahn.discord.posts")
OTHER_SHARD_GRACE_S = 10.0


async def post_owed_turns(bot: AutobahnBot) -> int:
    """Post every turn message owed in the bot's guilds; returns how many went out."""
    service = bot.service
    posted = 0
    for game in await owed_here(bot):
        if game.id in bot.live_posts:
            continue  # a command of this process is posting it right now
        try:
            if not await service.claim_turn_post(game):
                continue  # another bot has it, or it was paid meanwhile
            if await post_turn(bot, game):
                posted += 1
        except Exception:  # one game's failure must not hold back the others
            log.exception("could not post the owed turn of game %s", game.id)
    if posted:
        log.info("posted %d owed turn message(s)", posted)
    return posted


async def owed_here(bot: AutobahnBot) -> list[Table]:
    """The owed posts this process makes. Connecting every shard, those of the guilds it
    is in. Connecting some (several processes, one lease holder), also those of the other
    shards' guilds, which it cannot see but reaches by REST: a process that died owes
    them. Those wait `OTHER_SHARD_GRACE_S` after their move, the time the live post of the
    process that made the move takes; if both still send, the post's nonce makes it one
    message."""
    cached = {g.id for g in bot.guilds if not g.unavailable}
    shards = bot.settings.shards
    if shards.all_shards:
        return await bot.service.unposted_turns(cached) if cached else []
    settled = bot.clock() - OTHER_SHARD_GRACE_S
    return [game for game in await bot.service.unposted_turns(None)
            if game.guild_id and (game.guild_id in cached or (
                not shards.owns(game.guild_id) and game.updated_at <= settled))]


async def post_turn(bot: AutobahnBot, game: Table) -> bool:
    """The game's turn message as it is now; True once posted and recorded."""
    post = await bot.service.turn_post(game.id, public_lang(game))
    return await announce(bot, game.id, of_turn_post(post)) is not None
