-- 006: one open game per channel or thread, as a constraint of the database: two
-- processes creating a game in one place at once could both pass a check made by the
-- service. A game created under the rule (`one_per_place`, Discord's /game new) is in a
-- unique index of its place (its thread, else its channel) while it is open; ending it
-- takes it out of the index. Games left from before the rule are marked only where they
-- are the one open game of their place: two open in one place stay unmarked and keep
-- working (the service still refuses a third there, naming one of them).

ALTER TABLE games ADD COLUMN one_per_place INTEGER NOT NULL DEFAULT 0
    CHECK (one_per_place IN (0, 1));

UPDATE games SET one_per_place = 1
WHERE status IN ('lobby', 'running') AND guild_id IS NOT NULL AND guild_id <> 0
  AND coalesce(thread_id, channel_id) IS NOT NULL
  AND (SELECT count(*) FROM games AS other
       WHERE other.status IN ('lobby', 'running')
         AND coalesce(other.thread_id, other.channel_id)
             = coalesce(games.thread_id, games.channel_id)) = 1;

CREATE UNIQUE INDEX games_one_open_per_place ON games (coalesce(thread_id, channel_id))
    WHERE one_per_place = 1 AND status IN ('lobby', 'running');
